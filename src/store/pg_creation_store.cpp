#include "store/pg_creation_store.h"

#include "store/creation_counts.h"
#include "store/pg_migrations.h"

namespace pg {

namespace {

constexpr int kFirstSchemaWithCreations = 3;

}  // namespace

PgCreationStore::PgCreationStore(const std::string& conninfo)
    : db_(conninfo, "SET synchronous_commit = off") {  // see the header: a lost count is harmless
  db_.run("reading the schema version", [](pq::Connection& c) {
    pq::requireSchema(c, kFirstSchemaWithCreations, "the creation counts");
  });
}

PgCreationStore::~PgCreationStore() = default;

Reservation PgCreationStore::reserve(const std::string& address, const std::string& table_id,
                                     int64_t now, const CreationLimits& limits) {
  return db_.run("reserving a table's creation", [&](pq::Connection& db) {
    return pq::inTransaction(db, "reserving a table's creation", [&] {
      db.execPrepared("locking an address", "creation_lock",
                      "SELECT pg_advisory_xact_lock($1::int, hashtext($2))",
                      {std::to_string(kCreationLockKey), address});
      db.execPrepared("forgetting old creations", "creation_forget",
                      "DELETE FROM creations WHERE table_id IN (SELECT table_id FROM creations "
                      "WHERE created_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)",
                      {std::to_string(creation::forgetBefore(now, limits)),
                       std::to_string(creation::kForgetBatch)});
      const pq::Result recent =
          db.execPrepared("counting recent creations", "creation_count_recent",
                          "SELECT count(*), coalesce(min(created_at), 0), "
                          "count(*) FILTER (WHERE created_at > $2), "
                          "coalesce(min(created_at) FILTER (WHERE created_at > $2), 0) "
                          "FROM creations WHERE address = $1 AND created_at > $3",
                          {address, std::to_string(now - creation::kMinuteMs),
                           std::to_string(now - creation::kHourMs)});
      // A creation waits while its table does (neither started nor finished, and not
      // expired; a lobby challenge's table only while the challenge is open or taken), or,
      // with no table stored yet, while it is pending.
      const pq::Result waiting = db.execPrepared(
          "counting waiting tables", "creation_count_waiting",
          "SELECT count(*), coalesce(min(CASE WHEN t.id IS NULL THEN c.created_at + $4 "
          "ELSE t.created_at + $3 END), 0) "
          "FROM creations c LEFT JOIN tables t ON t.id = c.table_id WHERE c.address = $1 AND "
          "CASE WHEN t.id IS NULL THEN c.created_at > $2::bigint - $4 ELSE t.started_at IS NULL "
          "AND t.finished_at IS NULL AND t.created_at > $2::bigint - $3 AND NOT EXISTS (SELECT 1 "
          "FROM challenges ch WHERE ch.table_id = t.id AND ch.taken_at IS NULL AND "
          "(ch.cancelled_at IS NOT NULL OR ch.expires_at <= $2::bigint)) END",
          {address, std::to_string(now), std::to_string(limits.waiting_ttl_ms),
           std::to_string(kPendingCreationMs)});
      creation::Counts counts;
      counts.hour = pq::int64At(recent.get(), 0, 0);
      counts.hour_oldest = pq::int64At(recent.get(), 0, 1);
      counts.minute = pq::int64At(recent.get(), 0, 2);
      counts.minute_oldest = pq::int64At(recent.get(), 0, 3);
      counts.waiting = pq::int64At(waiting.get(), 0, 0);
      counts.first_expiry = pq::int64At(waiting.get(), 0, 1);
      Reservation r = creation::decide(counts, now, limits);
      if (r.retry_after_ms == 0) {
        db.execPrepared("reserving a table's creation", "creation_insert",
                        "INSERT INTO creations (table_id, address, created_at) "
                        "VALUES ($1, $2, $3)",
                        {table_id, address, std::to_string(now)});
        r.reserved = true;
      }
      return r;  // committed: the creation, or the forgetting only
    });
  });
}

void PgCreationStore::discard(const std::string& table_id) {
  db_.run("discarding a table's creation", [&](pq::Connection& db) {
    db.execPrepared("discarding a table's creation", "creation_discard",
                    "DELETE FROM creations WHERE table_id = $1", {table_id});
  });
}

}  // namespace pg
