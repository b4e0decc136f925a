// The session cookie of a signed-in player: an HttpOnly (no script reads it), SameSite=Lax (no
// other site's POST carries it) cookie holding a random token, Secure with the __Host- prefix
// when the site is served over HTTPS (--public-url https://...). The server keeps only the
// token's SHA-256 hash (AccountStore), so a copy of the database opens no session.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// How long a session lasts from sign-in: 30 days.
inline constexpr int64_t kSessionMs = 30LL * 24 * 3600 * 1000;

/// The cookie's name: "__Host-pg_session" over HTTPS, else "pg_session".
std::string sessionCookieName(bool secure);
/// The value of the cookie `name` in a Cookie header, or nullopt.
std::optional<std::string> cookieValue(std::string_view header, std::string_view name);
/// A Set-Cookie value that stores `token` for kSessionMs.
std::string sessionCookie(const std::string& token, bool secure);
/// A Set-Cookie value that removes the session cookie.
std::string clearedSessionCookie(bool secure);
/// A new session token: 32 random bytes as base64url.
std::string newSessionToken();
/// What the store keeps of a token: its SHA-256.
std::vector<uint8_t> sessionTokenHash(const std::string& token);

}  // namespace pg
