// The players' ratings (rating_store.h) in the SQLite file of a SqliteStore, on a connection of
// their own (SQLite serializes the writers of one file; the busy timeout waits for the store's
// writer). The schema is the SqliteStore's (user_version 5 and later), so open that store
// first.
//
// A seat is bound by INSERT ... ON CONFLICT DO NOTHING, then read: of any number of bindings
// racing, on any connections, the first insert wins and every one reads the winner. The
// ratings and their history are written by the SqliteStore itself, in the transaction of a
// rated end (sqlite_store.h); this store only reads them.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "store/rating_store.h"
#include "store/sqlite_store.h"

namespace SQLite {
class Database;
}

namespace pg {

class SqliteRatingStore final : public RatingStore {
 public:
  /// Opens the file at `path`, which a SqliteStore has opened (and so brought up to date).
  /// Throws StoreError when it cannot, or when the file has no ratings yet.
  explicit SqliteRatingStore(const std::string& path, Durability durability = Durability::Full);
  ~SqliteRatingStore() override;

  bool bindSeat(const std::string& table_id, int color, const std::string& player,
                int64_t at) override;
  std::optional<std::string> seatPlayer(const std::string& table_id, int color) override;

  std::vector<PlayerRating> ratings(const std::string& player) override;
  std::vector<RatingChange> history(const std::string& player, int limit) override;
  std::vector<RatingChange> changesOf(const std::string& table_id) override;
  std::vector<PlayerGame> recentGames(const std::string& player, int limit) override;
  std::vector<LeaderboardRow> leaderboard(const std::string& category, int64_t played_since,
                                          double max_deviation, int limit) override;

 private:
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace pg
