#include "server/net/websocket_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "server/table/messages.h"
#include "server/table/router.h"
#include "server/table/table.h"

namespace pg {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;

WebsocketSession::WebsocketSession(net::ip::tcp::socket&& socket,
                                   std::shared_ptr<ServerContext> ctx, ConnectionSlot slot,
                                   AddressSlot address_slot, std::string remote, std::string table)
    : ws_(std::move(socket)),
      ctx_(std::move(ctx)),
      slot_(std::move(slot)),
      address_slot_(std::move(address_slot)),
      remote_(std::move(remote)),
      route_table_(std::move(table)),
      rate_(ctx_->settings.limits.messages_per_second, ctx_->settings.limits.message_burst),
      join_timer_(ws_.get_executor()) {}

WebsocketSession::~WebsocketSession() {
  if (table_) table_->leave(this);
}

void WebsocketSession::run(http::request<http::string_body> req) {
  const ServerLimits& l = ctx_->settings.limits;
  websocket::stream_base::timeout t;
  t.handshake_timeout = l.http_timeout;
  t.idle_timeout = l.idle_timeout;
  t.keep_alive_pings = true;
  ws_.set_option(t);
  ws_.read_message_max(l.max_frame_bytes);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "phantomgo"); }));
  ws_.async_accept(req, beast::bind_front_handler(&WebsocketSession::onAccept, shared_from_this()));
}

void WebsocketSession::onAccept(beast::error_code ec) {
  if (ec) return;
  join_timer_.expires_after(ctx_->settings.limits.join_timeout);
  join_timer_.async_wait([weak = weak_from_this()](beast::error_code tec) {
    auto self = weak.lock();
    if (tec || !self || self->joined_) return;
    spdlog::info("websocket closed: no join in time ({})", self->remote_);
    self->drop();
  });
  doRead();
}

void WebsocketSession::doRead() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WebsocketSession::onRead, shared_from_this()));
}

void WebsocketSession::onRead(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::message_too_big)
      spdlog::info("websocket closed: frame too large ({})", remote_);
    join_timer_.cancel();
    return;  // closed; the destructor leaves the table
  }
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  if (!rate_.allow()) {
    ctx_->limited(Metrics::Limit::Messages);
    error(Error::detail(Err::RateLimited, "Too many messages; this one was dropped."));
  } else if (handle(text)) {
    return;  // a join's table is being looked up: the next read waits for it
  }
  doRead();
}

bool WebsocketSession::handle(const std::string& text) {
  std::optional<TableLookup> lookup =
      routeMessage(text, route_table_, shared_from_this(), table_, ctx_->registry, [this] {
        const int64_t wait = ctx_->joins.take(address());
        if (wait > 0) ctx_->limited(Metrics::Limit::Joins);
        return wait;
      });
  if (!lookup) return false;
  if (!ctx_->reads) {
    completeJoin(*lookup, lookUp(ctx_->registry, *lookup), shared_from_this(), table_);
    return false;
  }
  // The store is read on the reads pool; the join goes on back on this connection's strand.
  ctx_->reads([self = shared_from_this(), lookup = std::move(*lookup)]() mutable {
    LookupResult found = lookUp(self->ctx_->registry, lookup);
    net::post(self->ws_.get_executor(),
              [self, lookup = std::move(lookup), found = std::move(found)]() mutable {
                completeJoin(std::move(lookup), std::move(found), self, self->table_);
                self->doRead();
              });
  });
  return true;
}

void WebsocketSession::error(const Error& e) {
  send(errorFrame(e));
}

void WebsocketSession::joined() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->joined_ = true;
    self->join_timer_.cancel();
  });
}

void WebsocketSession::close() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->closing_ = true;
    if (self->queue_.empty()) self->goAway();
  });
}

void WebsocketSession::send(std::shared_ptr<const std::string> frame) {
  net::post(ws_.get_executor(),
            [self = shared_from_this(), frame = std::move(frame)] { self->onSend(frame); });
}

void WebsocketSession::onSend(std::shared_ptr<const std::string> frame) {
  if (dropped_ || closing_) return;
  if (queue_.size() >= ctx_->settings.limits.max_queued_frames) {
    spdlog::warn("websocket dropped: {} frames queued ({})", queue_.size(), remote_);
    return drop();
  }
  queue_.push_back(std::move(frame));
  if (queue_.size() > 1) return;  // a write is in flight
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebsocketSession::onWrite, shared_from_this()));
}

void WebsocketSession::onWrite(beast::error_code ec, std::size_t) {
  if (ec) {
    queue_.clear();
    return;
  }
  queue_.pop_front();
  if (queue_.empty() && closing_) return goAway();
  if (queue_.empty() || dropped_) return;
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebsocketSession::onWrite, shared_from_this()));
}

void WebsocketSession::goAway() {
  if (dropped_) return;
  // A close frame with "going away" (1001): the client reconnects at once, to wherever the
  // table is served now. The socket is closed when the client answers, or the close handshake
  // times out (the stream's handshake timeout).
  ws_.async_close(websocket::close_code::going_away,
                  [self = shared_from_this()](beast::error_code) { self->drop(); });
}

void WebsocketSession::drop() {
  dropped_ = true;
  // Keep the frame of a write in flight alive until its handler runs.
  if (queue_.size() > 1) queue_.erase(queue_.begin() + 1, queue_.end());
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
  beast::get_lowest_layer(ws_).socket().close(ec);
}

}  // namespace pg
