#include "server/net/http_session.h"

#include <spdlog/spdlog.h>

#include <boost/beast/websocket.hpp>
#include <chrono>

#include "server/api/http_reply.h"
#include "server/api/query_param.h"
#include "server/net/client_address.h"
#include "server/net/websocket_session.h"
#include "server/node/tokens.h"

namespace pg {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

HttpSession::HttpSession(net::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> ctx,
                         ConnectionSlot slot, std::optional<AddressSlot> address_slot)
    : stream_(std::move(socket)),
      ctx_(std::move(ctx)),
      slot_(std::move(slot)),
      address_slot_(std::move(address_slot)) {
  boost::system::error_code ec;
  const auto ep = stream_.socket().remote_endpoint(ec);
  remote_ = ec ? "?" : ep.address().to_string() + ":" + std::to_string(ep.port());
  peer_ = ec ? "?" : ep.address().to_string();
}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&HttpSession::doRead, shared_from_this()));
}

void HttpSession::doRead() {
  parser_.emplace();
  parser_->body_limit(ctx_->settings.limits.max_body_bytes);
  parser_->header_limit(16 * 1024);
  stream_.expires_after(ctx_->settings.limits.http_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::onRead, shared_from_this()));
}

void HttpSession::onRead(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
      ec == net::error::operation_aborted)
    return close();
  if (ec == http::error::body_limit) {
    http::response<http::string_body> res{http::status::payload_too_large, 11};
    res.set(http::field::content_type, "application/json");
    res.body() = errorJson(Error::of(Err::TooLarge)).dump();
    res.keep_alive(false);
    res.prepare_payload();
    return reply(std::move(res));
  }
  if (ec) return close();

  auto& req = parser_->get();
  const auto start = std::chrono::steady_clock::now();
  HttpRequest in;
  in.client = clientAddress(peer_, req["X-Real-IP"], req["X-Forwarded-For"],
                            ctx_->settings.trusted_proxies);
  in.client_key = limitKey(in.client);
  const std::string& key = in.client_key;
  const bool upgrade = beast::websocket::is_upgrade(req);
  if (!countFor(key)) {
    ctx_->limited(Metrics::Limit::Connections);
    spdlog::debug("{} {} 429 rate-limited: {} connections from the address ({})",
                  std::string(req.method_string()), upgrade ? "/ws" : "(request)",
                  ctx_->by_address.count(key), remote_);
    HttpReply r = rateLimitedReply(
        "Too many connections from your address; close some and try "
        "again.",
        5000);
    return respond(Answering{std::string(req.method_string()), "", start, req.version(), false,
                             req.method() == http::verb::head},
                   std::move(r));
  }
  if (upgrade) {
    const std::string target(req.target());
    if (target == "/ws" || target.rfind("/ws?", 0) == 0) {
      // The table's id is in the URL, so that a proxy can send every connection of a table to
      // the node that serves it. Without one (a client of one node), the join alone names it.
      const std::optional<std::string> table = queryParam(target, "table");
      if (table && !isTableId(*table)) {
        http::response<http::string_body> res{http::status::bad_request, req.version()};
        res.set(http::field::content_type, "application/json");
        res.body() =
            errorJson(Error::detail(Err::BadRequest, "Open the WebSocket as /ws?table=<id>."))
                .dump();
        res.keep_alive(false);
        res.prepare_payload();
        return reply(std::move(res));
      }
      spdlog::info("GET /ws upgrade ({})", remote_);
      stream_.expires_never();
      std::make_shared<WebsocketSession>(stream_.release_socket(), ctx_, std::move(*slot_),
                                         std::move(*address_slot_), remote_, table.value_or(""))
          ->run(parser_->release());
      return;
    }
  }
  in.method = std::string(req.method_string());
  in.target = std::string(req.target());
  in.host = std::string(req[http::field::host]);
  in.if_none_match = std::string(req[http::field::if_none_match]);
  in.accept_language = std::string(req[http::field::accept_language]);
  in.origin = std::string(req[http::field::origin]);
  in.cookie = std::string(req[http::field::cookie]);
  in.body = std::move(req.body());
  // The log gets the path only: a query string could carry anything.
  Answering a{in.method,        in.target.substr(0, in.target.find('?')), start, req.version(),
              req.keep_alive(), req.method() == http::verb::head};
  if (a.path == "/api" || a.path.rfind("/api/", 0) == 0) {
    if (const int64_t wait = ctx_->api_requests.take(key); wait > 0) {
      ctx_->limited(Metrics::Limit::ApiRequests);
      return respond(a, rateLimitedReply("Too many requests from your address; slow down.", wait));
    }
  }
  // Most answers come at once, on this connection's thread, and are written without a hop; a
  // creation answers from the store's writer thread and goes back onto this connection's.
  ctx_->api.handleAsync(in, [self = shared_from_this(), a = std::move(a)](HttpReply out) mutable {
    net::dispatch(self->stream_.get_executor(),
                  [self, a = std::move(a), out = std::move(out)]() mutable {
                    self->respond(a, std::move(out));
                  });
  });
}

bool HttpSession::countFor(const std::string& key) {
  if (address_slot_ && address_slot_->address() == key) return true;
  address_slot_.reset();
  address_slot_ = ctx_->by_address.acquire(key);
  return address_slot_.has_value();
}

void HttpSession::respond(const Answering& a, HttpReply out) {
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a.start).count();
  // A refusal by a limit is counted in /metrics; a line each would let an attacker fill the
  // logs (thousands a second).
  spdlog::log(out.status == 429 ? spdlog::level::debug : spdlog::level::info,
              "{} {} {} {:.1f}ms ({})", a.method, a.path, out.status, ms, remote_);

  http::response<http::string_body> res{static_cast<http::status>(out.status), a.version};
  res.set(http::field::server, "phantomgo");
  res.set(http::field::content_type, out.content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  for (const auto& [k, v] : out.headers) {
    if (beast::iequals(k, "Set-Cookie"))
      res.insert(http::field::set_cookie, v);
    else
      res.set(k, v);
  }
  res.keep_alive(a.keep_alive);
  if (out.status == 304) {
    // No body and no length: a 304's Content-Length would have to be the file's.
  } else if (a.head) {
    res.content_length(out.body.size());
  } else {
    res.body() = std::move(out.body);
    res.prepare_payload();
  }
  reply(std::move(res));
}

void HttpSession::reply(http::response<http::string_body>&& res) {
  res_ = std::make_shared<http::response<http::string_body>>(std::move(res));
  const bool keep_alive = res_->keep_alive();
  stream_.expires_after(ctx_->settings.limits.http_timeout);
  http::async_write(
      stream_, *res_,
      beast::bind_front_handler(&HttpSession::onWrite, shared_from_this(), keep_alive));
}

void HttpSession::onWrite(bool keep_alive, beast::error_code ec, std::size_t) {
  res_.reset();
  if (ec || !keep_alive) return close();
  doRead();
}

void HttpSession::close() {
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace pg
