// Shared by the belief tests: what makes a board a legal position, and the board shapes the
// random games are played on.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "ai/player.h"
#include "referee/referee.h"
#include "rules/board.h"
#include "rules/rules.h"
#include "rules/types.h"

namespace pg {

/// Empty if every chain has a liberty and the board's structures are consistent; else why not.
inline std::string positionProblem(const Board& b) {
  if (std::string c = b.checkConsistency(); !c.empty()) return c;
  // Each chain once, at its head (checkConsistency has checked the chains themselves).
  for (Point p = 0; p < b.numPoints(); ++p)
    if (isStone(b.at(p)) && b.chainHead(p) == p && b.liberties(p) == 0)
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

/// Plays one game of two `bot` players (seeds `seed` and `seed` + 1000) on `rules`; before each
/// decision for which pick() is true, calls check(referee, the view of the player on turn).
/// Stops at the first test failure.
template <class Pick, class Check>
void playCheckedGame(const Rules& rules, const char* bot, uint64_t seed, const SearchLimits& limits,
                     Pick&& pick, Check&& check) {
  Referee ref(rules);
  auto black = makePlayer(bot, seed);
  auto white = makePlayer(bot, seed + 1000);
  ASSERT_TRUE(black && white);
  while (!ref.over()) {
    const Color c = ref.toMove();
    const View& view = ref.view(audienceOf(c));
    if (pick()) {
      check(ref, view);
      if (testing::Test::HasFailure()) return;
    }
    const Action a = (c == Color::Black ? *black : *white).choose(view, limits);
    if (a.kind == Action::Kind::Try)
      ASSERT_TRUE(ref.tryPoint(c, a.point).accepted());
    else if (a.kind == Action::Kind::Pass)
      ref.pass(c);
    else
      ref.resign(c);
  }
}

}  // namespace pg
