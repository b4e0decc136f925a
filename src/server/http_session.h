// One HTTP connection (Beast): reads requests with a size limit and a timeout, answers them
// through the HttpApi, and hands a WebSocket upgrade on /ws to a WebsocketSession.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "server/http_types.h"
#include "server/server_context.h"

namespace pg {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> ctx,
              ConnectionSlot slot);
  void run();

 private:
  void doRead();
  void onRead(boost::beast::error_code ec, std::size_t bytes);
  /// What the answer to a request needs of it, kept while the request is answered.
  struct Answering {
    std::string method;
    std::string path;
    std::chrono::steady_clock::time_point start;
    unsigned version = 11;
    bool keep_alive = false;
    bool head = false;
  };
  void respond(const Answering& a, HttpReply out);
  void reply(boost::beast::http::response<boost::beast::http::string_body>&& res);
  void onWrite(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void close();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> res_;
  std::shared_ptr<ServerContext> ctx_;
  std::optional<ConnectionSlot> slot_;
  std::string remote_;
  std::string peer_;  // the TCP peer's address alone
};

}  // namespace pg
