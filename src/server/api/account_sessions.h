// Who is signed in: the session behind a request's cookie, sessions started at sign-in and
// ended at sign-out (one device, or every device of the account). Sessions live in the store
// (AccountStore), by their token's hash, so every node knows them and a sign-out holds on all.
#pragma once

#include <optional>
#include <string>

#include "server/api/http_types.h"
#include "server/node/server_settings.h"
#include "store/account_store.h"

namespace pg {

class AccountSessions {
 public:
  /// Both outlive the AccountSessions.
  AccountSessions(AccountStore& store, const ServerSettings& settings);
  /// Whether the request carries a session cookie (valid or not: nothing is read).
  bool hasCookie(const HttpRequest& req) const;
  /// The account of the request's session, if it has one that has not expired or ended.
  /// Throws StoreError.
  std::optional<Account> signedIn(const HttpRequest& req) const;
  /// Starts a session of the account: the Set-Cookie value to answer. Throws StoreError.
  std::string start(const std::string& account_id) const;
  /// Ends the request's session (if any): the Set-Cookie value that removes the cookie.
  std::string end(const HttpRequest& req) const;
  /// Ends every session of the account: the Set-Cookie value that removes the cookie.
  std::string endEverywhere(const std::string& account_id) const;

 private:
  std::optional<std::string> token(const HttpRequest& req) const;
  bool secure() const;

  AccountStore& store_;
  const ServerSettings& settings_;
};

/// Milliseconds since the Unix epoch, now.
int64_t unixMsNow();

}  // namespace pg
