// A GTP version 2 engine for plain, full-information Go on the rules core. It holds no I/O of
// its own beyond run(): tests drive handleLine() with strings.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "rules/board.h"
#include "rules/game.h"
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

/// The game is a pg::Game driven through its any-colour API (GTP's `play` may give either colour
/// in any order): the Game checks each play (occupied, suicide, ko rule), keeps the moves, the
/// passes and the score, and undoes by replay. `boardsize`, `clear_board`, `komi` and
/// `fixed_handicap` change the rules and rebuild the Game (komi and handicap keep the moves).
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

  const Board& board() const { return game_.board(); }
  double komi() const { return rules_.komi; }
  /// Moves played since the last clear, handicap stones excluded.
  int movesPlayed() const { return static_cast<int>(game_.moves().size()); }

  /// Whether c may play p now: p empty, not suicide, and allowed by the ko rule.
  /// Precondition: 0 <= p < board().numPoints().
  bool isLegal(Color c, Point p) const;

  /// The names of every command this engine knows, in list_commands order.
  static const std::vector<std::string>& commandNames();

 private:
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

  Rules rules_;  // size, topology, ko rule, komi and handicap of the current game
  Rng rng_;
  Game game_;
  bool quit_ = false;
};

}  // namespace pg
