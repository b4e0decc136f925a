// One WebSocket connection (Beast). It knows nothing of Go: it enforces the limits (frame size,
// message rate, join deadline, idle timeout, output queue), parses each frame as JSON, answers
// pings, hands a join to the table named in it and every other command to the table it joined.
// Writes go through a queue with one write in flight.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <string>

#include "protocol/errors.h"
#include "server/net/server_context.h"
#include "server/node/rate_limiter.h"
#include "server/table/peer.h"

namespace pg {

class Table;

class WebsocketSession : public Peer, public std::enable_shared_from_this<WebsocketSession> {
 public:
  /// `table`: the table named in the URL (/ws?table=<id>); a join must name the same one.
  /// `address_slot` counts the connection for its client address (whose key it holds).
  WebsocketSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> ctx,
                   ConnectionSlot slot, AddressSlot address_slot, std::string remote,
                   std::string table);
  ~WebsocketSession() override;

  /// Accepts the upgrade request and starts reading.
  void run(boost::beast::http::request<boost::beast::http::string_body> req);

  void send(std::shared_ptr<const std::string> frame) override;
  void joined() override;
  void close() override;
  const std::string& label() const override { return remote_; }
  const std::string& address() const override { return address_slot_.address(); }

 private:
  void onAccept(boost::beast::error_code ec);
  void doRead();
  void onRead(boost::beast::error_code ec, std::size_t bytes);
  /// Routes one frame; true when the frame is a join whose table is being looked up off this
  /// thread: the next read waits for it (resumeAfterLookup).
  bool handle(const std::string& text);
  void error(const Error& e);
  void onSend(std::shared_ptr<const std::string> frame);
  void onWrite(boost::beast::error_code ec, std::size_t bytes);
  /// Closes with a close frame saying "going away", then drops.
  void goAway();
  void drop();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::shared_ptr<ServerContext> ctx_;
  ConnectionSlot slot_;
  AddressSlot address_slot_;
  std::string remote_;
  std::string route_table_;
  RateLimiter rate_;
  boost::asio::steady_timer join_timer_;
  std::shared_ptr<Table> table_;
  bool joined_ = false;
  bool dropped_ = false;
  bool closing_ = false;  // close once the queue is written
};

}  // namespace pg
