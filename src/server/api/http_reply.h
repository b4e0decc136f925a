// What the JSON API's answers share: a JSON reply, the error form of docs/protocol.md, and the
// origin written into seat and watch links.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "protocol/errors.h"
#include "protocol/json.h"
#include "server/api/http_types.h"
#include "server/node/server_settings.h"

namespace pg {

/// `j` as application/json, never cached.
HttpReply jsonReply(int status, const Json& j);
/// {"error": {"code": code, "message": message}}.
/// {"error": {"code", "message"}}: an error of the catalog (protocol/errors.h) as an HTTP body.
Json errorJson(const Error& e);
/// An error's reply, with the catalog's status for its code.
HttpReply errorReply(const Error& e);
/// 429 `rate-limited` with Retry-After: the seconds of `retry_after_ms`, rounded up, at least 1.
HttpReply rateLimitedReply(std::string_view message, int64_t retry_after_ms);
/// Retry-After's seconds for a wait of `ms`: rounded up, at least 1.
int64_t retryAfterSeconds(int64_t ms);
/// The origin of links ("http://host:port"): --public-url, else the request's Host if it looks
/// like a host, else the bound address.
std::string linkOrigin(const HttpRequest& req, const ServerSettings& settings);

}  // namespace pg
