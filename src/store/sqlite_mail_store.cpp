// SqliteMailStore (sqlite_mail_store.h): the accounts' mail in the SQLite file.
#include "store/sqlite_mail_store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/sqlite_bytes.h"
#include "store/sqlite_guard.h"
#include "store/sqlite_sibling.h"

namespace pg {

namespace {

using sqlite::guarded;
using Bytes = std::vector<uint8_t>;

constexpr int kFirstSchemaWithMail = 8;

std::optional<int64_t> optionalAt(SQLite::Statement& q, int column) {
  if (q.getColumn(column).isNull()) return std::nullopt;
  return q.getColumn(column).getInt64();
}

constexpr const char* kEmailColumns = "account_id, address, verified_at, mail_on, lang";

AccountEmail emailAt(SQLite::Statement& q) {
  return AccountEmail{q.getColumn(0).getString(), q.getColumn(1).getString(), optionalAt(q, 2),
                      q.getColumn(3).getInt() != 0, q.getColumn(4).getString()};
}

std::optional<AccountEmail> emailWhere(SQLite::Database& db, const char* column,
                                       const std::string& value) {
  SQLite::Statement q(
      db, std::string("SELECT ") + kEmailColumns + " FROM account_emails WHERE " + column + " = ?");
  q.bind(1, value);
  if (!q.executeStep()) return std::nullopt;
  return emailAt(q);
}

void insertToken(SQLite::Database& db, const EmailToken& t) {
  SQLite::Statement q(db,
                      "INSERT INTO email_tokens (hash, kind, account_id, address, expires_at) "
                      "VALUES (?, ?, ?, ?, ?)");
  sqlite::bindBytes(q, 1, t.hash);
  q.bind(2, emailTokenKindName(t.kind));
  q.bind(3, t.account_id);
  q.bind(4, t.address);
  q.bind(5, static_cast<int64_t>(t.expires_at));
  q.exec();
}

constexpr const char* kMailColumns =
    "id, dedupe_key, recipient, subject, body, unsubscribe_url, created_at, attempts";

QueuedMail mailAt(SQLite::Statement& q) {
  QueuedMail m;
  m.id = q.getColumn(0).getInt64();
  m.draft.dedupe_key = q.getColumn(1).getString();
  m.draft.recipient = q.getColumn(2).getString();
  m.draft.subject = q.getColumn(3).getString();
  m.draft.body = q.getColumn(4).getString();
  m.draft.unsubscribe_url = q.getColumn(5).getString();
  m.created_at = q.getColumn(6).getInt64();
  m.attempts = q.getColumn(7).getInt();
  return m;
}

}  // namespace

SqliteMailStore::SqliteMailStore(const std::string& path, Durability durability)
    : db_(sqlite::openSibling(
          path, {"the mail", kFirstSchemaWithMail, durability == Durability::Full, true})) {}

SqliteMailStore::~SqliteMailStore() = default;

bool SqliteMailStore::setAddress(const std::string& account_id, const std::string& address,
                                 const std::string& lang) {
  std::lock_guard lock(mutex_);
  return guarded("setting an e-mail address", [&] {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement taken(
        *db_, "SELECT 1 FROM account_emails WHERE address_key = ? AND account_id <> ?");
    taken.bind(1, emailAddressKey(address));
    taken.bind(2, account_id);
    if (taken.executeStep()) return false;  // rolled back by tx
    taken.reset();
    SQLite::Statement q(*db_,
                        "INSERT INTO account_emails (account_id, address, address_key, "
                        "verified_at, mail_on, lang) VALUES (?1, ?2, ?3, NULL, 1, ?4) ON "
                        "CONFLICT (account_id) DO UPDATE SET address = ?2, address_key = ?3, "
                        "verified_at = NULL, mail_on = 1, lang = ?4");
    q.bind(1, account_id);
    q.bind(2, address);
    q.bind(3, emailAddressKey(address));
    q.bind(4, lang);
    q.exec();
    tx.commit();
    return true;
  });
}

std::optional<AccountEmail> SqliteMailStore::address(const std::string& account_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading an e-mail address",
                 [&] { return emailWhere(*db_, "account_id", account_id); });
}

