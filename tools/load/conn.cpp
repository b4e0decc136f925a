// pg_load's connections (conn.h).
#include "load/conn.h"

#include <boost/beast/http.hpp>

namespace pg::load {

namespace http = beast::http;

void Conn::start(const tcp::endpoint& ep, std::string path, std::string join) {
  auto self = shared_from_this();
  // A hung node accepts TCP connections (its kernel does) and never answers the handshake.
  beast::get_lowest_layer(ws_).expires_after(heartbeat_ ? kGiveUp : std::chrono::seconds(10));
  beast::get_lowest_layer(ws_).async_connect(
      ep, [this, self, join = std::move(join), path = std::move(path), ep](beast::error_code ec) {
        if (ec) return fail();
        ws_.async_handshake(
            ep.address().to_string() + ":" + std::to_string(ep.port()), path,
            [this, self, join](beast::error_code ec2) {
              if (ec2) return fail();
              beast::get_lowest_layer(ws_).expires_never();
              ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
              open_ = true;
              heard_ = Clock::now();
              if (heartbeat_) beat();
              send(join);
              read();
            });
      });
}

void Conn::send(std::string text) {
  if (!open_) return;
  out_.push_back(std::move(text));
  if (out_.size() == 1) write();
}

void Conn::write() {
  ws_.text(true);
  ws_.async_write(net::buffer(out_.front()),
                  [this, self = shared_from_this()](beast::error_code ec, std::size_t) {
                    if (ec) return fail();
                    out_.pop_front();
                    if (!out_.empty()) write();
                  });
}

void Conn::read() {
  ws_.async_read(buf_, [this, self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) return fail();
    const std::string text = beast::buffers_to_string(buf_.data());
    buf_.consume(buf_.size());
    heard_ = Clock::now();
    pinged_ = false;
    owner_->onMessage(gen_, seat_, text);
    read();
  });
}

void Conn::beat() {
  beat_.expires_after(std::chrono::milliseconds(250));
  beat_.async_wait([this, self = shared_from_this()](beast::error_code ec) {
    if (ec || closed_ || failed_ || !open_) return;
    const auto quiet = Clock::now() - heard_;
    if (pinged_ && quiet > kQuiet + kGiveUp) {
      beast::error_code ignored;  // the pending read fails, and fail() reconnects the seat
      beast::get_lowest_layer(ws_).socket().close(ignored);
      return;
    }
    if (!pinged_ && quiet > kQuiet) {
      pinged_ = true;
      send(R"({"type":"ping"})");
    }
    beat();
  });
}

void Conn::fail() {
  beat_.cancel();
  open_ = false;
  if (closed_ || failed_) return;
  failed_ = true;
  owner_->onClosed(gen_, seat_);
}

void postJson(net::io_context& io, const Options& o, std::string target, std::string body,
              PostDone done) {
  struct Op {
    beast::tcp_stream s;
    http::request<http::string_body> req;
    http::response<http::string_body> res;
    beast::flat_buffer buf;
    PostDone done;
    explicit Op(net::io_context& io) : s(io) {}
  };
  auto op = std::make_shared<Op>(io);
  op->req = {http::verb::post, target, 11};
  op->req.set(http::field::host, o.host);
  op->req.set(http::field::content_type, "application/json");
  op->req.body() = std::move(body);
  op->req.prepare_payload();
  op->done = std::move(done);
  op->s.expires_after(std::chrono::seconds(10));
  const tcp::endpoint ep{net::ip::make_address(o.host), o.port};
  op->s.async_connect(ep, [op](beast::error_code ec) {
    if (ec) return op->done(ec.message(), 0, "");
    http::async_write(op->s, op->req, [op](beast::error_code ec2, std::size_t) {
      if (ec2) return op->done(ec2.message(), 0, "");
      http::async_read(op->s, op->buf, op->res, [op](beast::error_code ec3, std::size_t) {
        if (ec3) return op->done(ec3.message(), 0, "");
        op->done("", op->res.result_int(), std::move(op->res.body()));
      });
    });
  });
}

}  // namespace pg::load
