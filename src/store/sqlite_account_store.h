// The players' accounts (account_store.h) in the SQLite file of a SqliteStore, on a connection
// of their own (SQLite serializes the writers of one file; the busy timeout waits for the
// store's writer). The schema is the SqliteStore's (user_version 4 and later), so open that
// store first.
//
// Bytes (credential ids, public keys, challenges, token hashes) are BLOBs. The single-use
// operations are single statements, and SQLite runs one writer at a time: a ceremony is taken
// by DELETE ... RETURNING, a recovery code used by UPDATE ... WHERE used_at IS NULL, a sign
// count advanced by UPDATE ... WHERE sign_count = seen, and a passkey removed by a DELETE whose
// WHERE clause counts the account's passkeys. createAccount and replaceRecoveryCodes are
// IMMEDIATE transactions.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "store/account_store.h"
#include "store/sqlite_store.h"

namespace SQLite {
class Database;
}

namespace pg {

class SqliteAccountStore final : public AccountStore {
 public:
  /// Opens the file at `path`, which a SqliteStore has opened (and so brought up to date).
  /// Throws StoreError when it cannot, or when the file has no accounts yet.
  explicit SqliteAccountStore(const std::string& path, Durability durability = Durability::Full);
  ~SqliteAccountStore() override;

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
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace pg