std::optional<AccountEmail> SqliteMailStore::addressOwner(const std::string& address) {
  std::lock_guard lock(mutex_);
  return guarded("reading an e-mail address",
                 [&] { return emailWhere(*db_, "address_key", emailAddressKey(address)); });
}

bool SqliteMailStore::markVerified(const std::string& account_id, const std::string& address,
                                   int64_t at) {
  std::lock_guard lock(mutex_);
  return guarded("verifying an e-mail address", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE account_emails SET verified_at = coalesce(verified_at, ?) WHERE "
                        "account_id = ? AND address = ?");
    q.bind(1, static_cast<int64_t>(at));
    q.bind(2, account_id);
    q.bind(3, address);
    return q.exec() == 1;
  });
}

bool SqliteMailStore::setMailOn(const std::string& account_id, bool on) {
  std::lock_guard lock(mutex_);
  return guarded("turning mails on or off", [&] {
    SQLite::Statement q(*db_, "UPDATE account_emails SET mail_on = ? WHERE account_id = ?");
    q.bind(1, on ? 1 : 0);
    q.bind(2, account_id);
    return q.exec() == 1;
  });
}

bool SqliteMailStore::removeAddress(const std::string& account_id) {
  std::lock_guard lock(mutex_);
  return guarded("removing an e-mail address", [&] {
    SQLite::Statement q(*db_, "DELETE FROM account_emails WHERE account_id = ?");
    q.bind(1, account_id);
    return q.exec() == 1;
  });
}

void SqliteMailStore::putToken(const EmailToken& t) {
  std::lock_guard lock(mutex_);
  guarded("storing a mail token", [&] { insertToken(*db_, t); });
}

std::optional<EmailToken> SqliteMailStore::useToken(const Bytes& hash, EmailTokenKind kind,
                                                    int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("using a mail token", [&]() -> std::optional<EmailToken> {
    SQLite::Statement q(*db_,
                        "UPDATE email_tokens SET used_at = ?1 WHERE hash = ?2 AND kind = ?3 AND "
                        "used_at IS NULL AND expires_at > ?1 RETURNING account_id, address, "
                        "expires_at");
    q.bind(1, static_cast<int64_t>(now));
    sqlite::bindBytes(q, 2, hash);
    q.bind(3, emailTokenKindName(kind));
    if (!q.executeStep()) return std::nullopt;
    EmailToken t{hash, kind, q.getColumn(0).getString(), q.getColumn(1).getString(),
                 q.getColumn(2).getInt64()};
    while (q.executeStep()) {
    }
    return t;
  });
}

int SqliteMailStore::expireTokens(int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("expiring mail tokens", [&] {
    SQLite::Statement q(*db_, "DELETE FROM email_tokens WHERE expires_at <= ?");
    q.bind(1, static_cast<int64_t>(now));
    return q.exec();
  });
}

bool SqliteMailStore::enqueue(const MailDraft& m, const std::optional<EmailToken>& token,
                              int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("queueing a mail", [&] {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement q(*db_,
                        "INSERT INTO outbox (dedupe_key, recipient, subject, body, "
                        "unsubscribe_url, created_at, next_attempt_at) VALUES (?1, ?2, ?3, ?4, "
                        "?5, ?6, ?6) ON CONFLICT (dedupe_key) DO NOTHING");
    q.bind(1, m.dedupe_key);
    q.bind(2, m.recipient);
    q.bind(3, m.subject);
    q.bind(4, m.body);
    q.bind(5, m.unsubscribe_url);
    q.bind(6, static_cast<int64_t>(now));
    if (q.exec() != 1) return false;  // rolled back by tx
    if (token) insertToken(*db_, *token);
    tx.commit();
    return true;
  });
}

