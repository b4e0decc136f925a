// The players' ratings (rating_store.h) in the PostgreSQL database of a PgStore, on a connection
// of their own (pg_reconnecting_connection.h: under a mutex; reconnected at once when its
// session is found gone, and, while the database stays away, at most once per backoff period).
// The schema is the PgStore's migration 5, so open that store first.
//
// A seat is bound by INSERT ... ON CONFLICT DO NOTHING, then read: of any number of bindings
// racing, on any nodes, the first insert wins (a racing insert of the same seat waits for it to
// commit, then does nothing), and every one reads the winner. The ratings and their history are
// written by the PgStore itself, in the transaction of a rated end, under the row locks of the
// two players' ratings (pg_store.h); this store only reads them.
#pragma once

#include <string>

#include "store/pg_reconnecting_connection.h"
#include "store/rating_store.h"

namespace pg {

class PgRatingStore final : public RatingStore {
 public:
  /// Connects with libpq's `conninfo`. Throws StoreError when it cannot, or when the database
  /// has no ratings yet.
  explicit PgRatingStore(const std::string& conninfo);
  ~PgRatingStore() override;

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
  pq::ReconnectingConnection db_;
};

}  // namespace pg
