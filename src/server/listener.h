// Accepts TCP connections and hands each to an HTTP session (Beast).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "server/server_context.h"

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

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::shared_ptr<ServerContext> ctx_;
  unsigned short port_ = 0;
};

}  // namespace pg
