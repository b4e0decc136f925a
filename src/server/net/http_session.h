// One HTTP connection (Beast): reads requests with a size limit and a timeout, enforces the
// limits per client address that apply to a request (connections at once, /api/ requests a
// second), answers them through the HttpApi, and hands a WebSocket upgrade on /ws to a
// WebsocketSession.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "server/api/http_types.h"
#include "server/net/server_context.h"

namespace pg {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  /// `address_slot`: the count of the connection for its client address, when the peer is not
  /// a trusted proxy (else it is taken at the first request, from the proxy's headers).
  HttpSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> ctx,
              ConnectionSlot slot, std::optional<AddressSlot> address_slot);
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
  /// Counts this connection for `key` (a request through a proxy may come from another client
  /// than the one before on the same connection); false when that address holds its ceiling.
  bool countFor(const std::string& key);
  void onWrite(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void close();

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> res_;
  std::shared_ptr<ServerContext> ctx_;
  std::optional<ConnectionSlot> slot_;
  std::optional<AddressSlot> address_slot_;
  std::string remote_;
  std::string peer_;  // the TCP peer's address alone
};

}  // namespace pg
