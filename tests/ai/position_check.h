// Shared by the belief tests: what makes a board a legal position, and the board shapes the
// random games are played on.
#pragma once

#include <string>

#include "rules/board.h"
#include "rules/rules.h"
#include "rules/types.h"

namespace pg {

/// Empty if every chain has a liberty and the board's structures are consistent; else why not.
inline std::string positionProblem(const Board& b) {
  if (std::string c = b.checkConsistency(); !c.empty()) return c;
  for (Point p = 0; p < b.numPoints(); ++p)
    if (isStone(b.at(p)) && b.liberties(p) == 0)
      return "chain without liberty at " + pointName(p, b.size()) + "\n" + b.toAscii();
  return "";
}

/// One board shape of the random games.
struct Shape {
  int size;
  bool torus;
  int handicap;
  bool atari;

  Rules rules() const {
    Rules r;
    r.size = size;
    r.topology = torus ? Topology::Torus : Topology::Planar;
    r.handicap = handicap;
    r.komi = Rules::defaultKomi(handicap);
    r.atari_go = atari;
    return r;
  }
};

}  // namespace pg
