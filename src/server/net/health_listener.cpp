#include "server/net/health_listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace pg {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

constexpr std::chrono::seconds kRequestTimeout{2};

}  // namespace

/// One connection: one small request, one answer, closed.
class HealthListener::Session : public std::enable_shared_from_this<Session> {
 public:
  Session(net::ip::tcp::socket&& socket, const HealthListener& owner)
      : stream_(std::move(socket)), owner_(owner) {}

  void run() {
    parser_.header_limit(4096);
    parser_.body_limit(0);
    stream_.expires_after(kRequestTimeout);
    http::async_read(
        stream_, buffer_, parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
  }

 private:
  void onRead(beast::error_code ec) {
    if (ec) return close();
    const auto& req = parser_.get();
    const std::string target(req.target());
    const std::string path = target.substr(0, target.find('?'));
    HttpReply out;
    if (req.method() != http::verb::get && req.method() != http::verb::head) {
      out.status = 405;
      out.body = "Use GET.\n";
    } else {
      out = owner_.answer(path);
    }
    res_.version(req.version());
    res_.result(static_cast<unsigned>(out.status));
    res_.set(http::field::content_type, out.content_type);
    res_.set(http::field::cache_control, "no-store");
    res_.keep_alive(false);
    if (req.method() == http::verb::head) {
      res_.content_length(out.body.size());
    } else {
      res_.body() = std::move(out.body);
      res_.prepare_payload();
    }
    stream_.expires_after(kRequestTimeout);
    http::async_write(stream_, res_, [self = shared_from_this()](beast::error_code, std::size_t) {
      self->close();
    });
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_{8192};
  http::request_parser<http::empty_body> parser_;
  http::response<http::string_body> res_;
  const HealthListener& owner_;
};

HealthListener::HealthListener(net::io_context& network, const net::ip::tcp::endpoint& endpoint,
                               Readiness ready, Timing timing)
    : network_(network),
      ready_(std::move(ready)),
      timing_(timing),
      acceptor_(io_),
      probe_timer_(io_),
      last_run_(std::make_shared<std::atomic<int64_t>>(nowNs())) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
}

HealthListener::~HealthListener() {
  stop();
}

void HealthListener::start() {
  doAccept();
  probe();
  thread_ = std::thread([this] { io_.run(); });
}

void HealthListener::stop() {
  if (!thread_.joinable()) return;
  io_.stop();
  thread_.join();
}

void HealthListener::doAccept() {
  acceptor_.async_accept([this](beast::error_code ec, net::ip::tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (!ec) std::make_shared<Session>(std::move(socket), *this)->run();
    doAccept();
  });
}

void HealthListener::probe() {
  // Posted to the network threads: it runs when one of them is free to run anything.
  net::post(network_, [stamp = last_run_] { stamp->store(nowNs()); });
  probe_timer_.expires_after(timing_.probe_every);
  probe_timer_.async_wait([this](beast::error_code ec) {
    if (!ec) probe();
  });
}

HttpReply HealthListener::answer(const std::string& path) const {
  HttpReply r;
  if (path == "/healthz") {
    r.body = "ok\n";
    return r;
  }
  if (path != "/readyz") {
    r.status = 404;
    r.body = "Only /readyz and /healthz are answered on this port.\n";
    return r;
  }
  const auto since = std::chrono::nanoseconds(nowNs() - last_run_->load());
  if (since > timing_.stale_after) {
    r.status = 503;
    r.body = "not ready: the network threads have run nothing for " +
             std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(since).count()) +
             " ms\n";
    return r;
  }
  return ready_();
}

}  // namespace pg
