// The arenas (arena_store.h) in the PostgreSQL database of a PgStore, on a connection of their
// own (pg_reconnecting_connection.h). The schema is the PgStore's migration 8, so open that
// store first. The pairings are written by the PgStore itself (PairArena, pg_write_sql.h),
// fenced by the arena's claim.
#pragma once

#include <string>

#include "store/arena_store.h"
#include "store/pg_reconnecting_connection.h"

namespace pg {

class PgArenaStore final : public ArenaStore {
 public:
  /// Connects with libpq's `conninfo`. Throws StoreError when it cannot, or when the database
  /// has no arenas yet.
  explicit PgArenaStore(const std::string& conninfo);
  ~PgArenaStore() override;

  void createArena(const StoredArena& a) override;
  std::optional<StoredArena> arena(const std::string& id) override;
  std::vector<StoredArena> arenas(int64_t ended_since, int limit) override;
  int createdSince(const std::string& creator, int64_t since) override;
  void setPlayerState(const std::string& arena_id, const std::string& account_id,
                      ArenaPlayerState state, int64_t at) override;
  void markSeen(const std::string& arena_id, const std::string& account_id, int64_t at) override;
  std::vector<ArenaPlayer> players(const std::string& arena_id) override;
  std::vector<ArenaGame> games(const std::string& arena_id) override;
  std::vector<std::string> playersInGames(const std::string& arena_id) override;

 private:
  pq::ReconnectingConnection db_;
};

}  // namespace pg
