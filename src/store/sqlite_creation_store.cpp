#include "store/sqlite_creation_store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/creation_counts.h"
#include "store/sqlite_guard.h"
#include "store/sqlite_sibling.h"

namespace pg {

namespace {

using sqlite::guarded;

constexpr int kFirstSchemaWithCreations = 3;

}  // namespace

// synchronous=NORMAL: a lost count is harmless (see the header).
SqliteCreationStore::SqliteCreationStore(const std::string& path)
    : db_(sqlite::openSibling(path,
                              {"the creation counts", kFirstSchemaWithCreations, false, false})) {}

SqliteCreationStore::~SqliteCreationStore() = default;

Reservation SqliteCreationStore::reserve(const std::string& address, const std::string& table_id,
                                         int64_t now, const CreationLimits& limits) {
  std::lock_guard lock(mutex_);
  return guarded("reserving a table's creation", [&] {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement forget(*db_,
                             "DELETE FROM creations WHERE table_id IN (SELECT table_id FROM "
                             "creations WHERE created_at < ? LIMIT ?)");
    forget.bind(1, static_cast<int64_t>(creation::forgetBefore(now, limits)));
    forget.bind(2, creation::kForgetBatch);
    forget.exec();

    creation::Counts counts;
    SQLite::Statement recent(*db_,
                             "SELECT count(*), coalesce(min(created_at), 0), "
                             "count(CASE WHEN created_at > ?2 THEN 1 END), "
                             "coalesce(min(CASE WHEN created_at > ?2 THEN created_at END), 0) "
                             "FROM creations WHERE address = ?1 AND created_at > ?3");
    recent.bind(1, address);
    recent.bind(2, static_cast<int64_t>(now - creation::kMinuteMs));
    recent.bind(3, static_cast<int64_t>(now - creation::kHourMs));
    recent.executeStep();
    counts.hour = recent.getColumn(0).getInt64();
    counts.hour_oldest = recent.getColumn(1).getInt64();
    counts.minute = recent.getColumn(2).getInt64();
    counts.minute_oldest = recent.getColumn(3).getInt64();

    // A creation waits while its table does (neither started nor finished, and not expired;
    // a lobby challenge's table only while the challenge is open or taken: withdrawn or gone
    // from the lobby untaken, nobody can join it any more), or, with no table stored yet,
    // while it is pending.
    SQLite::Statement waiting(
        *db_,
        "SELECT count(*), coalesce(min(CASE WHEN t.id IS NULL THEN c.created_at + ?4 "
        "ELSE t.created_at + ?3 END), 0) "
        "FROM creations c LEFT JOIN tables t ON t.id = c.table_id WHERE c.address = ?1 AND "
        "CASE WHEN t.id IS NULL THEN c.created_at > ?2 - ?4 ELSE t.started_at IS NULL AND "
        "t.finished_at IS NULL AND t.created_at > ?2 - ?3 AND NOT EXISTS (SELECT 1 FROM "
        "challenges ch WHERE ch.table_id = t.id AND ch.taken_at IS NULL AND "
        "(ch.cancelled_at IS NOT NULL OR ch.expires_at <= ?2)) END");
    waiting.bind(1, address);
    waiting.bind(2, static_cast<int64_t>(now));
    waiting.bind(3, static_cast<int64_t>(limits.waiting_ttl_ms));
    waiting.bind(4, static_cast<int64_t>(kPendingCreationMs));
    waiting.executeStep();
    counts.waiting = waiting.getColumn(0).getInt64();
    counts.first_expiry = waiting.getColumn(1).getInt64();

    Reservation r = creation::decide(counts, now, limits);
    if (r.retry_after_ms == 0) {
      SQLite::Statement insert(
          *db_, "INSERT INTO creations (table_id, address, created_at) VALUES (?, ?, ?)");
      insert.bind(1, table_id);
      insert.bind(2, address);
      insert.bind(3, static_cast<int64_t>(now));
      insert.exec();
      r.reserved = true;
    }
    tx.commit();  // the creation, or the forgetting only
    return r;
  });
}

void SqliteCreationStore::discard(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  guarded("discarding a table's creation", [&] {
    SQLite::Statement q(*db_, "DELETE FROM creations WHERE table_id = ?");
    q.bind(1, table_id);
    q.exec();
  });
}

}  // namespace pg
