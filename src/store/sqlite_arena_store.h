// The arenas (arena_store.h) in the SQLite file of a SqliteStore, on a connection of their own
// (SQLite serializes the writers of one file; the busy timeout waits for the store's writer).
// The schema is the SqliteStore's (user_version 7 and later), so open that store first. The
// pairings are written by the SqliteStore itself (PairArena, sqlite_store.h).
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "store/arena_store.h"
#include "store/sqlite_store.h"

namespace SQLite {
class Database;
}

namespace pg {

class SqliteArenaStore final : public ArenaStore {
 public:
  /// Opens the file at `path`, which a SqliteStore has opened (and so brought up to date).
  /// Throws StoreError when it cannot, or when the file has no arenas yet.
  explicit SqliteArenaStore(const std::string& path, Durability durability = Durability::Full);
  ~SqliteArenaStore() override;

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
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace pg
