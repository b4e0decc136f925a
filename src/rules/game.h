// The game layer on top of the board: turn order, the ko rule (superko or simple), passes,
// resignation, loss on time, Atari Go, the turn cap, the end and area scoring. It knows nothing
// of who sees what (that is the referee's job, src/referee).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "rules/assert.h"
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
  Abandoned,  ///< the player on turn stayed away; no winner (no result) before the second turn
  Aborted,    ///< cancelled before each side had moved once: no result (Game::abortGame)
};
std::string_view endReasonName(EndReason r);

struct Result {
  /// Empty: a draw (only with an integer komi), or no result (an aborted game, or an abandoned
  /// game's end before the second turn: see Game::abandon).
  Color winner = Color::Empty;
  EndReason reason = EndReason::None;
  std::optional<Score> score;  ///< set when the game was scored (two passes, turn cap)
  bool operator==(const Result&) const = default;
};

/// The only owner of the game's history: the moves, the ko rule's memory (every position for
/// superko, the board's ko point for simple ko), passes, the end and the score. Two ways to drive
/// it: the turn-order API (isLegal(p), play(p), pass()) for the referee, which moves the player on
/// turn; and the any-colour API (isLegal(c, p), play(c, p), pass(c)) for GTP, whose `play` may
/// give either colour in any order. Both end a turn the same way: after a move by c, opponent(c)
/// is to move. Undo is by replay from the rules and the moves.
class Game {
 public:
  /// A stone play or a pass (point kPass), in the order played.
  struct Move {
    Color color = Color::Black;
    Point point = kPass;
    bool operator==(const Move&) const = default;
  };

  /// Places the handicap stones; White moves first after them. Precondition: kMinSize <=
  /// rules.size <= kMaxSize and rules.handicap is 0 or 2..maxHandicap(rules.size) (what
  /// !rules.validate() promises for a table; GTP also uses sizes up to kMaxSize).
  explicit Game(const Rules& rules);
  /// A game under `rules` after `moves`, replayed one by one. Precondition: as the constructor,
  /// and each move was legal when it was played (as moves() of a game under the same rules
  /// with the same handicap lists them; komi and the turn cap may differ).
  static Game replay(const Rules& rules, const std::vector<Move>& moves);

  const Rules& rules() const { return rules_; }
  const Board& board() const { return board_; }
  Color toMove() const { return to_move_; }
  /// Completed turns (stone plays and passes); handicap stones are not turns.
  int turnsPlayed() const { return turns_; }
  int consecutivePasses() const { return passes_; }
  const std::vector<Point>& handicapStones() const { return handicap_; }
  /// Every stone play and pass so far, handicap stones excluded.
  const std::vector<Move>& moves() const { return moves_; }

  /// Whether the player on turn may play p now. Same as isLegal(toMove(), p).
  bool isLegal(Point p) const { return isLegal(to_move_, p); }
  /// Whether c may play p now: p empty, not suicide, and not forbidden by the ko rule. Does not
  /// look at the turn or the end. The three checks all run every time and the answer is their
  /// AND (no early exit), so no check is skipped because another one failed; the suicide and ko
  /// checks still cost what the position makes them cost (the chains next to p, the size of a
  /// chain that p would capture, a lookup in the position set), so the time of an answer is not
  /// guaranteed to be the same for each reason (`phantomgo bench referee` measures it).
  /// Precondition: 0 <= p < numPoints, c is Black or White.
  bool isLegal(Color c, Point p) const;

  /// Plays a stone for the player on turn. Same as play(toMove(), p, captured).
  int play(Point p, std::vector<Point>* captured = nullptr) { return play(to_move_, p, captured); }
  /// Plays a stone of c at p, in or out of turn; opponent(c) is to move afterwards. Returns the
  /// number of captured stones and appends their points to `captured` if given. Precondition:
  /// isLegal(c, p), and !over() unless the game ended by two passes or the turn cap, in which
  /// case the move reopens it (GTP lets play go on after two passes).
  int play(Color c, Point p, std::vector<Point>* captured = nullptr);
  /// The player on turn passes. Same as pass(toMove()).
  void pass() { pass(to_move_); }
  /// c passes, in or out of turn; opponent(c) is to move. Two passes in a row (by any colours)
  /// end the game. Precondition: as play(c, p) for the end.
  void pass(Color c);
  /// `loser` resigns (at any time, on turn or not). Precondition: !over().
  void resign(Color loser);
  /// `loser` ran out of time. Precondition: !over().
  void loseOnTime(Color loser);
  /// `absent` (on turn) stayed away and the opponent ended the game: the opponent wins, or,
  /// before two turns were played, the game ends without a result (winner Empty). Precondition:
  /// !over().
  void abandon(Color absent);
  /// Turns a game must have before an abandonment is a win rather than no result.
  static constexpr int kTurnsForAbandonWin = 2;
  /// Whether the game may still be aborted: it is not over and fewer than kTurnsToCommit turns
  /// were played, i.e. not each side has moved once yet.
  bool mayAbort() const { return !over() && turns_ < kTurnsToCommit; }
  /// Ends the game without a result (EndReason::Aborted, winner Empty): a player cancelled it, or
  /// the player on turn did not make a first move in time. Precondition: mayAbort().
  void abortGame();
  /// Turns after which each side has moved once and a game can no longer be aborted.
  static constexpr int kTurnsToCommit = 2;
  /// Takes back the last stone play or pass by replaying the others from the rules (any end is
  /// recomputed; a resignation or a loss on time is forgotten). Returns false, changing nothing,
  /// when no move was played.
  bool undo();

  bool over() const { return result_.reason != EndReason::None; }
  /// Precondition: over().
  const Result& result() const {
    PG_ASSERT(over(), "result() of a game that is not over");
    return result_;
  }
  /// The area score of the board as it stands now.
  Score score() const { return areaScore(board_, rules_.komi); }

 private:
  void endTurn(Color mover);
  void finishScored(EndReason reason);
  /// The any-colour API's precondition on the end; clears a scored end.
  void reopen();

  Rules rules_;
  Board board_;
  Color to_move_ = Color::Black;
  int turns_ = 0;
  int passes_ = 0;
  std::vector<Point> handicap_;
  std::vector<Move> moves_;
  std::unordered_set<uint64_t> seen_;  // every whole-board position so far (superko)
  Result result_;
};

}  // namespace pg
