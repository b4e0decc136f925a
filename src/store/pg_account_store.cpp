// PgAccountStore (pg_account_store.h): the players' accounts in the PostgreSQL database.
#include "store/pg_account_store.h"
#include "store/pg_migrations.h"

#include <algorithm>

namespace pg {

namespace {

constexpr int kFirstSchemaWithAccounts = 4;

using Bytes = std::vector<uint8_t>;

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  throw StoreError("reading bytes: not hexadecimal");
}

/// A column read as encode(column, 'hex').
Bytes bytesAt(const PGresult* r, int row, int column) {
  const std::string h = pq::text(r, row, column);
  if (h.size() % 2) throw StoreError("reading bytes: odd hexadecimal length");
  Bytes out(h.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<uint8_t>(hexDigit(h[2 * i]) * 16 + hexDigit(h[2 * i + 1]));
  return out;
}

constexpr const char* kPasskeyColumns =
    "encode(credential_id, 'hex'), account_id, alg, encode(public_key, 'hex'), sign_count, "
    "label, created_at, last_used_at";

StoredPasskey passkeyAt(const PGresult* r, int row) {
  StoredPasskey p;
  p.credential_id = bytesAt(r, row, 0);
  p.account_id = pq::text(r, row, 1);
  p.alg = static_cast<int32_t>(pq::int64At(r, row, 2));
  p.public_key = bytesAt(r, row, 3);
  p.sign_count = pq::int64At(r, row, 4);
  p.label = pq::text(r, row, 5);
  p.created_at = pq::int64At(r, row, 6);
  p.last_used_at = pq::int64At(r, row, 7);
  return p;
}

/// Inserts `p` (as the account's); false if its credential id is taken.
bool insertPasskey(pq::Connection& db, const StoredPasskey& p, const std::string& account_id) {
  const pq::Result r = db.execPrepared(
      "adding a passkey", "account_passkey_insert",
      "INSERT INTO passkeys (credential_id, account_id, alg, public_key, sign_count, label, "
      "created_at, last_used_at) VALUES (decode($1, 'hex'), $2, $3, decode($4, 'hex'), $5, $6, "
      "$7, $8) ON CONFLICT DO NOTHING",
      {pq::hex(p.credential_id), account_id, std::to_string(p.alg), pq::hex(p.public_key),
       std::to_string(p.sign_count), p.label, std::to_string(p.created_at),
       std::to_string(p.last_used_at)});
  return pq::affectedRows(r.get()) == 1;
}

void insertRecoveryCodes(pq::Connection& db, const std::string& account_id,
                         const std::vector<std::string>& hashes) {
  for (const std::string& h : hashes)
    db.execPrepared("storing a recovery code", "account_recovery_insert",
                    "INSERT INTO recovery_codes (account_id, hash) VALUES ($1, $2)",
                    {account_id, h});
}

std::optional<Account> accountAt(const pq::Result& r) {
  if (PQntuples(r.get()) == 0) return std::nullopt;
  return Account{pq::text(r.get(), 0, 0), pq::text(r.get(), 0, 1), pq::int64At(r.get(), 0, 2)};
}

/// Thrown inside createAccount's transaction to roll it back when a key is taken.
struct Taken {};

}  // namespace

PgAccountStore::PgAccountStore(const std::string& conninfo) : db_(conninfo) {
  db_.run("reading the schema version", [](pq::Connection& c) {
    pq::requireSchema(c, kFirstSchemaWithAccounts, "the accounts");
  });
}

PgAccountStore::~PgAccountStore() = default;

bool PgAccountStore::createAccount(const Account& a, const StoredPasskey& first,
                                   const std::vector<std::string>& recovery_hashes) {
  try {
    return db_.run("creating an account", [&](pq::Connection& db) {
      return pq::inTransaction(db, "creating an account", [&] {
        const pq::Result r = db.execPrepared(
            "creating an account", "account_insert",
            "INSERT INTO accounts (id, name, name_key, created_at) VALUES ($1, $2, $3, $4) "
            "ON CONFLICT DO NOTHING",
            {a.id, a.name, accountNameKey(a.name), std::to_string(a.created_at)});
        if (pq::affectedRows(r.get()) != 1) throw Taken{};
        if (!insertPasskey(db, first, a.id)) throw Taken{};
        insertRecoveryCodes(db, a.id, recovery_hashes);
        return true;
      });
    });
  } catch (const Taken&) {
    return false;  // rolled back
  }
}

std::optional<Account> PgAccountStore::accountById(const std::string& id) {
  return db_.run("reading an account", [&](pq::Connection& db) {
    return accountAt(db.execPrepared("reading an account", "account_by_id",
                                     "SELECT id, name, created_at FROM accounts WHERE id = $1",
                                     {id}));
  });
}

std::optional<Account> PgAccountStore::accountByName(const std::string& name) {
  return db_.run("reading an account", [&](pq::Connection& db) {
    return accountAt(db.execPrepared(
        "reading an account", "account_by_name",
        "SELECT id, name, created_at FROM accounts WHERE name_key = $1", {accountNameKey(name)}));
  });
}

bool PgAccountStore::nameTaken(const std::string& name) {
  return accountByName(name).has_value();
}

bool PgAccountStore::addPasskey(const StoredPasskey& p) {
  return db_.run("adding a passkey",
                 [&](pq::Connection& db) { return insertPasskey(db, p, p.account_id); });
}

std::vector<StoredPasskey> PgAccountStore::passkeys(const std::string& account_id) {
  return db_.run("reading passkeys", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "reading passkeys", "account_passkeys",
        std::string("SELECT ") + kPasskeyColumns +
            " FROM passkeys WHERE account_id = $1 ORDER BY created_at, credential_id",
        {account_id});
    std::vector<StoredPasskey> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.push_back(passkeyAt(r.get(), i));
    return out;
  });
}

