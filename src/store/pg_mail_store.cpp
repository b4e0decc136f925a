// PgMailStore (pg_mail_store.h): the accounts' mail in the PostgreSQL database.
#include "store/pg_mail_store.h"

#include "store/pg_migrations.h"

namespace pg {

namespace {

constexpr int kFirstSchemaWithMail = 9;

using Bytes = std::vector<uint8_t>;

constexpr const char* kEmailColumns = "account_id, address, verified_at, mail_on, lang";

std::optional<AccountEmail> emailAt(const pq::Result& r) {
  if (PQntuples(r.get()) == 0) return std::nullopt;
  return AccountEmail{pq::text(r.get(), 0, 0), pq::text(r.get(), 0, 1),
                      pq::optionalInt(r.get(), 0, 2), pq::text(r.get(), 0, 3) == "t",
                      pq::text(r.get(), 0, 4)};
}

void insertToken(pq::Connection& db, const EmailToken& t) {
  db.execPrepared("storing a mail token", "mail_token_insert",
                  "INSERT INTO email_tokens (hash, kind, account_id, address, expires_at) VALUES "
                  "(decode($1, 'hex'), $2, $3, $4, $5)",
                  {pq::hex(t.hash), std::string(emailTokenKindName(t.kind)), t.account_id,
                   t.address, std::to_string(t.expires_at)});
}

constexpr const char* kMailColumns =
    "id, dedupe_key, recipient, subject, body, unsubscribe_url, created_at, attempts";

QueuedMail mailAt(const PGresult* r, int row) {
  QueuedMail m;
  m.id = pq::int64At(r, row, 0);
  m.draft.dedupe_key = pq::text(r, row, 1);
  m.draft.recipient = pq::text(r, row, 2);
  m.draft.subject = pq::text(r, row, 3);
  m.draft.body = pq::text(r, row, 4);
  m.draft.unsubscribe_url = pq::text(r, row, 5);
  m.created_at = pq::int64At(r, row, 6);
  m.attempts = static_cast<int>(pq::int64At(r, row, 7));
  return m;
}

/// Thrown inside a transaction to roll it back.
struct Refused {};

}  // namespace

PgMailStore::PgMailStore(const std::string& conninfo) : db_(conninfo) {
  db_.run("reading the schema version",
          [](pq::Connection& c) { pq::requireSchema(c, kFirstSchemaWithMail, "the mail"); });
}

PgMailStore::~PgMailStore() = default;

bool PgMailStore::setAddress(const std::string& account_id, const std::string& address,
                             const std::string& lang) {
  try {
    return db_.run("setting an e-mail address", [&](pq::Connection& db) {
      return pq::inTransaction(db, "setting an e-mail address", [&] {
        const pq::Result taken = db.execPrepared(
            "setting an e-mail address", "mail_address_taken",
            "SELECT 1 FROM account_emails WHERE address_key = $1 AND account_id <> $2",
            {emailAddressKey(address), account_id});
        if (PQntuples(taken.get()) > 0) throw Refused{};
        db.execPrepared("setting an e-mail address", "mail_address_upsert",
                        "INSERT INTO account_emails (account_id, address, address_key, "
                        "verified_at, mail_on, lang) VALUES ($1, $2, $3, NULL, true, $4) ON "
                        "CONFLICT (account_id) DO UPDATE SET address = $2, address_key = $3, "
                        "verified_at = NULL, mail_on = true, lang = $4",
                        {account_id, address, emailAddressKey(address), lang});
        return true;
      });
    });
  } catch (const Refused&) {
    return false;
  } catch (const StoreError&) {
    // Another account's insert of the same address committed between the check and the
    // upsert (a unique violation): the address is taken. Anything else is an error.
    const auto owner = addressOwner(address);
    if (owner && owner->account_id != account_id) return false;
    throw;
  }
}

std::optional<AccountEmail> PgMailStore::address(const std::string& account_id) {
  return db_.run("reading an e-mail address", [&](pq::Connection& db) {
    return emailAt(db.execPrepared(
        "reading an e-mail address", "mail_address_by_account",
        std::string("SELECT ") + kEmailColumns + " FROM account_emails WHERE account_id = $1",
        {account_id}));
  });
}

std::optional<AccountEmail> PgMailStore::addressOwner(const std::string& address) {
  return db_.run("reading an e-mail address", [&](pq::Connection& db) {
    return emailAt(db.execPrepared(
        "reading an e-mail address", "mail_address_by_key",
        std::string("SELECT ") + kEmailColumns + " FROM account_emails WHERE address_key = $1",
        {emailAddressKey(address)}));
  });
}

bool PgMailStore::markVerified(const std::string& account_id, const std::string& address,
                               int64_t at) {
  return db_.run("verifying an e-mail address", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "verifying an e-mail address", "mail_address_verify",
        "UPDATE account_emails SET verified_at = coalesce(verified_at, $3) WHERE account_id = $1 "
        "AND address = $2",
        {account_id, address, std::to_string(at)});
    return pq::affectedRows(r.get()) == 1;
  });
}

