// SqliteAccountStore (sqlite_account_store.h): the players' accounts in the SQLite file.
#include "store/sqlite_account_store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

#include "store/sqlite_bytes.h"
#include "store/sqlite_guard.h"
#include "store/sqlite_sibling.h"

namespace pg {

namespace {

using sqlite::guarded;

constexpr int kFirstSchemaWithAccounts = 4;

using Bytes = std::vector<uint8_t>;

/// Binds bytes as a BLOB (an empty one too: never NULL).
Bytes bytesAt(SQLite::Statement& q, int column) {
  const SQLite::Column c = q.getColumn(column);
  const auto* p = static_cast<const uint8_t*>(c.getBlob());
  const int n = c.getBytes();
  return p && n > 0 ? Bytes(p, p + n) : Bytes{};
}

constexpr const char* kPasskeyColumns =
    "credential_id, account_id, alg, public_key, sign_count, label, created_at, last_used_at";

StoredPasskey passkeyAt(SQLite::Statement& q) {
  StoredPasskey p;
  p.credential_id = bytesAt(q, 0);
  p.account_id = q.getColumn(1).getString();
  p.alg = q.getColumn(2).getInt();
  p.public_key = bytesAt(q, 3);
  p.sign_count = q.getColumn(4).getInt64();
  p.label = q.getColumn(5).getString();
  p.created_at = q.getColumn(6).getInt64();
  p.last_used_at = q.getColumn(7).getInt64();
  return p;
}

/// Inserts `p` (as the account's); false if its credential id is taken.
bool insertPasskey(SQLite::Database& db, const StoredPasskey& p, const std::string& account_id) {
  SQLite::Statement q(db, std::string("INSERT INTO passkeys (") + kPasskeyColumns +
                              ") VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
  sqlite::bindBytes(q, 1, p.credential_id);
  q.bind(2, account_id);
  q.bind(3, p.alg);
  sqlite::bindBytes(q, 4, p.public_key);
  q.bind(5, static_cast<int64_t>(p.sign_count));
  q.bind(6, p.label);
  q.bind(7, static_cast<int64_t>(p.created_at));
  q.bind(8, static_cast<int64_t>(p.last_used_at));
  return q.exec() == 1;
}

void insertRecoveryCodes(SQLite::Database& db, const std::string& account_id,
                         const std::vector<std::string>& hashes) {
  SQLite::Statement q(db, "INSERT INTO recovery_codes (account_id, hash) VALUES (?, ?)");
  for (const std::string& h : hashes) {
    q.bind(1, account_id);
    q.bind(2, h);
    q.exec();
    q.reset();
  }
}

std::optional<Account> accountWhere(SQLite::Database& db, const char* column,
                                    const std::string& value) {
  SQLite::Statement q(
      db, std::string("SELECT id, name, created_at FROM accounts WHERE ") + column + " = ?");
  q.bind(1, value);
  if (!q.executeStep()) return std::nullopt;
  return Account{q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt64()};
}

}  // namespace

SqliteAccountStore::SqliteAccountStore(const std::string& path, Durability durability)
    : db_(sqlite::openSibling(
          path, {"the accounts", kFirstSchemaWithAccounts, durability == Durability::Full, true})) {
}

SqliteAccountStore::~SqliteAccountStore() = default;

bool SqliteAccountStore::createAccount(const Account& a, const StoredPasskey& first,
                                       const std::vector<std::string>& recovery_hashes) {
  std::lock_guard lock(mutex_);
  return guarded("creating an account", [&] {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement q(*db_,
                        "INSERT INTO accounts (id, name, name_key, created_at) VALUES (?, ?, ?, "
                        "?) ON CONFLICT DO NOTHING");
    q.bind(1, a.id);
    q.bind(2, a.name);
    q.bind(3, accountNameKey(a.name));
    q.bind(4, static_cast<int64_t>(a.created_at));
    if (q.exec() != 1) return false;                      // rolled back by tx
    if (!insertPasskey(*db_, first, a.id)) return false;  // idem
    insertRecoveryCodes(*db_, a.id, recovery_hashes);
    tx.commit();
    return true;
  });
}

std::optional<Account> SqliteAccountStore::accountById(const std::string& id) {
  std::lock_guard lock(mutex_);
  return guarded("reading an account", [&] { return accountWhere(*db_, "id", id); });
}

std::optional<Account> SqliteAccountStore::accountByName(const std::string& name) {
  std::lock_guard lock(mutex_);
  return guarded("reading an account",
                 [&] { return accountWhere(*db_, "name_key", accountNameKey(name)); });
}

bool SqliteAccountStore::nameTaken(const std::string& name) {
  std::lock_guard lock(mutex_);
  return guarded("reading an account", [&] {
    SQLite::Statement q(*db_, "SELECT 1 FROM accounts WHERE name_key = ?");
    q.bind(1, accountNameKey(name));
    return q.executeStep();
  });
}

bool SqliteAccountStore::addPasskey(const StoredPasskey& p) {
  std::lock_guard lock(mutex_);
  return guarded("adding a passkey", [&] { return insertPasskey(*db_, p, p.account_id); });
}

std::vector<StoredPasskey> SqliteAccountStore::passkeys(const std::string& account_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading passkeys", [&] {
    SQLite::Statement q(*db_, std::string("SELECT ") + kPasskeyColumns +
                                  " FROM passkeys WHERE account_id = ? ORDER BY created_at, "
                                  "credential_id");
    q.bind(1, account_id);
    std::vector<StoredPasskey> out;
    while (q.executeStep()) out.push_back(passkeyAt(q));
    return out;
  });
}

