// What a rated end writes, computed alike by both stores (sqlite_store.cpp, pg_store.cpp)
// inside the transaction that stores the end: from the two players' ratings before the game,
// each player's deviation first grows with the days since their previous rated game
// (glicko2::idle, one period per glicko2::kIdlePeriodMs), then each is updated by the one game
// against the other as they stood after that growth (glicko2::update). Pure arithmetic: the
// stores read the rows and write what this returns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "store/rating_store.h"
#include "store/store_write.h"

namespace pg {

/// The two rows a rated game writes into each of `ratings` and `rating_history`.
struct RatedGame {
  PlayerRating black;  ///< black's rating after the game (games + 1, last_game_at: the end)
  PlayerRating white;
  RatingChange black_change;  ///< black's row of the history
  RatingChange white_change;
};

/// The ratings and history rows of the game at `table_id` between `black` and `white` (two
/// different player keys) that ended at `at` with `rated`. `black_before` and `white_before`
/// are their rows in the category before the game; nullopt (or a row of no games) is a new
/// player (glicko2::Rating's defaults, no idle time). Throws StoreError when the category is not
/// a rating::categoryName or the score is outside [0, 1]: the write is refused whole.
RatedGame rateGame(const std::string& table_id, const std::string& black, const std::string& white,
                   int64_t at, const RatedEnd& rated,
                   const std::optional<PlayerRating>& black_before,
                   const std::optional<PlayerRating>& white_before);

}  // namespace pg
