// Accepts TCP connections and hands each to an HTTP session (Beast); past the connection limit,
// to a BusySession (503 server-busy), and past its client address's (a client not behind a
// trusted proxy), to a BusySession answering 429 rate-limited. When accept fails for want of
// descriptors or memory (EMFILE, ENFILE, ENOBUFS, ENOMEM), it backs off (10 ms, doubling up to 1 s)
// and tries again.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>

#include "server/net/busy_session.h"
#include "server/net/server_context.h"

namespace pg {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  /// Binds and listens. Throws boost::system::system_error when the address is unavailable.
  Listener(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& endpoint,
           std::shared_ptr<ServerContext> ctx);
  void run();
  /// Stops accepting (on the listener's own executor).
  void stop();
  unsigned short port() const { return port_; }

 private:
  void doAccept();
  void onAccept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);
  /// A connection past a limit: a busy (or rate-limited) answer, or closed at once when enough
  /// are under way.
  void refuse(boost::asio::ip::tcp::socket socket, BusySession::Why why);
  /// Accepts again after a pause that doubles with each failure in a row.
  void backOff(const boost::system::error_code& ec);

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;  // on the acceptor's strand
  std::chrono::milliseconds backoff_{0};
  std::shared_ptr<ServerContext> ctx_;
  unsigned short port_ = 0;
};

}  // namespace pg
