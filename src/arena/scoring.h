// The score of an arena (docs/arena.md, "Scoring"), as lichess's arena counts it: a win is 2
// points, a draw 1, a loss 0, and a win after two wins in a row is worth double (4: the player
// is "on fire"); a draw or a loss ends the streak. A game without a result (aborted) counts for
// nothing: no points, not a game played, and the streak stays as it was.
//
// The standings are a function of the arena's players and its finished games in the order they
// finished, and of nothing else: every node, and any later reader, computes the same.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pg::arena {

/// How a game ended, from black's side.
enum class Outcome : uint8_t { BlackWins, WhiteWins, Draw, NoResult };

/// One finished game of the arena: its players (by key) and how it ended.
struct FinishedGame {
  std::string black;
  std::string white;
  Outcome outcome = Outcome::NoResult;
};

/// A player of the arena: their key (an account id) and their name, the last tie-break.
struct Entrant {
  std::string player;
  std::string name;
};

/// The points a win is worth, a draw, and a win while on fire.
inline constexpr int kWinPoints = 2;
inline constexpr int kDrawPoints = 1;
inline constexpr int kFireWinPoints = 4;

/// One player's line of the standings.
struct Standing {
  std::string player;
  std::string name;
  int rank = 0;  ///< 1 for the best; players equal in score, wins and games share a rank
  int score = 0;
  int games = 0;  ///< games with a result
  int wins = 0;
  int draws = 0;
  int losses = 0;
  bool on_fire = false;  ///< their last two games with a result were wins: a win now counts 4

  bool operator==(const Standing&) const = default;
};

/// One game of one player with what it earned them.
struct ScoredGame {
  std::size_t game = 0;  ///< its index in the games given
  int points = 0;
  bool doubled = false;  ///< a win on fire
};

/// The standings of `players` after `games` (in the order they finished): score descending,
/// then wins descending, then games played ascending, then name (bytes), then key. A game of a
/// player not among `players` is still counted for those who are.
std::vector<Standing> standings(const std::vector<Entrant>& players,
                                const std::vector<FinishedGame>& games);

/// The games of `player` among `games`, in order, each with its points (games without a result
/// too, with 0 points).
std::vector<ScoredGame> scoredGames(const std::string& player,
                                    const std::vector<FinishedGame>& games);

}  // namespace pg::arena
