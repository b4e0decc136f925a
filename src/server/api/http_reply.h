// What the JSON API's answers share: a JSON reply, the error form of docs/protocol.md, and the
// origin written into seat and watch links.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "protocol/json.h"
#include "server/api/http_types.h"
#include "server/node/server_settings.h"

namespace pg {

/// `j` as application/json, never cached.
HttpReply jsonReply(int status, const Json& j);
/// {"error": {"code": code, "message": message}}.
HttpReply errorReply(int status, std::string_view code, std::string_view message);
/// 429 `rate-limited` with Retry-After: the seconds of `retry_after_ms`, rounded up, at least 1.
HttpReply rateLimitedReply(std::string_view message, int64_t retry_after_ms);
/// Retry-After's seconds for a wait of `ms`: rounded up, at least 1.
int64_t retryAfterSeconds(int64_t ms);
/// The origin of links ("http://host:port"): --public-url, else the request's Host if it looks
/// like a host, else the bound address.
std::string linkOrigin(const HttpRequest& req, const ServerSettings& settings);

}  // namespace pg
