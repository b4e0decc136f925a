// The SGF record of a finished game: the real moves, passes, handicap, result, and every
// rejected try as a comment on the move that followed. Only for finished games: its input is
// the Reveal, which exists only after the end.
#pragma once

#include <string>

#include "referee/seen.h"
#include "rules/rules.h"

namespace pg {

struct SgfGame {
  Rules rules;
  Reveal reveal;
  std::string black_name = "Black";
  std::string white_name = "White";
  std::string date;       ///< "YYYY-MM-DD", or empty
  std::string game_name;  ///< GN, or empty
  std::string application = "phantomgo";
};

/// FF[4] GM[1] SZ KM RU HA/AB PL PB PW DT RE GC, then one node per turn: B[xy] / W[xy] for a
/// stone, B[] / W[] for a pass, and a comment "rejected: C3 D4" with the tries rejected in that
/// turn. A turn that ended without a move (resignation, time) keeps its comment on a node of its
/// own.
std::string writeSgf(const SgfGame& game);

/// SGF's result value: "B+3.5", "W+R", "B+T", "0" (draw), "B+" (Atari Go capture).
std::string sgfResult(const Result& result);

/// SimpleText escaping: backslash before ']' and '\'.
std::string sgfEscape(const std::string& text);

}  // namespace pg