std::optional<StoredPasskey> SqliteAccountStore::passkey(const Bytes& credential_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading a passkey", [&]() -> std::optional<StoredPasskey> {
    SQLite::Statement q(
        *db_, std::string("SELECT ") + kPasskeyColumns + " FROM passkeys WHERE credential_id = ?");
    sqlite::bindBytes(q, 1, credential_id);
    if (!q.executeStep()) return std::nullopt;
    return passkeyAt(q);
  });
}

bool SqliteAccountStore::removePasskey(const std::string& account_id, const Bytes& credential_id) {
  std::lock_guard lock(mutex_);
  return guarded("removing a passkey", [&] {
    SQLite::Statement q(*db_,
                        "DELETE FROM passkeys WHERE account_id = ?1 AND credential_id = ?2 AND "
                        "(SELECT count(*) FROM passkeys WHERE account_id = ?1) > 1");
    q.bind(1, account_id);
    sqlite::bindBytes(q, 2, credential_id);
    return q.exec() == 1;
  });
}

bool SqliteAccountStore::advanceSignCount(const Bytes& credential_id, int64_t seen, int64_t next,
                                          int64_t at) {
  std::lock_guard lock(mutex_);
  return guarded("advancing a sign count", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE passkeys SET sign_count = ?, last_used_at = ? WHERE "
                        "credential_id = ? AND sign_count = ?");
    q.bind(1, static_cast<int64_t>(next));
    q.bind(2, static_cast<int64_t>(at));
    sqlite::bindBytes(q, 3, credential_id);
    q.bind(4, static_cast<int64_t>(seen));
    return q.exec() == 1;
  });
}

void SqliteAccountStore::putCeremony(const StoredCeremony& c) {
  std::lock_guard lock(mutex_);
  guarded("storing a ceremony", [&] {
    SQLite::Statement q(*db_,
                        "INSERT INTO ceremonies (id, purpose, account_id, challenge, expires_at) "
                        "VALUES (?, ?, ?, ?, ?)");
    q.bind(1, c.id);
    q.bind(2, c.purpose);
    q.bind(3, c.account_id);
    sqlite::bindBytes(q, 4, c.challenge);
    q.bind(5, static_cast<int64_t>(c.expires_at));
    q.exec();
  });
}

std::optional<StoredCeremony> SqliteAccountStore::takeCeremony(const std::string& id, int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("taking a ceremony", [&]() -> std::optional<StoredCeremony> {
    SQLite::Statement q(*db_,
                        "DELETE FROM ceremonies WHERE id = ? RETURNING purpose, account_id, "
                        "challenge, expires_at");
    q.bind(1, id);
    if (!q.executeStep()) return std::nullopt;
    StoredCeremony c{id, q.getColumn(0).getString(), q.getColumn(1).getString(), bytesAt(q, 2),
                     q.getColumn(3).getInt64()};
    while (q.executeStep()) {
    }
    if (c.expires_at <= now) return std::nullopt;
    return c;
  });
}

int SqliteAccountStore::expireCeremonies(int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("expiring ceremonies", [&] {
    SQLite::Statement q(*db_, "DELETE FROM ceremonies WHERE expires_at <= ?");
    q.bind(1, static_cast<int64_t>(now));
    return q.exec();
  });
}

void SqliteAccountStore::createSession(const Bytes& token_hash, const std::string& account_id,
                                       int64_t created_at, int64_t expires_at) {
  std::lock_guard lock(mutex_);
  guarded("creating a session", [&] {
    SQLite::Statement q(*db_,
                        "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) "
                        "VALUES (?, ?, ?, ?)");
    sqlite::bindBytes(q, 1, token_hash);
    q.bind(2, account_id);
    q.bind(3, static_cast<int64_t>(created_at));
    q.bind(4, static_cast<int64_t>(expires_at));
    q.exec();
  });
}

