// A connection past the node's connection limit, or past its client address's: reads its one
// request, briefly, and answers 503 `server-busy` (or 429 `rate-limited`) with Retry-After (to a
// WebSocket upgrade too, before any upgrade), then closes. It holds no ConnectionSlot; it counts
// in ServerContext::refusing while it lives.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/net/server_context.h"

namespace pg {

class BusySession : public std::enable_shared_from_this<BusySession> {
 public:
  /// Seconds a refused client is told to wait (Retry-After).
  static constexpr int kRetryAfterSeconds = 5;

  /// Why the connection is refused.
  enum class Why { NodeFull, AddressFull };

  BusySession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> ctx,
              Why why = Why::NodeFull);
  ~BusySession();
  BusySession(const BusySession&) = delete;
  BusySession& operator=(const BusySession&) = delete;
  void run();

 private:
  void onRead(boost::beast::error_code ec, std::size_t bytes);
  void onWrite(boost::beast::error_code ec, std::size_t bytes);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  boost::beast::http::request_parser<boost::beast::http::string_body> parser_;
  std::optional<boost::beast::http::response<boost::beast::http::string_body>> res_;
  std::shared_ptr<ServerContext> ctx_;
  Why why_;
};

}  // namespace pg
