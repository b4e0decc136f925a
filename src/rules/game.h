// The game layer on top of the board: turn order, the ko rule (superko or simple), passes,
// resignation, loss on time, Atari Go, the turn cap, the end and area scoring. It knows nothing
// of who sees what (that is the referee's job, src/referee).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "rules/board.h"
#include "rules/rules.h"

namespace pg {

/// Area score (Chinese rules) of a board as it stands, with no dead-stone removal.
struct Score {
  int black_stones = 0;
  int black_territory = 0;  ///< empty points reached only by black stones
  int white_stones = 0;
  int white_territory = 0;
  double komi = 0;
  int dame = 0;  ///< empty points reached by both colours or by none

  double black() const { return black_stones + black_territory; }
  double white() const { return white_stones + white_territory + komi; }
  /// Black minus White (komi included). Positive: Black wins.
  double margin() const { return black() - white(); }
  Color winner() const {
    return margin() > 0 ? Color::Black : margin() < 0 ? Color::White : Color::Empty;
  }
  bool operator==(const Score&) const = default;
};

/// Scores the board by flood fill of the empty regions (the torus's wrapped neighbours too).
Score areaScore(const Board& board, double komi);

enum class EndReason : uint8_t {
  None,
  TwoPasses,
  Resignation,
  Time,
  AtariCapture,  ///< Atari Go: the first capture won
  TurnCap,
};
std::string_view endReasonName(EndReason r);

struct Result {
  Color winner = Color::Empty;  ///< Empty: a draw (only with an integer komi)
  EndReason reason = EndReason::None;
  std::optional<Score> score;  ///< set when the game was scored (two passes, turn cap)
  bool operator==(const Result&) const = default;
};

class Game {
 public:
  /// Places the handicap stones. Precondition: !rules.validate().
  explicit Game(const Rules& rules);

  const Rules& rules() const { return rules_; }
  const Board& board() const { return board_; }
  Color toMove() const { return to_move_; }
  /// Completed turns (stone plays and passes); handicap stones are not turns.
  int turnsPlayed() const { return turns_; }
  int consecutivePasses() const { return passes_; }
  const std::vector<Point>& handicapStones() const { return handicap_; }

  /// Whether the player on turn may play p now: p empty, not suicide, and not forbidden by the
  /// ko rule. The three conditions are all evaluated every time (no early exit), so the cost of
  /// an answer does not depend on which one fails. Precondition: 0 <= p < numPoints.
  bool isLegal(Point p) const;

  /// Plays a stone for the player on turn. Returns the number of captured stones and appends
  /// their points to `captured` if given. Precondition: !over() && isLegal(p).
  int play(Point p, std::vector<Point>* captured = nullptr);
  /// The player on turn passes. Precondition: !over().
  void pass();
  /// `loser` resigns (at any time, on turn or not). Precondition: !over().
  void resign(Color loser);
  /// `loser` ran out of time. Precondition: !over().
  void loseOnTime(Color loser);

  bool over() const { return result_.reason != EndReason::None; }
  /// Precondition: over().
  const Result& result() const { return result_; }
  /// The area score of the board as it stands now.
  Score score() const { return areaScore(board_, rules_.komi); }

 private:
  void endTurn();
  void finishScored(EndReason reason);

  Rules rules_;
  Board board_;
  Color to_move_ = Color::Black;
  int turns_ = 0;
  int passes_ = 0;
  std::vector<Point> handicap_;
  std::unordered_set<uint64_t> seen_;  // every whole-board position so far (superko)
  Result result_;
};

}  // namespace pg