std::vector<QueuedMail> SqliteMailStore::claimDue(int64_t now, int64_t claim_ms, int limit) {
  std::lock_guard lock(mutex_);
  return guarded("claiming due mails", [&] {
    SQLite::Statement q(*db_,
                        std::string("UPDATE outbox SET claimed_until = ?2, attempts = attempts + "
                                    "1 WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL "
                                    "AND failed_at IS NULL AND next_attempt_at <= ?1 AND "
                                    "claimed_until <= ?1 ORDER BY next_attempt_at, id LIMIT ?3) "
                                    "RETURNING ") +
                            kMailColumns);
    q.bind(1, static_cast<int64_t>(now));
    q.bind(2, static_cast<int64_t>(now + claim_ms));
    q.bind(3, limit);
    std::vector<QueuedMail> out;
    while (q.executeStep()) out.push_back(mailAt(q));
    return out;
  });
}

bool SqliteMailStore::markSent(int64_t id, int64_t at) {
  std::lock_guard lock(mutex_);
  return guarded("marking a mail sent", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE outbox SET sent_at = ?, claimed_until = 0, last_error = '' WHERE "
                        "id = ? AND sent_at IS NULL");
    q.bind(1, static_cast<int64_t>(at));
    q.bind(2, static_cast<int64_t>(id));
    return q.exec() == 1;
  });
}

void SqliteMailStore::markRetry(int64_t id, int64_t next_attempt_at, const std::string& error) {
  std::lock_guard lock(mutex_);
  guarded("recording a failed mail", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE outbox SET next_attempt_at = ?, claimed_until = 0, last_error = "
                        "? WHERE id = ? AND sent_at IS NULL");
    q.bind(1, static_cast<int64_t>(next_attempt_at));
    q.bind(2, error);
    q.bind(3, static_cast<int64_t>(id));
    q.exec();
  });
}

void SqliteMailStore::markFailed(int64_t id, int64_t at, const std::string& error) {
  std::lock_guard lock(mutex_);
  guarded("giving a mail up", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE outbox SET failed_at = ?, claimed_until = 0, last_error = ? WHERE "
                        "id = ? AND sent_at IS NULL");
    q.bind(1, static_cast<int64_t>(at));
    q.bind(2, error);
    q.bind(3, static_cast<int64_t>(id));
    q.exec();
  });
}

std::optional<MailState> SqliteMailStore::mailByKey(const std::string& dedupe_key) {
  std::lock_guard lock(mutex_);
  return guarded("reading a mail", [&]() -> std::optional<MailState> {
    SQLite::Statement q(*db_, std::string("SELECT ") + kMailColumns +
                                  ", sent_at, failed_at, next_attempt_at, claimed_until, "
                                  "last_error FROM outbox WHERE dedupe_key = ?");
    q.bind(1, dedupe_key);
    if (!q.executeStep()) return std::nullopt;
    MailState s;
    s.mail = mailAt(q);
    s.sent_at = optionalAt(q, 8);
    s.failed_at = optionalAt(q, 9);
    s.next_attempt_at = q.getColumn(10).getInt64();
    s.claimed_until = q.getColumn(11).getInt64();
    s.last_error = q.getColumn(12).getString();
    return s;
  });
}

int64_t SqliteMailStore::pendingCount() {
  std::lock_guard lock(mutex_);
  return guarded("counting the queued mails", [&] {
    return db_
        ->execAndGet("SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL")
        .getInt64();
  });
}

int SqliteMailStore::forgetOld(int64_t before, int limit) {
  std::lock_guard lock(mutex_);
  return guarded("forgetting old mails", [&] {
    SQLite::Statement q(*db_,
                        "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE sent_at < ?1 "
                        "OR failed_at < ?1 LIMIT ?2)");
    q.bind(1, static_cast<int64_t>(before));
    q.bind(2, limit);
    return q.exec();
  });
}

}  // namespace pg
