#include "store/pg_challenge_store.h"
#include "store/pg_migrations.h"

#include <algorithm>

namespace pg {

namespace {

constexpr int64_t kHourMs = 3600 * 1000;
constexpr int64_t kForgetAfterMs = 24 * kHourMs;
constexpr int kFirstSchemaWithChallenges = 2;

}  // namespace

PgChallengeStore::PgChallengeStore(const std::string& conninfo) : db_(conninfo) {
  db_.run("reading the schema version",
          [](pq::Connection& c) { pq::requireSchema(c, kFirstSchemaWithChallenges, "the lobby"); });
}

PgChallengeStore::~PgChallengeStore() = default;

Reservation PgChallengeStore::reserve(const NewChallenge& c, const ChallengeLimits& limits) {
  return db_.run("reserving a challenge", [&](pq::Connection& db) {
    return pq::inTransaction(db, "reserving a challenge", [&] {
      db.execPrepared("locking an address", "challenge_lock",
                      "SELECT pg_advisory_xact_lock($1::int, hashtext($2))",
                      {std::to_string(kChallengeLockKey), c.address});
      db.execPrepared("forgetting old challenges", "challenge_forget",
                      "DELETE FROM challenges WHERE created_at < $1",
                      {std::to_string(c.created_at - kForgetAfterMs)});
      const pq::Result open = db.execPrepared(
          "counting open challenges", "challenge_count_open",
          "SELECT count(*), coalesce(min(expires_at), 0) FROM challenges WHERE address = $1 "
          "AND taken_at IS NULL AND cancelled_at IS NULL AND expires_at > $2",
          {c.address, std::to_string(c.created_at)});
      const pq::Result hour = db.execPrepared(
          "counting recent challenges", "challenge_count_hour",
          "SELECT count(*), coalesce(min(created_at), 0) FROM challenges WHERE address = $1 "
          "AND created_at > $2",
          {c.address, std::to_string(c.created_at - kHourMs)});
      Reservation r;
      if (pq::int64At(open.get(), 0, 0) >= limits.max_open)
        r.retry_after_ms = std::max<int64_t>(1, pq::int64At(open.get(), 0, 1) - c.created_at);
      if (pq::int64At(hour.get(), 0, 0) >= limits.max_per_hour)
        r.retry_after_ms =
            std::max(r.retry_after_ms,
                     std::max<int64_t>(1, pq::int64At(hour.get(), 0, 1) + kHourMs - c.created_at));
      if (r.retry_after_ms == 0) {
        db.execPrepared("reserving a challenge", "challenge_insert",
                        "INSERT INTO challenges (id, address, created_at, expires_at, listing, "
                        "cancel_secret) VALUES ($1, $2, $3, $4, $5, $6)",
                        {c.id, c.address, std::to_string(c.created_at),
                         std::to_string(c.expires_at), c.listing, c.cancel_secret});
        r.reserved = true;
      }
      return r;
    });
  });
}

void PgChallengeStore::attach(const std::string& id, const std::string& table_id,
                              const std::string& seat_token) {
  db_.run("listing a challenge", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "listing a challenge", "challenge_attach",
        "UPDATE challenges SET table_id = $2, seat_token = $3 WHERE id = $1 AND table_id IS NULL",
        {id, table_id, seat_token});
    if (pq::affectedRows(r.get()) != 1)
      throw StoreError("listing a challenge: no such reserved challenge");
  });
}

void PgChallengeStore::discard(const std::string& id) {
  db_.run("discarding a challenge", [&](pq::Connection& db) {
    db.execPrepared("discarding a challenge", "challenge_discard",
                    "DELETE FROM challenges WHERE id = $1 AND table_id IS NULL", {id});
  });
}

std::vector<OpenChallenge> PgChallengeStore::open(int64_t now, int limit) {
  return db_.run("listing the lobby", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "listing the lobby", "challenge_open",
        "SELECT id, created_at, expires_at, listing FROM challenges WHERE table_id IS NOT NULL "
        "AND taken_at IS NULL AND cancelled_at IS NULL AND expires_at > $1 "
        "ORDER BY created_at, id LIMIT $2",
        {std::to_string(now), std::to_string(limit)});
    std::vector<OpenChallenge> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
      out.push_back(OpenChallenge{pq::text(r.get(), i, 0), pq::int64At(r.get(), i, 1),
                                  pq::int64At(r.get(), i, 2), pq::text(r.get(), i, 3)});
    return out;
  });
}

TakeResult PgChallengeStore::take(const std::string& id, int64_t now) {
  return db_.run("taking a challenge", [&](pq::Connection& db) {
    TakeResult t;
    const pq::Result r = db.execPrepared(
        "taking a challenge", "challenge_take",
        "UPDATE challenges SET taken_at = $2 WHERE id = $1 AND table_id IS NOT NULL AND "
        "taken_at IS NULL AND cancelled_at IS NULL AND expires_at > $2 "
        "RETURNING table_id, seat_token, listing",
        {id, std::to_string(now)});
    if (PQntuples(r.get()) == 1) {
      t.status = TakeResult::Status::Taken;
      t.table_id = pq::text(r.get(), 0, 0);
      t.seat_token = pq::text(r.get(), 0, 1);
      t.listing = pq::text(r.get(), 0, 2);
      return t;
    }
    const pq::Result why = db.execPrepared(
        "taking a challenge", "challenge_why",
        "SELECT table_id IS NULL, taken_at IS NOT NULL, cancelled_at IS NOT NULL FROM challenges "
        "WHERE id = $1",
        {id});
    if (PQntuples(why.get()) == 0 || pq::text(why.get(), 0, 0) == "t" ||
        pq::text(why.get(), 0, 2) == "t")
      t.status = TakeResult::Status::Unknown;
    else if (pq::text(why.get(), 0, 1) == "t")
      t.status = TakeResult::Status::AlreadyTaken;
    else
      t.status = TakeResult::Status::Expired;
    return t;
  });
}

CancelResult PgChallengeStore::cancel(const std::string& id, const std::string& secret,
                                      int64_t now) {
  return db_.run("cancelling a challenge", [&](pq::Connection& db) {
    const pq::Result r =
        db.execPrepared("cancelling a challenge", "challenge_secret",
                        "SELECT cancel_secret FROM challenges WHERE id = $1", {id});
    if (PQntuples(r.get()) == 0) return CancelResult::Unknown;
    if (!sameSecret(pq::text(r.get(), 0, 0), secret)) return CancelResult::WrongSecret;
    const pq::Result u =
        db.execPrepared("cancelling a challenge", "challenge_cancel",
                        "UPDATE challenges SET cancelled_at = $2 WHERE id = $1 AND taken_at IS "
                        "NULL AND cancelled_at IS NULL AND expires_at > $2",
                        {id, std::to_string(now)});
    return pq::affectedRows(u.get()) == 1 ? CancelResult::Cancelled : CancelResult::Gone;
  });
}

}  // namespace pg
