#include "server/api/session_cookie.h"

#include "passkey/base64url.h"
#include "passkey/signature.h"
#include "server/node/tokens.h"

namespace pg {

std::string sessionCookieName(bool secure) {
  return secure ? "__Host-pg_session" : "pg_session";
}

std::optional<std::string> cookieValue(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    const auto end = header.find(';');
    std::string_view pair = header.substr(0, end);
    header = end == std::string_view::npos ? std::string_view{} : header.substr(end + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos || pair.substr(0, eq) != name) continue;
    std::string_view value = pair.substr(eq + 1);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    return std::string(value);
  }
  return std::nullopt;
}

std::string sessionCookie(const std::string& token, bool secure) {
  return sessionCookieName(secure) + "=" + token +
         "; Path=/; Max-Age=" + std::to_string(kSessionMs / 1000) + "; HttpOnly; SameSite=Lax" +
         (secure ? "; Secure" : "");
}

std::string clearedSessionCookie(bool secure) {
  return sessionCookieName(secure) + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" +
         (secure ? "; Secure" : "");
}

std::string newSessionToken() {
  passkey::Bytes bytes(32);
  secureRandom(bytes.data(), bytes.size());
  return passkey::base64url(bytes);
}

std::vector<uint8_t> sessionTokenHash(const std::string& token) {
  return passkey::sha256(std::string_view(token));
}

}  // namespace pg
