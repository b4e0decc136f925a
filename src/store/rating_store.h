// The players' ratings as the store keeps them: who sits in each seat of a table (bound once,
// the first binding wins on any node), each player's Glicko-2 rating per category
// (src/rating/category.h), the history of every change, a player's finished games and the
// leaderboard of a category. It lives in the same database as the tables, so every node sees
// the same ratings.
//
// This is the read side and the seat binding. The ratings themselves are written by the store's
// own write of a rated end (AppendEvents with `rated`, store_write.h), in the transaction that
// stores the end: a stored end never lacks its rating change, a rating change never lacks its
// end.
//
// A player is named by a key: an account id (accounts.id), or "computer:<level>" for the
// computer at a level (beginner, easy, medium, advanced, hard). Colours are 0 for black and 1
// for white. Times are milliseconds since the Unix epoch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace pg {

/// The colour number of black in the seat bindings and the history.
inline constexpr int kBlackSeat = 0;
/// The colour number of white.
inline constexpr int kWhiteSeat = 1;

/// The key of the computer player at `level` ("computer:medium").
inline std::string computerPlayerKey(const std::string& level) {
  return "computer:" + level;
}

/// A player's rating in one category, after their latest rated game in it.
struct PlayerRating {
  std::string player;
  std::string category;  ///< a rating::categoryName
  double rating = 0.0;
  double deviation = 0.0;
  double volatility = 0.0;
  int games = 0;             ///< rated games in this category
  int64_t last_game_at = 0;  ///< the end of the latest of them

  bool operator==(const PlayerRating&) const = default;
};

/// One player's rating change by one rated game.
struct RatingChange {
  std::string table_id;
  std::string player;
  std::string category;
  int64_t at = 0;  ///< the game's end
  /// The rating and deviation before the game, after the deviation grew with the time since
  /// the player's previous rated game (glicko2::idle).
  double rating_before = 0.0;
  double deviation_before = 0.0;
  double rating = 0.0;  ///< after the game
  double deviation = 0.0;
  double volatility = 0.0;
  std::string opponent;  ///< the opponent's player key
  double score = 0.0;    ///< this player's: 1 win, 0.5 draw, 0 loss

  bool operator==(const RatingChange&) const = default;
};

/// A finished game of a player, for their list of recent games.
struct PlayerGame {
  std::string table_id;
  int color = kBlackSeat;  ///< the player's seat
  std::string opponent;    ///< the other seat's player key, or empty when it was never bound
  int64_t created_at = 0;
  int64_t finished_at = 0;
  std::string setup;   ///< JSON text, as in the table
  std::string result;  ///< JSON text, as in the table

  bool operator==(const PlayerGame&) const = default;
};

/// One line of a category's leaderboard.
struct LeaderboardRow {
  std::string player;
  std::string name;  ///< the account's name; the key itself for a computer player
  double rating = 0.0;
  double deviation = 0.0;
  int games = 0;
  int64_t last_game_at = 0;

  bool operator==(const LeaderboardRow&) const = default;
};

/// Every method is safe to call from several threads and throws StoreError on failure.
class RatingStore {
 public:
  virtual ~RatingStore() = default;

  // Seats.

  /// Binds seat `color` of the table (which exists) to `player` at `at`: true when the seat is
  /// now this player's (also when it already was), false when another player holds it. The
  /// first binding wins, whichever nodes race, and a seat is never bound again.
  virtual bool bindSeat(const std::string& table_id, int color, const std::string& player,
                        int64_t at) = 0;
  /// The player bound to seat `color` of the table, if any.
  virtual std::optional<std::string> seatPlayer(const std::string& table_id, int color) = 0;

  // Ratings.

  /// The player's rating in every category they have played a rated game in, by category name.
  virtual std::vector<PlayerRating> ratings(const std::string& player) = 0;
  /// The player's latest `limit` rating changes, newest first.
  virtual std::vector<RatingChange> history(const std::string& player, int limit) = 0;
  /// The rating changes of the table's game: none, or its two players', black's first.
  virtual std::vector<RatingChange> changesOf(const std::string& table_id) = 0;
  /// The player's latest `limit` finished games (rated or not; a table they hold a seat of),
  /// the latest finish first.
  virtual std::vector<PlayerGame> recentGames(const std::string& player, int limit) = 0;
  /// The best `limit` players of `category` whose deviation is at most `max_deviation` and who
  /// played a rated game at `played_since` or later, the best rating first. Computer players
  /// are on it too (named by their key).
  virtual std::vector<LeaderboardRow> leaderboard(const std::string& category, int64_t played_since,
                                                  double max_deviation, int limit) = 0;
};

}  // namespace pg
