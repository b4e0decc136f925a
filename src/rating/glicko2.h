// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation (how
// sure the rating is) and its volatility (how erratic the player's results are), updated from
// the results of one rating period. Plain arithmetic on the published scale (1500, 350, 0.06).
//
// Here a rating period is one rated game, applied when its end is stored, after the deviation
// has grown with the time since the player's last rated game (idle()).
#pragma once

#include <cstdint>
#include <span>

namespace pg::glicko2 {

struct Rating {
  double rating = 1500.0;
  double deviation = 350.0;  ///< RD
  double volatility = 0.06;  ///< sigma

  bool operator==(const Rating&) const = default;
};

/// One game of the period: the opponent's rating before it, and the score (1 win, 0.5 draw,
/// 0 loss).
struct Outcome {
  Rating opponent;
  double score = 0.0;
};

/// The system constant tau: how much the volatility may change in one period (Glickman suggests
/// 0.3 to 1.2; smaller is steadier).
inline constexpr double kTau = 0.5;
/// The deviation of a new player, and the most any deviation grows to.
inline constexpr double kMaxDeviation = 350.0;
/// One rating period of idleness per day (in milliseconds) since the player's last rated game:
/// a game after a week away first grows the deviation as idle(r, 7). A new player has no idle
/// time.
inline constexpr int64_t kIdlePeriodMs = 86'400'000;

/// The rating after one period with these games. With no game, only the deviation grows (as
/// idle(r, 1)).
Rating update(const Rating& r, std::span<const Outcome> games, double tau = kTau);

/// The rating after `periods` periods without a game (a fraction counts in part): the deviation
/// grows as sqrt(phi^2 + periods * sigma^2), at most to kMaxDeviation; the rating and the
/// volatility stay.
Rating idle(const Rating& r, double periods);

}  // namespace pg::glicko2
