// What a rating is of: a board size class and a speed. A player has one Glicko-2 rating per
// category: small boards (5 to 9), 13x13 and 19x19, each split by speed. A game's speed is read
// from its clock as lichess reads it, by its expected length: the main time plus 40 increments
// (40 moves each) under 15 minutes is "rapid", longer (or no clock at all) "classical", and a
// correspondence clock "correspondence". Other board sizes are not rated.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pg::rating {

enum class Board : uint8_t { Small, Thirteen, Nineteen };
enum class Speed : uint8_t { Rapid, Classical, Correspondence };

struct Category {
  Board board = Board::Small;
  Speed speed = Speed::Classical;
  bool operator==(const Category&) const = default;
};

/// The category of a game on a `size` board with this clock (main and increment in ms; no
/// clock: nullopt; `correspondence` for a clock of days per move); nullopt for a size that is
/// not rated.
std::optional<Category> categoryOf(int size, std::optional<int64_t> main_ms,
                                   std::optional<int64_t> increment_ms, bool correspondence);

/// "small-rapid", "13-classical", "19-correspondence": the name in URLs, the store and the API.
std::string categoryName(const Category& c);
/// The category of a name, or nullopt.
std::optional<Category> categoryFromName(std::string_view name);

/// A rating whose deviation is above this is provisional (shown with a "?").
inline constexpr double kProvisionalDeviation = 110.0;
/// A player is on a leaderboard with a deviation at most this (and a rated game in the last 30
/// days).
inline constexpr double kSettledDeviation = 80.0;

}  // namespace pg::rating
