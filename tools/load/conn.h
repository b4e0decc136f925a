// pg_load's connections to the server: one WebSocket seat (Conn), which hands every frame to
// its owner, and one HTTP POST of a JSON body (postJson).
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "load/options.h"

namespace pg::load {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

/// What a Conn reports to: its frames and its end. `gen` is the owner's game when the
/// connection was made (frames of an older game are ignored), `seat` 0 for Black, 1 for White.
class ConnOwner {
 public:
  virtual ~ConnOwner() = default;
  virtual void onMessage(int gen, int seat, const std::string& text) = 0;
  virtual void onClosed(int gen, int seat) = 0;
};

/// One WebSocket connection of a table (one seat).
class Conn : public std::enable_shared_from_this<Conn> {
 public:
  /// With `heartbeat` (--survive), the connection pings after kQuiet without a frame and gives
  /// up one whose ping, connection or handshake goes unanswered for kGiveUp: a node that hangs
  /// or is cut off is noticed, as a browser notices it (web/net.js).
  Conn(net::io_context& io, ConnOwner* owner, int gen, int seat, bool heartbeat)
      : ws_(io), beat_(io), owner_(owner), gen_(gen), seat_(seat), heartbeat_(heartbeat) {}
  /// Connects to `ep` at `path` (/ws?table=<id>) and sends `join`.
  void start(const tcp::endpoint& ep, std::string path, std::string join);
  void send(std::string text);
  void close() {
    closed_ = true;
    beat_.cancel();
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }
  bool open() const { return open_; }

  static constexpr std::chrono::milliseconds kQuiet{1000};
  static constexpr std::chrono::milliseconds kGiveUp{2000};

 private:
  void read();
  void write();
  void fail();
  /// Every quarter second: a ping after kQuiet of silence, the socket closed (and so the seat
  /// reconnected) after kGiveUp without an answer.
  void beat();
  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer beat_;
  Clock::time_point heard_ = Clock::now();  // the last frame (or the connection's start)
  bool pinged_ = false;
  beast::flat_buffer buf_;
  std::deque<std::string> out_;
  ConnOwner* owner_;
  int gen_, seat_;
  bool heartbeat_;
  bool open_ = false, closed_ = false, failed_ = false;
};

/// POSTs the JSON `body` to `target` on the server of `o`, within 10 s. `done(error, status,
/// response body)`: `error` is empty when a response came, whatever its status.
using PostDone = std::function<void(const std::string& error, unsigned status, std::string body)>;
void postJson(net::io_context& io, const Options& o, std::string target, std::string body,
              PostDone done);

}  // namespace pg::load
