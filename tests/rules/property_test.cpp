// Property tests through Game: thousands of random games of every kind must keep the board
// consistent and must all end; on small boards every legality answer is checked against the
// reference implementation.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <unordered_set>
#include <vector>

#include "rules/game.h"
#include "rules/playout.h"
#include "rules_test_util.h"

namespace pg {
namespace {

// Random but valid rules, mostly on small boards so that the test stays fast.
Rules randomRules(Rng& rng) {
  Rules r;
  const uint32_t roll = rng.below(100);
  r.size = roll < 70   ? 5 + static_cast<int>(rng.below(3))
           : roll < 93 ? 8 + static_cast<int>(rng.below(4))
                       : 12 + static_cast<int>(rng.below(8));
  r.topology = rng.below(2) ? Topology::Torus : Topology::Planar;
  r.ko = rng.below(2) ? KoRule::Simple : KoRule::PositionalSuperko;
  r.atari_go = rng.below(5) == 0;
  if (maxHandicap(r.size) > 0 && rng.below(4) == 0)
    r.handicap = 2 + static_cast<int>(rng.below(static_cast<uint32_t>(maxHandicap(r.size) - 1)));
  const double komis[] = {7.5, 0.5, 0, 6, -3.5};
  r.komi = komis[rng.below(5)];
  if (rng.below(5) == 0) r.turn_cap = 1 + static_cast<int>(rng.below(200));
  return r;
}

// A uniformly random legal point for the player on turn, or kPass if there is none.
Point randomLegal(const Game& g, Rng& rng, std::vector<Point>& scratch) {
  const int n = g.rules().numPoints();
  for (int tries = 0; tries < 4; ++tries) {
    const Point p = static_cast<Point>(rng.below(static_cast<uint32_t>(n)));
    if (g.isLegal(p)) return p;
  }
  scratch.clear();
  for (Point p = 0; p < n; ++p)
    if (g.isLegal(p)) scratch.push_back(p);
  if (scratch.empty()) return kPass;
  return scratch[rng.below(static_cast<uint32_t>(scratch.size()))];
}

TEST(GameProperty, TenThousandRandomGamesStayConsistentAndEnd) {
  Rng rng(0xC0FFEE);
  std::array<int, 6> reasons{};
  std::vector<Point> scratch, captured;
  long long total_turns = 0;
  constexpr int kGames = 10000;
  for (int game = 0; game < kGames; ++game) {
    const Rules rules = randomRules(rng);
    ASSERT_FALSE(rules.validate().has_value()) << *rules.validate();
    Game g(rules);
    ASSERT_EQ(g.board().checkConsistency(), "");
    const double pass_probability = std::array<double, 3>{0.02, 0.1, 0.3}[rng.below(3)];
    // Every position after a stone play, tracked here independently of the game (superko).
    std::unordered_set<uint64_t> positions{g.board().hash()};
    const int cap = rules.effectiveTurnCap();
    bool last_was_capture = false;
    int last_passes = 0;
    while (!g.over()) {
      ASSERT_LT(g.turnsPlayed(), cap) << "the game did not end at the turn cap";
      const Color mover = g.toMove();
      const Point p = rng.uniform() < pass_probability ? kPass : randomLegal(g, rng, scratch);
      if (p == kPass) {
        g.pass();
        ++last_passes;
        last_was_capture = false;
      } else {
        const Board& b = g.board();
        ASSERT_EQ(b.at(p), Color::Empty);
        ASSERT_FALSE(b.isSuicide(mover, p)) << pointName(p, rules.size) << "\n"
                                            << b.toAsciiLabelled();
        const int predicted = b.wouldCapture(mover, p);
        const uint64_t predicted_hash = b.hashAfter(mover, p);
        if (rules.ko == KoRule::PositionalSuperko) {
          ASSERT_EQ(positions.count(predicted_hash), 0u)
              << "superko allowed a repetition at " << pointName(p, rules.size);
        } else {
          ASSERT_FALSE(p == b.koPoint() && mover == b.koColor());
        }
        captured.clear();
        const int n = g.play(p, &captured);
        ASSERT_EQ(n, predicted);
        ASSERT_EQ(static_cast<int>(captured.size()), n);
        ASSERT_EQ(g.board().hash(), predicted_hash);
        ASSERT_EQ(g.board().at(p), mover);
        positions.insert(g.board().hash());
        last_passes = 0;
        last_was_capture = n > 0;
      }
      ASSERT_EQ(g.board().checkConsistency(), "") << g.board().toAsciiLabelled();
    }
    const Result& r = g.result();
    total_turns += g.turnsPlayed();
    ++reasons[static_cast<int>(r.reason)];
    switch (r.reason) {
      case EndReason::TwoPasses:
        ASSERT_EQ(last_passes, 2);
        break;
      case EndReason::AtariCapture:
        ASSERT_TRUE(rules.atari_go);
        ASSERT_TRUE(last_was_capture);
        ASSERT_EQ(r.winner, opponent(g.toMove())) << "the capturer wins";
        ASSERT_FALSE(r.score.has_value());
        break;
      case EndReason::TurnCap:
        ASSERT_EQ(g.turnsPlayed(), cap);
        break;
      default:
        FAIL() << "unexpected end: " << endReasonName(r.reason);
    }
    if (r.reason != EndReason::AtariCapture) {
      ASSERT_TRUE(r.score.has_value());
      ASSERT_EQ(*r.score, areaScore(g.board(), rules.komi));
      ASSERT_EQ(r.winner, r.score->winner());
      // Atari Go with no capture is scored too.
      if (rules.atari_go) {
        ASSERT_FALSE(last_was_capture);
      }
    }
  }
  // Each way to end showed up many times.
  EXPECT_GT(reasons[static_cast<int>(EndReason::TwoPasses)], 500);
  EXPECT_GT(reasons[static_cast<int>(EndReason::AtariCapture)], 500);
  EXPECT_GT(reasons[static_cast<int>(EndReason::TurnCap)], 500);
  RecordProperty("turns", static_cast<int>(total_turns));
}

// Every Game::isLegal answer on small boards against the reference: empty, not suicide after
// captures, and the ko rule (simple: no immediate retake of a single stone that just took one;
// superko: no earlier whole-board position).
TEST(GameProperty, LegalityMatchesReferenceOnSmallBoards) {
  Rng rng(4242);
  for (int game = 0; game < 160; ++game) {
    Rules rules;
    rules.size = 5 + game % 2;
    rules.topology = game % 4 < 2 ? Topology::Planar : Topology::Torus;
    rules.ko = game % 8 < 4 ? KoRule::Simple : KoRule::PositionalSuperko;
    rules.turn_cap = 60;
    Game g(rules);
    test::NaiveBoard ref(rules.size, rules.topology);
    std::set<std::vector<Color>> history{ref.cells()};
    Point ko_point = kNoPoint;  // where the player on turn may not retake (simple ko)
    while (!g.over()) {
      const Color c = g.toMove();
      std::vector<Point> legal;
      for (Point p = 0; p < rules.numPoints(); ++p) {
        bool ok = ref.at(p) == Color::Empty;
        if (ok) {
          test::NaiveBoard t = ref;
          ok = t.play(c, p);
          if (ok && rules.ko == KoRule::Simple) ok = p != ko_point;
          if (ok && rules.ko == KoRule::PositionalSuperko) ok = !history.count(t.cells());
        }
        ASSERT_EQ(g.isLegal(p), ok) << colorName(c) << " " << pointName(p, rules.size) << " ("
                                    << koRuleName(rules.ko) << ")\n"
                                    << g.board().toAsciiLabelled();
        if (ok) legal.push_back(p);
      }
      if (legal.empty() || rng.below(12) == 0) {
        g.pass();
        ko_point = kNoPoint;
        continue;
      }
      const Point p = legal[rng.below(static_cast<uint32_t>(legal.size()))];
      std::vector<int> captured;
      ASSERT_TRUE(ref.play(c, p, &captured));
      g.play(p);
      history.insert(ref.cells());
      ko_point = kNoPoint;
      if (captured.size() == 1) {
        std::vector<int> stones;
        std::set<int> libs;
        ref.chain(p, stones, libs);
        if (stones.size() == 1 && libs.size() == 1) ko_point = static_cast<Point>(captured[0]);
      }
      for (Point q = 0; q < rules.numPoints(); ++q)
        ASSERT_EQ(g.board().at(q), ref.at(q)) << g.board().toAsciiLabelled();
    }
  }
}

}  // namespace
}  // namespace pg
