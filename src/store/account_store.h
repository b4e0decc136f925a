// The players' accounts: the account itself (a unique name), its passkeys (WebAuthn
// credentials: src/passkey/ceremony.h checks them, this only keeps them), the challenges of the
// ceremonies in progress, the sessions (by the SHA-256 hash of their cookie token) and the
// recovery codes (by their hashes). It lives in the same database as the tables (the SQLite
// file or the PostgreSQL database that every node shares), so every node sees the same
// accounts, and each single-use thing is used once whichever nodes race for it: a ceremony's
// challenge is taken (deleted and returned) by one statement, a recovery code is used by one
// UPDATE ... WHERE used_at IS NULL, a passkey's signature counter moves by compare-and-set, and
// an account's last passkey cannot be removed, even by two removals racing each other.
//
// The store computes nothing secret: the caller hashes session tokens and recovery codes, and
// chooses ids. Times are milliseconds since the Unix epoch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace pg {

/// A player's account.
struct Account {
  std::string id;
  std::string name;  ///< as the player wrote it; unique regardless of ASCII case
  int64_t created_at = 0;

  bool operator==(const Account&) const = default;
};

/// One passkey of an account: a WebAuthn credential and its public key (DER, as
/// passkey::PublicKey keeps it).
struct StoredPasskey {
  std::vector<uint8_t> credential_id;  ///< unique among all accounts
  std::string account_id;
  int32_t alg = 0;                  ///< COSE algorithm
  std::vector<uint8_t> public_key;  ///< DER SubjectPublicKeyInfo
  int64_t sign_count = 0;
  std::string label;  ///< the player's name for it
  int64_t created_at = 0;
  int64_t last_used_at = 0;

  bool operator==(const StoredPasskey&) const = default;
};

/// The challenge of a registration or sign-in ceremony in progress, single use.
struct StoredCeremony {
  std::string id;
  std::string purpose;     ///< what the ceremony is for ("register", "sign-in", ...)
  std::string account_id;  ///< empty when no account is known yet
  std::vector<uint8_t> challenge;
  int64_t expires_at = 0;  ///< unusable from this time on

  bool operator==(const StoredCeremony&) const = default;
};

/// An unused recovery code: its row id and the hash the caller stored.
struct RecoveryCode {
  int64_t id = 0;
  std::string hash;

  bool operator==(const RecoveryCode&) const = default;
};

/// The key that makes account names unique: the name with ASCII letters in lower case (the
/// names themselves are checked elsewhere).
inline std::string accountNameKey(const std::string& name) {
  std::string key = name;
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

/// Every method is safe to call from several threads and throws StoreError on failure.
class AccountStore {
 public:
  virtual ~AccountStore() = default;

  // Accounts.

  /// Creates the account, its first passkey (stored with account_id = a.id, whatever
  /// first.account_id says) and its recovery codes in one transaction. False, creating
  /// nothing, when the name (regardless of ASCII case), the account id or the credential id
  /// is taken.
  virtual bool createAccount(const Account& a, const StoredPasskey& first,
                             const std::vector<std::string>& recovery_hashes) = 0;
  virtual std::optional<Account> accountById(const std::string& id) = 0;
  /// The account of this name, regardless of ASCII case.
  virtual std::optional<Account> accountByName(const std::string& name) = 0;
  virtual bool nameTaken(const std::string& name) = 0;

  // Passkeys.

  /// Adds a passkey to the account p.account_id (which exists). False if the credential id is
  /// taken.
  virtual bool addPasskey(const StoredPasskey& p) = 0;
  /// The account's passkeys, oldest first.
  virtual std::vector<StoredPasskey> passkeys(const std::string& account_id) = 0;
  virtual std::optional<StoredPasskey> passkey(const std::vector<uint8_t>& credential_id) = 0;
  /// Removes one of the account's passkeys unless it is the last: false (nothing removed)
  /// when it is, or when the account has no such passkey. Two removals racing for an
  /// account's last two passkeys remove one.
  virtual bool removePasskey(const std::string& account_id,
                             const std::vector<uint8_t>& credential_id) = 0;
  /// Compare-and-set: sets the passkey's sign_count to `next` and last_used_at to `at` if its
  /// sign_count is still `seen`. False otherwise (another node used it meanwhile, or no such
  /// passkey).
  virtual bool advanceSignCount(const std::vector<uint8_t>& credential_id, int64_t seen,
                                int64_t next, int64_t at) = 0;

  // Ceremony challenges.

  /// Stores a ceremony. Precondition: no ceremony has this id.
  virtual void putCeremony(const StoredCeremony& c) = 0;
  /// Takes the ceremony: deletes it and returns it if it has not expired at `now` (an expired
  /// one is deleted too). Of any number of takers, on any nodes, one gets it.
  virtual std::optional<StoredCeremony> takeCeremony(const std::string& id, int64_t now) = 0;
  /// Deletes the ceremonies expired at `now`; returns how many.
  virtual int expireCeremonies(int64_t now) = 0;

  // Sessions, by the SHA-256 hash of their token.

  virtual void createSession(const std::vector<uint8_t>& token_hash, const std::string& account_id,
                             int64_t created_at, int64_t expires_at) = 0;
  /// The session's account, if the session exists and has not expired at `now`.
  virtual std::optional<std::string> sessionAccount(const std::vector<uint8_t>& token_hash,
                                                    int64_t now) = 0;
  virtual void deleteSession(const std::vector<uint8_t>& token_hash) = 0;
  /// Ends every session of the account ("sign out everywhere"); returns how many.
  virtual int deleteSessions(const std::string& account_id) = 0;
  /// Deletes the sessions expired at `now`; returns how many.
  virtual int expireSessions(int64_t now) = 0;

  // Recovery codes, by their hashes.

  /// The account's unused codes, in the order they were stored.
  virtual std::vector<RecoveryCode> unusedRecoveryCodes(const std::string& account_id) = 0;
  /// Marks the code used at `at` if it is the account's and still unused: of any number of
  /// uses racing, one gets true.
  virtual bool useRecoveryCode(const std::string& account_id, int64_t code_id, int64_t at) = 0;
  /// Replaces all the account's codes (used or not) by new ones, in one transaction.
  virtual void replaceRecoveryCodes(const std::string& account_id,
                                    const std::vector<std::string>& hashes) = 0;

  // Attempts, counted per client address for their limits.

  /// Counts one attempt of `kind` ("sign-in", "recover", ...) by `address` at `now`, if fewer
  /// than `max` of that kind by that address fall in the `window_ms` before `now`, and returns
  /// 0. Otherwise counts nothing and returns the milliseconds until the oldest counted attempt
  /// leaves the window (at least 1). Serialized per kind and address on every node, so two
  /// nodes never both pass the limit. Also forgets attempts of the kind that left the window.
  virtual int64_t admitAttempt(const std::string& kind, const std::string& address, int64_t now,
                               int64_t window_ms, int max) = 0;
};

}  // namespace pg
