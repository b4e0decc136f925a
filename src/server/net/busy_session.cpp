#include "server/net/busy_session.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "server/api/http_reply.h"

namespace pg {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

/// A refused client has this long to send its request: the busy answers are few (kMaxRefusing)
/// and must not be held by clients that send nothing.
constexpr std::chrono::milliseconds kBusyReadTimeout{5000};

}  // namespace

BusySession::BusySession(net::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> ctx, Why why)
    : stream_(std::move(socket)), ctx_(std::move(ctx)), why_(why) {
  ++ctx_->refusing;
}

BusySession::~BusySession() {
  --ctx_->refusing;
}

void BusySession::run() {
  parser_.body_limit(ctx_->settings.limits.max_body_bytes);
  parser_.header_limit(16 * 1024);
  stream_.expires_after(
      std::min<std::chrono::milliseconds>(kBusyReadTimeout, ctx_->settings.limits.http_timeout));
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
    http::async_read(self->stream_, self->buffer_, self->parser_,
                     beast::bind_front_handler(&BusySession::onRead, self));
  });
}

void BusySession::onRead(beast::error_code ec, std::size_t) {
  // A request too large or malformed is answered the same; a client gone or silent is not.
  if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
      ec == net::error::operation_aborted || ec == net::error::connection_reset)
    return;
  const unsigned version = ec ? 11 : parser_.get().version();
  const bool node = why_ == Why::NodeFull;
  res_.emplace(node ? http::status::service_unavailable : http::status::too_many_requests, version);
  res_->set(http::field::server, "phantomgo");
  res_->set(http::field::content_type, "application/json");
  res_->set(http::field::cache_control, "no-store");
  res_->set(http::field::retry_after, std::to_string(kRetryAfterSeconds));
  res_->body() =
      errorJson(node ? Error::of(Err::ServerBusy)
                     : Error::detail(Err::RateLimited,
                                     "Too many connections from your address; close some and "
                                     "try again."))
          .dump();
  res_->keep_alive(false);
  res_->prepare_payload();
  http::async_write(stream_, *res_,
                    beast::bind_front_handler(&BusySession::onWrite, shared_from_this()));
}

void BusySession::onWrite(beast::error_code, std::size_t) {
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace pg