bool PgMailStore::setMailOn(const std::string& account_id, bool on) {
  return db_.run("turning mails on or off", [&](pq::Connection& db) {
    const pq::Result r =
        db.execPrepared("turning mails on or off", "mail_address_on",
                        "UPDATE account_emails SET mail_on = $2 WHERE account_id = $1",
                        {account_id, std::string(on ? "true" : "false")});
    return pq::affectedRows(r.get()) == 1;
  });
}

bool PgMailStore::removeAddress(const std::string& account_id) {
  return db_.run("removing an e-mail address", [&](pq::Connection& db) {
    const pq::Result r =
        db.execPrepared("removing an e-mail address", "mail_address_delete",
                        "DELETE FROM account_emails WHERE account_id = $1", {account_id});
    return pq::affectedRows(r.get()) == 1;
  });
}

void PgMailStore::putToken(const EmailToken& t) {
  db_.run("storing a mail token", [&](pq::Connection& db) { insertToken(db, t); });
}

std::optional<EmailToken> PgMailStore::useToken(const Bytes& hash, EmailTokenKind kind,
                                                int64_t now) {
  return db_.run("using a mail token", [&](pq::Connection& db) -> std::optional<EmailToken> {
    const pq::Result r = db.execPrepared(
        "using a mail token", "mail_token_use",
        "UPDATE email_tokens SET used_at = $3 WHERE hash = decode($1, 'hex') AND kind = $2 AND "
        "used_at IS NULL AND expires_at > $3 RETURNING account_id, address, expires_at",
        {pq::hex(hash), std::string(emailTokenKindName(kind)), std::to_string(now)});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    return EmailToken{hash, kind, pq::text(r.get(), 0, 0), pq::text(r.get(), 0, 1),
                      pq::int64At(r.get(), 0, 2)};
  });
}

int PgMailStore::expireTokens(int64_t now) {
  return db_.run("expiring mail tokens", [&](pq::Connection& db) {
    const pq::Result r =
        db.execPrepared("expiring mail tokens", "mail_token_expire",
                        "DELETE FROM email_tokens WHERE expires_at <= $1", {std::to_string(now)});
    return static_cast<int>(pq::affectedRows(r.get()));
  });
}

bool PgMailStore::enqueue(const MailDraft& m, const std::optional<EmailToken>& token, int64_t now) {
  try {
    return db_.run("queueing a mail", [&](pq::Connection& db) {
      return pq::inTransaction(db, "queueing a mail", [&] {
        const pq::Result r = db.execPrepared(
            "queueing a mail", "mail_enqueue",
            "INSERT INTO outbox (dedupe_key, recipient, subject, body, unsubscribe_url, "
            "created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT "
            "(dedupe_key) DO NOTHING",
            {m.dedupe_key, m.recipient, m.subject, m.body, m.unsubscribe_url, std::to_string(now)});
        if (pq::affectedRows(r.get()) != 1) throw Refused{};
        if (token) insertToken(db, *token);
        return true;
      });
    });
  } catch (const Refused&) {
    return false;
  }
}

