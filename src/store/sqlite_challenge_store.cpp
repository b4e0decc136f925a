#include "store/sqlite_challenge_store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

#include "store/sqlite_guard.h"
#include "store/sqlite_sibling.h"

namespace pg {

namespace {

using sqlite::guarded;

constexpr int kFirstSchemaWithChallenges = 2;
constexpr int64_t kHourMs = 3600 * 1000;
constexpr int64_t kForgetAfterMs = 24 * kHourMs;

}  // namespace

SqliteChallengeStore::SqliteChallengeStore(const std::string& path, Durability durability)
    : db_(sqlite::openSibling(
          path, {"the lobby", kFirstSchemaWithChallenges, durability == Durability::Full, false})) {
}

SqliteChallengeStore::~SqliteChallengeStore() = default;

Reservation SqliteChallengeStore::reserve(const NewChallenge& c, const ChallengeLimits& limits) {
  std::lock_guard lock(mutex_);
  return guarded("reserving a challenge", [&] {
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement forget(*db_, "DELETE FROM challenges WHERE created_at < ?");
    forget.bind(1, static_cast<int64_t>(c.created_at - kForgetAfterMs));
    forget.exec();
    SQLite::Statement open(*db_,
                           "SELECT count(*), min(expires_at) FROM challenges WHERE address = ? "
                           "AND taken_at IS NULL AND cancelled_at IS NULL AND expires_at > ?");
    open.bind(1, c.address);
    open.bind(2, static_cast<int64_t>(c.created_at));
    open.executeStep();
    const int64_t open_count = open.getColumn(0).getInt64();
    const int64_t first_expiry = open.getColumn(1).isNull() ? 0 : open.getColumn(1).getInt64();
    SQLite::Statement hour(*db_,
                           "SELECT count(*), min(created_at) FROM challenges WHERE address = ? "
                           "AND created_at > ?");
    hour.bind(1, c.address);
    hour.bind(2, static_cast<int64_t>(c.created_at - kHourMs));
    hour.executeStep();
    const int64_t hour_count = hour.getColumn(0).getInt64();
    const int64_t first_created = hour.getColumn(1).isNull() ? 0 : hour.getColumn(1).getInt64();
    Reservation r;
    if (open_count >= limits.max_open)
      r.retry_after_ms = std::max<int64_t>(1, first_expiry - c.created_at);
    if (hour_count >= limits.max_per_hour)
      r.retry_after_ms =
          std::max(r.retry_after_ms, std::max<int64_t>(1, first_created + kHourMs - c.created_at));
    if (r.retry_after_ms > 0) {
      tx.commit();  // the forgetting only
      return r;
    }
    SQLite::Statement insert(*db_,
                             "INSERT INTO challenges (id, address, created_at, expires_at, "
                             "listing, cancel_secret) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, c.id);
    insert.bind(2, c.address);
    insert.bind(3, static_cast<int64_t>(c.created_at));
    insert.bind(4, static_cast<int64_t>(c.expires_at));
    insert.bind(5, c.listing);
    insert.bind(6, c.cancel_secret);
    insert.exec();
    tx.commit();
    r.reserved = true;
    return r;
  });
}

void SqliteChallengeStore::attach(const std::string& id, const std::string& table_id,
                                  const std::string& seat_token) {
  std::lock_guard lock(mutex_);
  guarded("listing a challenge", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE challenges SET table_id = ?, seat_token = ? WHERE id = ? AND "
                        "table_id IS NULL");
    q.bind(1, table_id);
    q.bind(2, seat_token);
    q.bind(3, id);
    if (q.exec() != 1) throw StoreError("listing a challenge: no such reserved challenge");
  });
}

void SqliteChallengeStore::discard(const std::string& id) {
  std::lock_guard lock(mutex_);
  guarded("discarding a challenge", [&] {
    SQLite::Statement q(*db_, "DELETE FROM challenges WHERE id = ? AND table_id IS NULL");
    q.bind(1, id);
    q.exec();
  });
}

std::vector<OpenChallenge> SqliteChallengeStore::open(int64_t now, int limit) {
  std::lock_guard lock(mutex_);
  return guarded("listing the lobby", [&] {
    SQLite::Statement q(*db_,
                        "SELECT id, created_at, expires_at, listing FROM challenges WHERE "
                        "table_id IS NOT NULL AND taken_at IS NULL AND cancelled_at IS NULL AND "
                        "expires_at > ? ORDER BY created_at, id LIMIT ?");
    q.bind(1, static_cast<int64_t>(now));
    q.bind(2, limit);
    std::vector<OpenChallenge> out;
    while (q.executeStep())
      out.push_back(OpenChallenge{q.getColumn(0).getString(), q.getColumn(1).getInt64(),
                                  q.getColumn(2).getInt64(), q.getColumn(3).getString()});
    return out;
  });
}

TakeResult SqliteChallengeStore::take(const std::string& id, int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("taking a challenge", [&] {
    TakeResult r;
    {
      SQLite::Statement q(*db_,
                          "UPDATE challenges SET taken_at = ? WHERE id = ? AND table_id IS NOT "
                          "NULL AND taken_at IS NULL AND cancelled_at IS NULL AND expires_at > ? "
                          "RETURNING table_id, seat_token, listing");
      q.bind(1, static_cast<int64_t>(now));
      q.bind(2, id);
      q.bind(3, static_cast<int64_t>(now));
      if (q.executeStep()) {
        r.status = TakeResult::Status::Taken;
        r.table_id = q.getColumn(0).getString();
        r.seat_token = q.getColumn(1).getString();
        r.listing = q.getColumn(2).getString();
        while (q.executeStep()) {
        }
        return r;
      }
    }
    SQLite::Statement why(*db_,
                          "SELECT table_id IS NULL, taken_at IS NOT NULL, cancelled_at IS NOT "
                          "NULL FROM challenges WHERE id = ?");
    why.bind(1, id);
    if (!why.executeStep() || why.getColumn(0).getInt() || why.getColumn(2).getInt())
      r.status = TakeResult::Status::Unknown;
    else if (why.getColumn(1).getInt())
      r.status = TakeResult::Status::AlreadyTaken;
    else
      r.status = TakeResult::Status::Expired;
    return r;
  });
}

CancelResult SqliteChallengeStore::cancel(const std::string& id, const std::string& secret,
                                          int64_t now) {
  std::lock_guard lock(mutex_);
  return guarded("cancelling a challenge", [&] {
    SQLite::Statement q(*db_, "SELECT cancel_secret FROM challenges WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return CancelResult::Unknown;
    if (!sameSecret(q.getColumn(0).getString(), secret)) return CancelResult::WrongSecret;
    SQLite::Statement u(*db_,
                        "UPDATE challenges SET cancelled_at = ? WHERE id = ? AND taken_at IS NULL "
                        "AND cancelled_at IS NULL AND expires_at > ?");
    u.bind(1, static_cast<int64_t>(now));
    u.bind(2, id);
    u.bind(3, static_cast<int64_t>(now));
    return u.exec() == 1 ? CancelResult::Cancelled : CancelResult::Gone;
  });
}

}  // namespace pg