std::optional<StoredPasskey> PgAccountStore::passkey(const Bytes& credential_id) {
  return db_.run("reading a passkey", [&](pq::Connection& db) -> std::optional<StoredPasskey> {
    const pq::Result r =
        db.execPrepared("reading a passkey", "account_passkey",
                        std::string("SELECT ") + kPasskeyColumns +
                            " FROM passkeys WHERE credential_id = decode($1, 'hex')",
                        {pq::hex(credential_id)});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    return passkeyAt(r.get(), 0);
  });
}

bool PgAccountStore::removePasskey(const std::string& account_id, const Bytes& credential_id) {
  return db_.run("removing a passkey", [&](pq::Connection& db) {
    return pq::inTransaction(db, "removing a passkey", [&] {
      // The account's row lock orders the removals of its passkeys; each DELETE then counts
      // (in a snapshot of its own, taken after the lock) what the previous one left.
      db.execPrepared("removing a passkey", "account_lock",
                      "SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE", {account_id});
      const pq::Result r = db.execPrepared(
          "removing a passkey", "account_passkey_remove",
          "DELETE FROM passkeys WHERE account_id = $1 AND credential_id = decode($2, 'hex') "
          "AND (SELECT count(*) FROM passkeys WHERE account_id = $1) > 1",
          {account_id, pq::hex(credential_id)});
      return pq::affectedRows(r.get()) == 1;
    });
  });
}

bool PgAccountStore::advanceSignCount(const Bytes& credential_id, int64_t seen, int64_t next,
                                      int64_t at) {
  return db_.run("advancing a sign count", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "advancing a sign count", "account_sign_count",
        "UPDATE passkeys SET sign_count = $3, last_used_at = $4 WHERE credential_id = "
        "decode($1, 'hex') AND sign_count = $2",
        {pq::hex(credential_id), std::to_string(seen), std::to_string(next), std::to_string(at)});
    return pq::affectedRows(r.get()) == 1;
  });
}

void PgAccountStore::putCeremony(const StoredCeremony& c) {
  db_.run("storing a ceremony", [&](pq::Connection& db) {
    db.execPrepared(
        "storing a ceremony", "ceremony_insert",
        "INSERT INTO ceremonies (id, purpose, account_id, challenge, expires_at) "
        "VALUES ($1, $2, $3, decode($4, 'hex'), $5)",
        {c.id, c.purpose, c.account_id, pq::hex(c.challenge), std::to_string(c.expires_at)});
  });
}

std::optional<StoredCeremony> PgAccountStore::takeCeremony(const std::string& id, int64_t now) {
  return db_.run("taking a ceremony", [&](pq::Connection& db) -> std::optional<StoredCeremony> {
    const pq::Result r =
        db.execPrepared("taking a ceremony", "ceremony_take",
                        "DELETE FROM ceremonies WHERE id = $1 RETURNING purpose, account_id, "
                        "encode(challenge, 'hex'), expires_at",
                        {id});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    StoredCeremony c{id, pq::text(r.get(), 0, 0), pq::text(r.get(), 0, 1), bytesAt(r.get(), 0, 2),
                     pq::int64At(r.get(), 0, 3)};
    if (c.expires_at <= now) return std::nullopt;
    return c;
  });
}

int PgAccountStore::expireCeremonies(int64_t now) {
  return db_.run("expiring ceremonies", [&](pq::Connection& db) {
    const pq::Result r =
        db.execPrepared("expiring ceremonies", "ceremony_expire",
                        "DELETE FROM ceremonies WHERE expires_at <= $1", {std::to_string(now)});
    return static_cast<int>(pq::affectedRows(r.get()));
  });
}

void PgAccountStore::createSession(const Bytes& token_hash, const std::string& account_id,
                                   int64_t created_at, int64_t expires_at) {
  db_.run("creating a session", [&](pq::Connection& db) {
    db.execPrepared(
        "creating a session", "session_insert",
        "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) "
        "VALUES (decode($1, 'hex'), $2, $3, $4)",
        {pq::hex(token_hash), account_id, std::to_string(created_at), std::to_string(expires_at)});
  });
}