std::vector<QueuedMail> PgMailStore::claimDue(int64_t now, int64_t claim_ms, int limit) {
  return db_.run("claiming due mails", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "claiming due mails", "mail_claim",
        std::string("UPDATE outbox SET claimed_until = $2, attempts = attempts + 1 WHERE id IN "
                    "(SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND "
                    "next_attempt_at <= $1 AND claimed_until <= $1 ORDER BY next_attempt_at, id "
                    "LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING ") +
            kMailColumns,
        {std::to_string(now), std::to_string(now + claim_ms), std::to_string(limit)});
    std::vector<QueuedMail> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.push_back(mailAt(r.get(), i));
    return out;
  });
}

bool PgMailStore::markSent(int64_t id, int64_t at) {
  return db_.run("marking a mail sent", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "marking a mail sent", "mail_sent",
        "UPDATE outbox SET sent_at = $2, claimed_until = 0, last_error = '' WHERE id = $1 AND "
        "sent_at IS NULL",
        {std::to_string(id), std::to_string(at)});
    return pq::affectedRows(r.get()) == 1;
  });
}

void PgMailStore::markRetry(int64_t id, int64_t next_attempt_at, const std::string& error) {
  db_.run("recording a failed mail", [&](pq::Connection& db) {
    db.execPrepared("recording a failed mail", "mail_retry",
                    "UPDATE outbox SET next_attempt_at = $2, claimed_until = 0, last_error = $3 "
                    "WHERE id = $1 AND sent_at IS NULL",
                    {std::to_string(id), std::to_string(next_attempt_at), error});
  });
}

void PgMailStore::markFailed(int64_t id, int64_t at, const std::string& error) {
  db_.run("giving a mail up", [&](pq::Connection& db) {
    db.execPrepared("giving a mail up", "mail_failed",
                    "UPDATE outbox SET failed_at = $2, claimed_until = 0, last_error = $3 WHERE "
                    "id = $1 AND sent_at IS NULL",
                    {std::to_string(id), std::to_string(at), error});
  });
}

std::optional<MailState> PgMailStore::mailByKey(const std::string& dedupe_key) {
  return db_.run("reading a mail", [&](pq::Connection& db) -> std::optional<MailState> {
    const pq::Result r = db.execPrepared(
        "reading a mail", "mail_by_key",
        std::string("SELECT ") + kMailColumns +
            ", sent_at, failed_at, next_attempt_at, claimed_until, last_error FROM outbox WHERE "
            "dedupe_key = $1",
        {dedupe_key});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    MailState s;
    s.mail = mailAt(r.get(), 0);
    s.sent_at = pq::optionalInt(r.get(), 0, 8);
    s.failed_at = pq::optionalInt(r.get(), 0, 9);
    s.next_attempt_at = pq::int64At(r.get(), 0, 10);
    s.claimed_until = pq::int64At(r.get(), 0, 11);
    s.last_error = pq::text(r.get(), 0, 12);
    return s;
  });
}

int64_t PgMailStore::pendingCount() {
  return db_.run("counting the queued mails", [&](pq::Connection& db) {
    const pq::Result r =
        db.exec("counting the queued mails",
                "SELECT count(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL");
    return pq::int64At(r.get(), 0, 0);
  });
}

int PgMailStore::forgetOld(int64_t before, int limit) {
  return db_.run("forgetting old mails", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "forgetting old mails", "mail_forget",
        "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE sent_at < $1 OR failed_at "
        "< $1 LIMIT $2 FOR UPDATE SKIP LOCKED)",
        {std::to_string(before), std::to_string(limit)});
    return static_cast<int>(pq::affectedRows(r.get()));
  });
}

}  // namespace pg
