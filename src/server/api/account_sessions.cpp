#include "server/api/account_sessions.h"

#include <chrono>

#include "server/api/session_cookie.h"
#include "server/api/site_origin.h"

namespace pg {

int64_t unixMsNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

AccountSessions::AccountSessions(AccountStore& store, const ServerSettings& settings)
    : store_(store), settings_(settings) {}

bool AccountSessions::secure() const {
  return secureSite(settings_);
}

std::optional<std::string> AccountSessions::token(const HttpRequest& req) const {
  auto t = cookieValue(req.cookie, sessionCookieName(secure()));
  if (!t || t->empty() || t->size() > 64) return std::nullopt;
  return t;
}

bool AccountSessions::hasCookie(const HttpRequest& req) const {
  return token(req).has_value();
}

std::optional<Account> AccountSessions::signedIn(const HttpRequest& req) const {
  const auto t = token(req);
  if (!t) return std::nullopt;
  const auto account_id = store_.sessionAccount(sessionTokenHash(*t), unixMsNow());
  if (!account_id) return std::nullopt;
  return store_.accountById(*account_id);
}

std::string AccountSessions::start(const std::string& account_id) const {
  const std::string t = newSessionToken();
  const int64_t now = unixMsNow();
  store_.createSession(sessionTokenHash(t), account_id, now, now + kSessionMs);
  return sessionCookie(t, secure());
}

std::string AccountSessions::end(const HttpRequest& req) const {
  if (const auto t = token(req)) store_.deleteSession(sessionTokenHash(*t));
  return clearedSessionCookie(secure());
}

std::string AccountSessions::endEverywhere(const std::string& account_id) const {
  store_.deleteSessions(account_id);
  return clearedSessionCookie(secure());
}

}  // namespace pg
