// The players' accounts (account_store.h) in the PostgreSQL database of a PgStore, on a
// connection of their own (pg_reconnecting_connection.h: under a mutex; reconnected at once
// when its session is found gone, and, while the database stays away, at most once per backoff
// period). The schema is the PgStore's migration 4, so open that store first.
//
// Bytes (credential ids, public keys, challenges, token hashes) are bytea columns; the
// connection sends parameters as text, so they travel as hex: decode($n, 'hex') in and
// encode(column, 'hex') out.
//
// The single-use operations hold under PostgreSQL's row locks, whichever nodes race: a ceremony
// is taken by DELETE ... RETURNING (one deleter gets the row), a recovery code used by UPDATE
// ... WHERE used_at IS NULL and a sign count advanced by UPDATE ... WHERE sign_count = seen (a
// waiting UPDATE checks its WHERE clause again on the row the winner wrote). A passkey is
// removed in a transaction that first locks its account's row (SELECT ... FOR UPDATE), so the
// removals of one account's passkeys run one after the other, each counting what the previous
// one left. createAccount is one transaction whose inserts skip a taken name or credential id
// (ON CONFLICT DO NOTHING, waiting for a racing insert of the same key to commit) and roll
// everything back when one was skipped.
#pragma once

#include <string>

#include "store/account_store.h"
#include "store/pg_reconnecting_connection.h"

namespace pg {

/// The first key of the advisory locks that serialize the attempts of one kind and address
/// ("PGat"; the creation counts' is 0x50476372, the lobby's 0x5047636c).
inline constexpr int kAttemptLockKey = 0x50476174;

class PgAccountStore final : public AccountStore {
 public:
  /// Connects with libpq's `conninfo`. Throws StoreError when it cannot, or when the database
  /// has no accounts yet.
  explicit PgAccountStore(const std::string& conninfo);
  ~PgAccountStore() override;

  bool createAccount(const Account& a, const StoredPasskey& first,
                     const std::vector<std::string>& recovery_hashes) override;
  std::optional<Account> accountById(const std::string& id) override;
  std::optional<Account> accountByName(const std::string& name) override;
  bool nameTaken(const std::string& name) override;

  bool addPasskey(const StoredPasskey& p) override;
  std::vector<StoredPasskey> passkeys(const std::string& account_id) override;
  std::optional<StoredPasskey> passkey(const std::vector<uint8_t>& credential_id) override;
  bool removePasskey(const std::string& account_id,
                     const std::vector<uint8_t>& credential_id) override;
  bool advanceSignCount(const std::vector<uint8_t>& credential_id, int64_t seen, int64_t next,
                        int64_t at) override;

  void putCeremony(const StoredCeremony& c) override;
  std::optional<StoredCeremony> takeCeremony(const std::string& id, int64_t now) override;
  int expireCeremonies(int64_t now) override;

  void createSession(const std::vector<uint8_t>& token_hash, const std::string& account_id,
                     int64_t created_at, int64_t expires_at) override;
  std::optional<std::string> sessionAccount(const std::vector<uint8_t>& token_hash,
                                            int64_t now) override;
  void deleteSession(const std::vector<uint8_t>& token_hash) override;
  int deleteSessions(const std::string& account_id) override;
  int expireSessions(int64_t now) override;

  std::vector<RecoveryCode> unusedRecoveryCodes(const std::string& account_id) override;
  bool useRecoveryCode(const std::string& account_id, int64_t code_id, int64_t at) override;
  void replaceRecoveryCodes(const std::string& account_id,
                            const std::vector<std::string>& hashes) override;
  int64_t admitAttempt(const std::string& kind, const std::string& address, int64_t now,
                       int64_t window_ms, int max) override;

 private:
  pq::ReconnectingConnection db_;
};

}  // namespace pg