std::optional<std::string> PgAccountStore::sessionAccount(const Bytes& token_hash, int64_t now) {
  return db_.run("reading a session", [&](pq::Connection& db) -> std::optional<std::string> {
    const pq::Result r = db.execPrepared(
        "reading a session", "session_account",
        "SELECT account_id FROM sessions WHERE token_hash = decode($1, 'hex') AND expires_at > $2",
        {pq::hex(token_hash), std::to_string(now)});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    return pq::text(r.get(), 0, 0);
  });
}

void PgAccountStore::deleteSession(const Bytes& token_hash) {
  db_.run("ending a session", [&](pq::Connection& db) {
    db.execPrepared("ending a session", "session_delete",
                    "DELETE FROM sessions WHERE token_hash = decode($1, 'hex')",
                    {pq::hex(token_hash)});
  });
}

int PgAccountStore::deleteSessions(const std::string& account_id) {
  return db_.run("ending an account's sessions", [&](pq::Connection& db) {
    const pq::Result r =
        db.execPrepared("ending an account's sessions", "session_delete_all",
                        "DELETE FROM sessions WHERE account_id = $1", {account_id});
    return static_cast<int>(pq::affectedRows(r.get()));
  });
}

int PgAccountStore::expireSessions(int64_t now) {
  return db_.run("expiring sessions", [&](pq::Connection& db) {
    const pq::Result r =
        db.execPrepared("expiring sessions", "session_expire",
                        "DELETE FROM sessions WHERE expires_at <= $1", {std::to_string(now)});
    return static_cast<int>(pq::affectedRows(r.get()));
  });
}

std::vector<RecoveryCode> PgAccountStore::unusedRecoveryCodes(const std::string& account_id) {
  return db_.run("reading recovery codes", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "reading recovery codes", "recovery_unused",
        "SELECT id, hash FROM recovery_codes WHERE account_id = $1 AND used_at IS NULL ORDER BY id",
        {account_id});
    std::vector<RecoveryCode> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
      out.push_back(RecoveryCode{pq::int64At(r.get(), i, 0), pq::text(r.get(), i, 1)});
    return out;
  });
}

bool PgAccountStore::useRecoveryCode(const std::string& account_id, int64_t code_id, int64_t at) {
  return db_.run("using a recovery code", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "using a recovery code", "recovery_use",
        "UPDATE recovery_codes SET used_at = $3 WHERE id = $2 AND account_id = $1 AND used_at IS "
        "NULL",
        {account_id, std::to_string(code_id), std::to_string(at)});
    return pq::affectedRows(r.get()) == 1;
  });
}

void PgAccountStore::replaceRecoveryCodes(const std::string& account_id,
                                          const std::vector<std::string>& hashes) {
  db_.run("replacing recovery codes", [&](pq::Connection& db) {
    pq::inTransaction(db, "replacing recovery codes", [&] {
      db.execPrepared("replacing recovery codes", "recovery_delete",
                      "DELETE FROM recovery_codes WHERE account_id = $1", {account_id});
      insertRecoveryCodes(db, account_id, hashes);
      return true;
    });
  });
}

int64_t PgAccountStore::admitAttempt(const std::string& kind, const std::string& address,
                                     int64_t now, int64_t window_ms, int max) {
  return db_.run("counting an attempt", [&](pq::Connection& db) {
    return pq::inTransaction(db, "counting an attempt", [&]() -> int64_t {
      db.execPrepared("locking an address's attempts", "attempt_lock",
                      "SELECT pg_advisory_xact_lock($1::int, hashtext($2 || ' ' || $3))",
                      {std::to_string(kAttemptLockKey), kind, address});
      db.execPrepared("forgetting old attempts", "attempt_forget",
                      "DELETE FROM auth_attempts WHERE ctid IN (SELECT ctid FROM auth_attempts "
                      "WHERE kind = $1 AND at <= $2 LIMIT 1000 FOR UPDATE SKIP LOCKED)",
                      {kind, std::to_string(now - window_ms)});
      const pq::Result r = db.execPrepared(
          "counting attempts", "attempt_count",
          "SELECT count(*), coalesce(min(at), 0) FROM auth_attempts WHERE kind = $1 AND "
          "address = $2 AND at > $3",
          {kind, address, std::to_string(now - window_ms)});
      const int64_t n = pq::int64At(r.get(), 0, 0);
      if (n >= max) return std::max<int64_t>(1, pq::int64At(r.get(), 0, 1) + window_ms - now);
      db.execPrepared("counting an attempt", "attempt_insert",
                      "INSERT INTO auth_attempts (kind, address, at) VALUES ($1, $2, $3)",
                      {kind, address, std::to_string(now)});
      return int64_t{0};
    });
  });
}

}  // namespace pg