std::optional<std::string> SqliteAccountStore::sessionAccount(const Bytes& token_hash,
                                                              int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("reading a session", [&]() -> std::optional<std::string> {
    SQLite::Statement q(*db_,
                        "SELECT account_id FROM sessions WHERE token_hash = ? AND expires_at > ?");
    sqlite::bindBytes(q, 1, token_hash);
    q.bind(2, static_cast<int64_t>(now));
    if (!q.executeStep()) return std::nullopt;
    return q.getColumn(0).getString();
  });
}

void SqliteAccountStore::deleteSession(const Bytes& token_hash) {
  std::lock_guard lock(mutex_);
  guarded("ending a session", [&] {
    SQLite::Statement q(*db_, "DELETE FROM sessions WHERE token_hash = ?");
    sqlite::bindBytes(q, 1, token_hash);
    q.exec();
  });
}

int SqliteAccountStore::deleteSessions(const std::string& account_id) {
  std::lock_guard lock(mutex_);
  return guarded("ending an account's sessions", [&] {
    SQLite::Statement q(*db_, "DELETE FROM sessions WHERE account_id = ?");
    q.bind(1, account_id);
    return q.exec();
  });
}

int SqliteAccountStore::expireSessions(int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("expiring sessions", [&] {
    SQLite::Statement q(*db_, "DELETE FROM sessions WHERE expires_at <= ?");
    q.bind(1, static_cast<int64_t>(now));
    return q.exec();
  });
}

std::vector<RecoveryCode> SqliteAccountStore::unusedRecoveryCodes(const std::string& account_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading recovery codes", [&] {
    SQLite::Statement q(*db_,
                        "SELECT id, hash FROM recovery_codes WHERE account_id = ? AND used_at IS "
                        "NULL ORDER BY id");
    q.bind(1, account_id);
    std::vector<RecoveryCode> out;
    while (q.executeStep())
      out.push_back(RecoveryCode{q.getColumn(0).getInt64(), q.getColumn(1).getString()});
    return out;
  });
}

bool SqliteAccountStore::useRecoveryCode(const std::string& account_id, int64_t code_id,
                                         int64_t at) {
  std::lock_guard lock(mutex_);
  return guarded("using a recovery code", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE recovery_codes SET used_at = ? WHERE id = ? AND account_id = ? "
                        "AND used_at IS NULL");
    q.bind(1, static_cast<int64_t>(at));
    q.bind(2, static_cast<int64_t>(code_id));
    q.bind(3, account_id);
    return q.exec() == 1;
  });
}

void SqliteAccountStore::replaceRecoveryCodes(const std::string& account_id,
                                              const std::vector<std::string>& hashes) {
  std::lock_guard lock(mutex_);
  guarded("replacing recovery codes", [&] {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement q(*db_, "DELETE FROM recovery_codes WHERE account_id = ?");
    q.bind(1, account_id);
    q.exec();
    insertRecoveryCodes(*db_, account_id, hashes);
    tx.commit();
  });
}

int64_t SqliteAccountStore::admitAttempt(const std::string& kind, const std::string& address,
                                         int64_t now, int64_t window_ms, int max) {
  std::lock_guard lock(mutex_);
  return guarded("counting an attempt", [&]() -> int64_t {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement forget(*db_, "DELETE FROM auth_attempts WHERE kind = ? AND at <= ?");
    forget.bind(1, kind);
    forget.bind(2, static_cast<int64_t>(now - window_ms));
    forget.exec();
    SQLite::Statement count(*db_,
                            "SELECT count(*), coalesce(min(at), 0) FROM auth_attempts WHERE kind "
                            "= ? AND address = ?");
    count.bind(1, kind);
    count.bind(2, address);
    count.executeStep();
    const int64_t n = count.getColumn(0).getInt64();
    const int64_t oldest = count.getColumn(1).getInt64();
    count.reset();
    int64_t wait = 0;
    if (n >= max) {
      wait = std::max<int64_t>(1, oldest + window_ms - now);
    } else {
      SQLite::Statement add(*db_, "INSERT INTO auth_attempts (kind, address, at) VALUES (?, ?, ?)");
      add.bind(1, kind);
      add.bind(2, address);
      add.bind(3, static_cast<int64_t>(now));
      add.exec();
    }
    tx.commit();  // the forgetting, and the attempt if it counted
    return wait;
  });
}

}  // namespace pg
