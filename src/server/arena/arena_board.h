// An arena as it stands now, read from the store (arena_store.h): its players, its games with
// their tables' stored ends, its status and its standings, computed by the pure scoring
// (arena/scoring.h) from the finished games in the order they finished. Every node reading the
// same rows computes the same standings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/scoring.h"
#include "store/arena_store.h"

namespace pg {

enum class ArenaStatus : uint8_t {
  Upcoming,   ///< before its start
  Running,    ///< between its start and its end: free players are paired
  Finishing,  ///< past its end, some games still on: they finish and count
  Finished,   ///< past its end, every game over
};
/// "upcoming", "running", "finishing", "finished".
const char* arenaStatusName(ArenaStatus s);

/// How a stored result (the table's result JSON text) ends the game for the arena: a winner,
/// a draw (no winner after two passes or the turn cap), or no result (aborted; an abandoned
/// game before the second turn).
arena::Outcome outcomeOfResult(const std::string& result);

struct ArenaBoard {
  StoredArena arena;
  std::vector<ArenaPlayer> players;
  std::vector<ArenaGame> games;  ///< finished first, in the order they finished

  ArenaStatus status(int64_t now) const;
  /// The finished games, in order, for the scoring; `index` maps each to its place in games.
  std::vector<arena::FinishedGame> finished(std::vector<std::size_t>* index = nullptr) const;
  std::vector<arena::Standing> standings() const;
  /// The player's unfinished game, if any.
  const ArenaGame* currentGame(const std::string& account_id) const;
  const ArenaPlayer* player(const std::string& account_id) const;
};

/// The arena with this id as the store holds it now, or nullopt. Throws StoreError.
std::optional<ArenaBoard> readArena(ArenaStore& store, const std::string& id);

}  // namespace pg
