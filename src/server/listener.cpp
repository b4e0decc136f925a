#include "server/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "server/http_session.h"

namespace pg {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& ioc, const tcp::endpoint& endpoint,
                   std::shared_ptr<ServerContext> ctx)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), ctx_(std::move(ctx)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
}

void Listener::run() {
  doAccept();
}

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::doAccept() {
  // Each connection gets its own strand.
  acceptor_.async_accept(
      net::make_strand(ioc_),
      [self = shared_from_this()](boost::system::error_code ec, tcp::socket socket) {
        self->onAccept(ec, std::move(socket));
      });
}

void Listener::onAccept(boost::system::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) {
    spdlog::warn("accept: {}", ec.message());
  } else if (ctx_->connections.load() >= ctx_->settings.limits.max_connections) {
    spdlog::warn("connection refused: {} connections open", ctx_->connections.load());
    boost::system::error_code ignored;
    socket.close(ignored);
  } else {
    // Small frames go out at once: Nagle's algorithm with the peer's delayed ACK would hold
    // an answer back for tens of milliseconds.
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), ctx_, ConnectionSlot(ctx_.get()))->run();
  }
  doAccept();
}

}  // namespace pg
