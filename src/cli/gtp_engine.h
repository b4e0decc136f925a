// A GTP version 2 engine for plain, full-information Go on the rules core. It holds no I/O of
// its own beyond run(): tests drive handleLine() with strings.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "rules/board.h"
#include "rules/playout.h"
#include "rules/rules.h"

namespace pg {

struct GtpOptions {
  int size = 19;  ///< kMinSize..kMaxSize
  Topology topology = Topology::Planar;
  KoRule ko = KoRule::PositionalSuperko;
  double komi = 7.5;
  uint64_t seed = 1;  ///< seeds genmove's random choice
};

/// GTP's `play` may give either colour in any order, so this engine keeps no turn: it checks
/// each play for the colour given (occupied, suicide, ko rule) and records the moves so that
/// `undo` can replay the game from the start.
class GtpEngine {
 public:
  explicit GtpEngine(const GtpOptions& options = {});

  /// Handles one line of input (with or without its newline). Returns the whole response,
  /// framing included ("=id result\n\n" or "?id message\n\n"), or an empty string for a line
  /// that GTP ignores (empty, blank or a comment).
  std::string handleLine(std::string_view line);

  /// Reads commands until end of input or `quit`, writing and flushing each response.
  void run(std::istream& in, std::ostream& out);

  /// True once `quit` has been answered.
  bool quitRequested() const { return quit_; }

  const Board& board() const { return board_; }
  double komi() const { return komi_; }
  /// Moves played since the last clear, handicap stones excluded.
  int movesPlayed() const { return static_cast<int>(moves_.size()); }

  /// Whether c may play p now: p empty, not suicide, and allowed by the ko rule.
  /// Precondition: 0 <= p < board().numPoints().
  bool isLegal(Color c, Point p) const;

  /// The names of every command this engine knows, in list_commands order.
  static const std::vector<std::string>& commandNames();

 private:
  struct Move {
    Color color;
    Point point;  // kPass for a pass
  };
  struct Reply {
    bool ok = true;
    std::string text;
  };

  Reply dispatch(const std::string& name, const std::vector<std::string>& args);
  Reply cmdBoardsize(const std::vector<std::string>& args);
  Reply cmdKomi(const std::vector<std::string>& args);
  Reply cmdPlay(const std::vector<std::string>& args);
  Reply cmdGenmove(const std::vector<std::string>& args);
  Reply cmdUndo();
  Reply cmdFixedHandicap(const std::vector<std::string>& args);
  Reply cmdFinalScore() const;
  Reply cmdShowboard() const;
  Reply cmdListStones(const std::vector<std::string>& args) const;

  /// Empties the board and forgets every move and handicap stone.
  void clear();
  /// Rebuilds the board and the position set from the handicap stones and the moves.
  void replay();
  /// Plays a move known to be legal and adds the new position to the set.
  void apply(const Move& m);

  int size_;
  Topology topology_;
  KoRule ko_;
  double komi_;
  Rng rng_;
  Board board_;
  std::vector<Point> handicap_;
  std::vector<Move> moves_;
  std::unordered_set<uint64_t> seen_;  // every whole-board position since the last clear
  bool quit_ = false;
};

}  // namespace pg
