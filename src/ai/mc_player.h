// The searching player (search.h) behind every level of the ladder but the beginner's, and
// behind flatmc and v1.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ai/player.h"
#include "ai/search.h"

namespace pg {

/// How much of the caller's budget (SearchLimits) a searching player spends on one action.
struct SearchBudget {
  double scale = 1.0;   ///< share of the caller's time or playouts
  int playout_cap = 0;  ///< if > 0: at most this many playouts a turn, whatever the budget
  /// A timed search keeps what it saves on clear moves for later ones (time_bank.h); its
  /// SearchParams should stop_when_decided, or nothing is ever saved.
  bool bank_time = false;
};

/// A player that searches with `params` on `budget` of each action's limits.
std::unique_ptr<Player> makeSearchPlayer(std::string name, const SearchParams& params,
                                         const SearchBudget& budget, uint64_t seed);

}  // namespace pg
