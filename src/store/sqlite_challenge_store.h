// The lobby's challenges in the SQLite file of a SqliteStore, on a connection of their own
// (SQLite serializes the writers of one file; the busy timeout waits for the store's writer).
// The schema is the SqliteStore's (user_version 2 and later), so open that store first.
//
// A reservation is one IMMEDIATE transaction: it holds the file's write lock from the count to
// the insert, so two reservations never both pass one address's limit. A take is one UPDATE
// ... RETURNING: exactly one taker finds the row open.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "store/challenge_store.h"
#include "store/sqlite_store.h"

namespace SQLite {
class Database;
}

namespace pg {

class SqliteChallengeStore final : public ChallengeStore {
 public:
  /// Opens the file at `path`, which a SqliteStore has opened (and so brought up to date).
  /// Throws StoreError when it cannot, or when the file has no challenges yet.
  explicit SqliteChallengeStore(const std::string& path, Durability durability = Durability::Full);
  ~SqliteChallengeStore() override;

  Reservation reserve(const NewChallenge& c, const ChallengeLimits& limits) override;
  void attach(const std::string& id, const std::string& table_id,
              const std::string& seat_token) override;
  void discard(const std::string& id) override;
  std::vector<OpenChallenge> open(int64_t now, int limit) override;
  TakeResult take(const std::string& id, int64_t now) override;
  CancelResult cancel(const std::string& id, const std::string& secret, int64_t now) override;

 private:
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace pg
