// The account endpoints (docs/protocol.md, "Accounts"): sign up and sign in with a passkey,
// add and remove passkeys, recovery codes, sign out here or everywhere. An account is something
// a player chooses; playing needs none.
//
// Every ceremony's challenge is random, stored (AccountStore) and taken once, within
// kCeremonyMs, on whichever node answers. Every POST and DELETE here must carry this site's
// Origin. Sign-ups, sign-ins, name checks and recoveries are limited per address
// (AccountLimits). Only the sign-up form's own check (POST /api/account/names, and a sign-up
// that names a taken name) says whether a name is taken: a sign-in never names an account, and
// a recovery fails the same way, after the same work, whether the name or the code was wrong.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "server/api/account_limits.h"
#include "server/api/account_sessions.h"
#include "server/api/http_types.h"
#include "server/node/metrics.h"
#include "server/node/server_settings.h"
#include "store/account_store.h"

namespace pg {

class EmailApi;

class AccountApi {
 public:
  /// Everything referred to outlives the AccountApi; `metrics` may be null.
  AccountApi(AccountStore& store, const ServerSettings& settings, Metrics* metrics);
  /// Answers a request whose path is /api/account or under it. Reads and writes the store, and
  /// a sign-up or a recovery computes Argon2id hashes for a good part of a second: never on a
  /// network thread (slow()). Throws StoreError (the caller answers store-failed).
  HttpReply handle(const HttpRequest& req, std::string_view path) const;
  /// Whether answering this request computes Argon2id hashes (a sign-up's end, a recovery, new
  /// recovery codes): the caller runs it with the slow work.
  static bool slow(const HttpRequest& req, std::string_view path);
  /// Who is signed in, for the other endpoints (rated games).
  const AccountSessions& sessions() const { return sessions_; }
  /// GET /api/account then also shows whether the site sends mail and the account's address.
  /// `email` outlives the AccountApi.
  void showEmail(const EmailApi* email) { email_ = email; }

 private:
  HttpReply account(const HttpRequest& req) const;
  HttpReply checkName(const HttpRequest& req) const;
  HttpReply signUpBegin(const HttpRequest& req) const;
  HttpReply signUpFinish(const HttpRequest& req) const;
  HttpReply signInBegin(const HttpRequest& req) const;
  HttpReply signInFinish(const HttpRequest& req) const;
  HttpReply addPasskeyBegin(const HttpRequest& req, const Account& a) const;
  HttpReply addPasskeyFinish(const HttpRequest& req, const Account& a) const;
  HttpReply removePasskey(const Account& a, std::string_view id) const;
  HttpReply newRecoveryCodes(const Account& a) const;
  HttpReply recover(const HttpRequest& req) const;
  /// A registration's end, checked: the ceremony it took, and the passkey to store (for the
  /// ceremony's account).
  struct Registered {
    StoredCeremony ceremony;
    StoredPasskey passkey;
    std::string label;
    int64_t now = 0;
  };
  /// Takes the request's ceremony, which `ours` must accept, and checks its new passkey: the
  /// result, or the answer that refuses it. Throws ProtocolError, StoreError.
  std::variant<Registered, HttpReply> registered(
      const HttpRequest& req, const std::function<bool(const StoredCeremony&)>& ours) const;
  /// A new ceremony of `purpose` for `account_id`: its id and challenge, stored.
  struct Begun;
  Begun begin(const std::string& purpose, const std::string& account_id) const;

  AccountStore& store_;
  const ServerSettings& settings_;
  AccountSessions sessions_;
  AccountLimits limits_;
  const EmailApi* email_ = nullptr;
};

}  // namespace pg
