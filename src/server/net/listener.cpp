#include "server/net/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <algorithm>

#include "server/net/client_address.h"
#include "server/net/http_session.h"

namespace pg {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& ioc, const tcp::endpoint& endpoint,
                   std::shared_ptr<ServerContext> ctx)
    : ioc_(ioc),
      acceptor_(net::make_strand(ioc)),
      retry_(acceptor_.get_executor()),
      ctx_(std::move(ctx)) {
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
    self->retry_.cancel();
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
  if (ec == net::error::no_descriptors ||
      ec == boost::system::errc::too_many_files_open_in_system ||
      ec == net::error::no_buffer_space || ec == net::error::no_memory)
    return backOff(ec);
  backoff_ = std::chrono::milliseconds{0};
  if (ec) {
    spdlog::warn("accept: {}", ec.message());
  } else if (ctx_->connections.load() >= ctx_->settings.limits.max_connections) {
    refuse(std::move(socket), BusySession::Why::NodeFull);
  } else {
    // A client that is not behind a trusted proxy is its own address: it is counted now, so
    // that connections which never send a request count too. Behind a proxy the address is
    // known only from the request's headers (HttpSession counts it there).
    boost::system::error_code ignored;
    const auto peer = socket.remote_endpoint(ignored);
    std::optional<AddressSlot> slot;
    const std::string address = ignored ? std::string() : peer.address().to_string();
    if (!address.empty() && !isTrustedProxy(address, ctx_->settings.trusted_proxies)) {
      slot = ctx_->by_address.acquire(limitKey(normalizedAddress(address)));
      if (!slot) {
        ctx_->limited(Metrics::Limit::Connections);
        refuse(std::move(socket), BusySession::Why::AddressFull);
        return doAccept();
      }
    }
    // Small frames go out at once: Nagle's algorithm with the peer's delayed ACK would hold
    // an answer back for tens of milliseconds.
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), ctx_, ConnectionSlot(ctx_.get()),
                                  std::move(slot))
        ->run();
  }
  doAccept();
}

void Listener::refuse(tcp::socket socket, BusySession::Why why) {
  if (why == BusySession::Why::NodeFull && ctx_->metrics) ctx_->metrics->connectionRefused();
  if (ctx_->refusing.load() >= kMaxRefusing) {
    spdlog::warn("connection closed: {} connections open, {} busy answers under way",
                 ctx_->connections.load(), ctx_->refusing.load());
    boost::system::error_code ignored;
    socket.close(ignored);
    return;
  }
  if (why == BusySession::Why::NodeFull)
    spdlog::warn("connection refused (503 server-busy): {} connections open",
                 ctx_->connections.load());
  std::make_shared<BusySession>(std::move(socket), ctx_, why)->run();
}

void Listener::backOff(const boost::system::error_code& ec) {
  using std::chrono::milliseconds;
  const bool first = backoff_.count() == 0;
  backoff_ = first ? milliseconds{10} : std::min(backoff_ * 2, milliseconds{1000});
  // One line when the failures begin, then one a second at most.
  if (first || backoff_.count() == 1000)
    spdlog::warn("accept: {} ({} connections open); accepting again in {} ms", ec.message(),
                 ctx_->connections.load(), backoff_.count());
  retry_.expires_after(backoff_);
  retry_.async_wait([self = shared_from_this()](boost::system::error_code tec) {
    if (tec || !self->acceptor_.is_open()) return;
    self->doAccept();
  });
}

}  // namespace pg
