// rateGame (rated_game.h): the Glicko-2 update of a rated end.
#include "store/rated_game.h"

#include <algorithm>

#include "rating/category.h"
#include "rating/glicko2.h"

namespace pg {

namespace {

/// The player's rating just before the game: a new player's defaults, or their row with the
/// deviation grown by the days since their previous rated game.
glicko2::Rating beforeGame(const std::optional<PlayerRating>& row, int64_t at) {
  if (!row || row->games <= 0) return glicko2::Rating{};
  const glicko2::Rating stored{row->rating, row->deviation, row->volatility};
  const int64_t idle_ms = std::max<int64_t>(0, at - row->last_game_at);
  return glicko2::idle(stored,
                       static_cast<double>(idle_ms) / static_cast<double>(glicko2::kIdlePeriodMs));
}

/// The player's row after the game: `r`, one game more, the last at `at` (or later, if a game
/// of another node's clock ended later already).
PlayerRating after(const std::string& player, const std::string& category, const glicko2::Rating& r,
                   const std::optional<PlayerRating>& before, int64_t at) {
  const bool known = before && before->games > 0;
  return PlayerRating{player,
                      category,
                      r.rating,
                      r.deviation,
                      r.volatility,
                      known ? before->games + 1 : 1,
                      known ? std::max(before->last_game_at, at) : at};
}

/// The player's row of the history: from `before` (after idle) to `now` by the game at `at`.
RatingChange change(const std::string& table_id, const std::string& player,
                    const std::string& opponent, const RatedEnd& rated, int64_t at,
                    const glicko2::Rating& before, const glicko2::Rating& now, double score) {
  RatingChange c;
  c.table_id = table_id;
  c.player = player;
  c.category = rated.category;
  c.at = at;
  c.rating_before = before.rating;
  c.deviation_before = before.deviation;
  c.rating = now.rating;
  c.deviation = now.deviation;
  c.volatility = now.volatility;
  c.opponent = opponent;
  c.score = score;
  return c;
}

}  // namespace

RatedGame rateGame(const std::string& table_id, const std::string& black, const std::string& white,
                   int64_t at, const RatedEnd& rated,
                   const std::optional<PlayerRating>& black_before,
                   const std::optional<PlayerRating>& white_before) {
  if (!rating::categoryFromName(rated.category))
    throw StoreError("rating a game: no rating category \"" + rated.category + "\"");
  if (!(rated.black_score >= 0.0 && rated.black_score <= 1.0))
    throw StoreError("rating a game: black's score " + std::to_string(rated.black_score) +
                     " is not between 0 and 1");
  const glicko2::Rating b = beforeGame(black_before, at);
  const glicko2::Rating w = beforeGame(white_before, at);
  const double white_score = 1.0 - rated.black_score;
  const glicko2::Outcome against_white[] = {{w, rated.black_score}};
  const glicko2::Outcome against_black[] = {{b, white_score}};
  const glicko2::Rating b_new = glicko2::update(b, against_white);
  const glicko2::Rating w_new = glicko2::update(w, against_black);
  RatedGame g;
  g.black = after(black, rated.category, b_new, black_before, at);
  g.white = after(white, rated.category, w_new, white_before, at);
  g.black_change = change(table_id, black, white, rated, at, b, b_new, rated.black_score);
  g.white_change = change(table_id, white, black, rated, at, w, w_new, white_score);
  return g;
}

}  // namespace pg
