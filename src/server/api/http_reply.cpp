#include "server/api/http_reply.h"

#include <cctype>

namespace pg {

HttpReply jsonReply(int status, const Json& j) {
  HttpReply r;
  r.status = status;
  r.content_type = "application/json";
  r.body = j.dump();
  r.headers.emplace_back("Cache-Control", "no-store");
  return r;
}

Json errorJson(const Error& e) {
  return Json{{"error", Json{{"code", std::string(e.code())}, {"message", e.text}}}};
}

HttpReply errorReply(const Error& e) {
  return jsonReply(e.httpStatus(), errorJson(e));
}

int64_t retryAfterSeconds(int64_t ms) {
  return ms <= 1000 ? 1 : (ms + 999) / 1000;
}

HttpReply rateLimitedReply(std::string_view message, int64_t retry_after_ms) {
  HttpReply r = errorReply(Error::detail(Err::RateLimited, std::string(message)));
  r.headers.emplace_back("Retry-After", std::to_string(retryAfterSeconds(retry_after_ms)));
  return r;
}

std::string linkOrigin(const HttpRequest& req, const ServerSettings& settings) {
  if (!settings.public_url.empty()) {
    std::string o = settings.public_url;
    while (!o.empty() && o.back() == '/') o.pop_back();
    return o;
  }
  bool ok = !req.host.empty() && req.host.size() < 256;
  for (char c : req.host)
    ok &= std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ||
          c == '[' || c == ']';
  if (ok) return "http://" + req.host;
  return "http://" + settings.bind + ":" + std::to_string(settings.port);
}

}  // namespace pg
