// The mail of the accounts: each account's e-mail address (verified or not, "your move" mails
// on or off), the single-use tokens of the links sent to it (by their SHA-256 hashes), and the
// outbox, the queue of mails still to send. It lives in the same database as the accounts, so
// every node sees the same addresses, any node may send any queued mail, and a crash loses
// nothing: a mail stays in the outbox until a sender marks it sent.
//
// Single use holds whichever nodes race: a token is used by one UPDATE ... WHERE used_at IS
// NULL AND expires_at > now; a mail is queued once per dedupe key (INSERT ... ON CONFLICT DO
// NOTHING); the due mails are claimed for a while by one statement, so two senders never hold
// the same mail at once, and a dead sender's claim runs out for another to take.
//
// The store computes nothing secret: the caller hashes the tokens. Times are milliseconds since
// the Unix epoch, the caller's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pg {

/// An account's e-mail address.
struct AccountEmail {
  std::string account_id;
  std::string address;                 ///< as the player wrote it; unique regardless of ASCII case
  std::optional<int64_t> verified_at;  ///< unset until a verification link was used
  bool mail_on = true;                 ///< whether "your move" mails are wanted
  std::string lang = "en";             ///< the language of its mails (a page language's code)

  bool operator==(const AccountEmail&) const = default;
};

/// What a link's token is for.
enum class EmailTokenKind { Verify, SignIn, Off };

/// "verify", "sign-in", "off".
const char* emailTokenKindName(EmailTokenKind k);
/// The kind of that name, if any.
std::optional<EmailTokenKind> emailTokenKindNamed(const std::string& name);

/// A link's token, by the SHA-256 hash of the token the link carries.
struct EmailToken {
  std::vector<uint8_t> hash;
  EmailTokenKind kind = EmailTokenKind::Verify;
  std::string account_id;
  std::string address;  ///< the address the link was sent to
  int64_t expires_at = 0;

  bool operator==(const EmailToken&) const = default;
};

/// A mail to queue. `dedupe_key` names it: a second mail with the same key is not queued.
struct MailDraft {
  std::string dedupe_key;
  std::string recipient;
  std::string subject;          ///< UTF-8, one line
  std::string body;             ///< UTF-8 plain text, lines ending "\n"
  std::string unsubscribe_url;  ///< for List-Unsubscribe; empty: none

  bool operator==(const MailDraft&) const = default;
};

/// A queued mail as a sender claims it.
struct QueuedMail {
  int64_t id = 0;  ///< unique in the database, never reused: the mail's Message-ID derives from it
  MailDraft draft;
  int64_t created_at = 0;
  int attempts = 0;  ///< the sending attempts begun, this one included

  bool operator==(const QueuedMail&) const = default;
};

/// A mail's state, for the operator and the tests.
struct MailState {
  QueuedMail mail;
  std::optional<int64_t> sent_at;
  std::optional<int64_t> failed_at;  ///< given up
  int64_t next_attempt_at = 0;
  int64_t claimed_until = 0;
  std::string last_error;

  bool operator==(const MailState&) const = default;
};

/// The key that makes addresses unique: the address with ASCII letters in lower case.
inline std::string emailAddressKey(const std::string& address) {
  std::string key = address;
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

/// Every method is safe to call from several threads and throws StoreError on failure.
class MailStore {
 public:
  virtual ~MailStore() = default;

  // Addresses.

  /// Sets the account's address, unverified, with mails on, its mails in `lang` (replacing any
  /// address it had). False, changing nothing, when another account has this address
  /// (regardless of ASCII case). Precondition: the account exists.
  virtual bool setAddress(const std::string& account_id, const std::string& address,
                          const std::string& lang) = 0;
  virtual std::optional<AccountEmail> address(const std::string& account_id) = 0;
  /// The account whose address this is, regardless of ASCII case.
  virtual std::optional<AccountEmail> addressOwner(const std::string& address) = 0;
  /// Marks the account's address verified at `at` if it is still `address` (exactly). False
  /// otherwise (the address changed or was removed since the link was sent).
  virtual bool markVerified(const std::string& account_id, const std::string& address,
                            int64_t at) = 0;
  /// Turns "your move" mails on or off; false if the account has no address.
  virtual bool setMailOn(const std::string& account_id, bool on) = 0;
  /// Removes the account's address; false if it had none.
  virtual bool removeAddress(const std::string& account_id) = 0;

  // Tokens.

  /// Stores a token. Precondition: no token has this hash.
  virtual void putToken(const EmailToken& t) = 0;
  /// Uses the token of this hash and kind if it is unused and unexpired at `now`, and returns
  /// it. Of any number of uses racing, on any nodes, one gets it.
  virtual std::optional<EmailToken> useToken(const std::vector<uint8_t>& hash, EmailTokenKind kind,
                                             int64_t now) = 0;
  /// Deletes the tokens expired at `now`; returns how many.
  virtual int expireTokens(int64_t now) = 0;

  // The outbox.

  /// Queues `m`, due at once, with `token` (if given) stored in the same transaction. False,
  /// storing nothing, when a mail with the same dedupe key was queued before (sent or not).
  virtual bool enqueue(const MailDraft& m, const std::optional<EmailToken>& token, int64_t now) = 0;
  /// Claims up to `limit` mails that are due at `now` (not sent, not given up, next attempt
  /// reached, no live claim) until `now + claim_ms`, counting an attempt for each; oldest due
  /// first. Two claimers racing never get the same mail.
  virtual std::vector<QueuedMail> claimDue(int64_t now, int64_t claim_ms, int limit) = 0;
  /// Marks the mail sent at `at` (and its claim ended). False if it was already marked sent.
  virtual bool markSent(int64_t id, int64_t at) = 0;
  /// Records a failed attempt: the mail is due again at `next_attempt_at`.
  virtual void markRetry(int64_t id, int64_t next_attempt_at, const std::string& error) = 0;
  /// Gives the mail up at `at`, keeping `error` for the operator.
  virtual void markFailed(int64_t id, int64_t at, const std::string& error) = 0;
  /// The mail queued under this dedupe key.
  virtual std::optional<MailState> mailByKey(const std::string& dedupe_key) = 0;
  /// How many mails are neither sent nor given up.
  virtual int64_t pendingCount() = 0;
  /// Deletes the mails sent or given up before `before` (at most `limit`); returns how many.
  /// Their dedupe keys are forgotten with them, so `before` must be older than any mail that
  /// could be asked for again.
  virtual int forgetOld(int64_t before, int limit) = 0;
};

}  // namespace pg
