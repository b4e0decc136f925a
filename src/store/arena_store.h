// Arena tournaments as the store keeps them (docs/arena.md): each arena (name, creator, start,
// end, and the setup of its games as JSON text), its players (joined, paused or left, and when
// their page was last seen), and its games, one row per table the arena paired. A game's result
// is not copied here: it is read from the table's own stored end (tables.finished_at, result),
// so the standings are always a function of the stored games.
//
// The pairing itself is a write of the Store (PairArena, store_write.h): on PostgreSQL it is
// fenced by the arena's claim ("arena:<id>") like a table's writes. This is the rest: the
// arenas, the players' states and the reads.
//
// Times are milliseconds since the Unix epoch. Every method is safe to call from several
// threads and throws StoreError on failure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace pg {

/// One arena.
struct StoredArena {
  std::string id;
  std::string name;
  std::string creator;  ///< the creator's account id
  int64_t created_at = 0;
  int64_t starts_at = 0;
  int64_t ends_at = 0;
  std::string setup;  ///< JSON text: the games' size, rules options and clock

  bool operator==(const StoredArena&) const = default;
};

/// A player's state in an arena.
enum class ArenaPlayerState : uint8_t { Active, Paused, Left };
/// "active", "paused", "left": the stored and the API's form.
const char* arenaPlayerStateName(ArenaPlayerState s);
std::optional<ArenaPlayerState> arenaPlayerStateFromName(const std::string& name);

/// One player of an arena.
struct ArenaPlayer {
  std::string account_id;
  std::string name;  ///< the account's name
  int64_t joined_at = 0;
  ArenaPlayerState state = ArenaPlayerState::Active;
  int64_t seen_at = 0;  ///< the last time their arena page asked (ArenaStore::markSeen)

  bool operator==(const ArenaPlayer&) const = default;
};

/// One game an arena paired, with its table's end as stored.
struct ArenaGame {
  std::string table_id;
  std::string black;  ///< account ids
  std::string white;
  int64_t paired_at = 0;
  std::optional<int64_t> finished_at;  ///< the table's
  std::string result;                  ///< the table's result (JSON text), empty until the end

  bool operator==(const ArenaGame&) const = default;
};

/// The claim key of an arena: whoever holds it pairs the arena (Store::claim).
inline std::string arenaClaimKey(const std::string& arena_id) {
  return "arena:" + arena_id;
}

class ArenaStore {
 public:
  virtual ~ArenaStore() = default;

  /// Stores a new arena. Precondition: no arena has its id.
  virtual void createArena(const StoredArena& a) = 0;
  virtual std::optional<StoredArena> arena(const std::string& id) = 0;
  /// The arenas that end at `ended_since` or later, the earliest start first, at most `limit`.
  virtual std::vector<StoredArena> arenas(int64_t ended_since, int limit) = 0;
  /// How many arenas `creator` created at `since` or later.
  virtual int createdSince(const std::string& creator, int64_t since) = 0;

  /// Sets the player's state in the arena at `at`: a first call joins them (joined_at and
  /// seen_at are `at`), a later one changes the state and counts as seen.
  virtual void setPlayerState(const std::string& arena_id, const std::string& account_id,
                              ArenaPlayerState state, int64_t at) = 0;
  /// The player's arena page asked at `at` (does nothing for a player who never joined).
  virtual void markSeen(const std::string& arena_id, const std::string& account_id, int64_t at) = 0;
  /// The arena's players, the first to join first.
  virtual std::vector<ArenaPlayer> players(const std::string& arena_id) = 0;
  /// The arena's games: the finished ones in the order they finished (then by pairing time and
  /// table id), then the unfinished ones by pairing time.
  virtual std::vector<ArenaGame> games(const std::string& arena_id) = 0;
  /// The arena's players who are in an unfinished game of any arena (not to be paired now).
  virtual std::vector<std::string> playersInGames(const std::string& arena_id) = 0;
};

}  // namespace pg
