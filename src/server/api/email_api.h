// The e-mail endpoints (docs/protocol.md, "E-mail"): an account's address, verified by a link;
// "your move" mails on or off; a sign-in link as a way back into the account beside the
// recovery codes; and the link in every mail that turns the mails off.
//
// Every link carries a token of 32 random bytes, of which the store keeps only the SHA-256
// (MailStore), used once: verification within 24 hours, sign-in within 15 minutes, turning
// mails off within a year. The links open a page whose button POSTs the token, so a mail
// scanner that fetches a link uses nothing. A sign-in link asked for answers the same bytes
// whether or not the address is known, verified or limited. Mails are queued in the store
// (MailStore::enqueue) and sent by the node's MailSender; `queued` wakes it.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/api/account_limits.h"
#include "server/api/account_sessions.h"
#include "server/api/http_reply.h"
#include "server/api/http_types.h"
#include "server/node/metrics.h"
#include "server/node/server_settings.h"
#include "store/account_store.h"
#include "store/mail_store.h"

namespace pg {

inline constexpr int64_t kVerifyLinkMs = 24LL * 3600 * 1000;
inline constexpr int64_t kSignInLinkMs = 15LL * 60 * 1000;
inline constexpr int64_t kOffLinkMs = 365LL * 24 * 3600 * 1000;

class EmailApi {
 public:
  /// Everything referred to outlives the EmailApi; `mail` is null when the node sends no mail
  /// (then every endpoint answers `mail-off`); `metrics` may be null.
  EmailApi(AccountStore& accounts, MailStore* mail, const ServerSettings& settings,
           const AccountSessions& sessions, Metrics* metrics, std::function<void()> queued);

  /// Whether this API answers `path`: /api/account/email and under it, /api/email/off and under.
  static bool owns(std::string_view path);
  /// Answers such a request. Reads and writes the store: never on a network thread. Throws
  /// StoreError (the caller answers store-failed).
  HttpReply handle(const HttpRequest& req, std::string_view path) const;
  /// The "email" member of GET /api/account for this account: {"address", "verified",
  /// "your_move"}, or null. Throws StoreError.
  Json accountEmail(const std::string& account_id) const;
  bool mailOn() const { return mail_ != nullptr; }

 private:
  HttpReply setAddress(const HttpRequest& req, const Account& a) const;
  HttpReply removeAddress(const Account& a) const;
  HttpReply setNotify(const HttpRequest& req, const Account& a) const;
  HttpReply verify(const HttpRequest& req) const;
  HttpReply signInLink(const HttpRequest& req) const;
  HttpReply signInFinish(const HttpRequest& req) const;
  HttpReply off(const std::string& token) const;
  /// A new link token: stored (by its hash) with `kind`, and its text for the link.
  struct Link;
  Link newLink(EmailTokenKind kind, const AccountEmail& to, int64_t now, int64_t valid_ms) const;

  AccountStore& accounts_;
  MailStore* mail_;
  const ServerSettings& settings_;
  const AccountSessions& sessions_;
  AccountLimits limits_;
  std::function<void()> queued_;
};

}  // namespace pg
