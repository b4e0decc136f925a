// Random playouts: the move sampler's contract (uniform over legal non-eye points), the end of
// a playout, and playoutScore against the full area score.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "rules/game.h"
#include "rules/playout.h"
#include "rules_test_util.h"

namespace pg {
namespace {

using test::pt;

using test::B;
using test::W;

// The points randomPlayoutMove<eyes> may choose: legal (simple ko) and not an eye of c's own
// (under FillFalse a false eye, by the reference's reading, is no eye).
std::vector<Point> candidates(const Board& b, Color c, PlayoutEyes eyes = PlayoutEyes::FillFalse) {
  const test::NaiveBoard ref(b);
  std::vector<Point> out;
  for (Point p = 0; p < b.numPoints(); ++p) {
    const bool eye =
        b.isOnePointEye(c, p) && !(eyes == PlayoutEyes::FillFalse && ref.isFalseEye(c, p));
    if (b.isLegal(c, p) && !eye) out.push_back(p);
  }
  return out;
}

TEST(Rng, RangeAndSpread) {
  Rng rng(1);
  std::vector<int> hist(7, 0);
  for (int i = 0; i < 70000; ++i) {
    const uint32_t v = rng.below(7);
    ASSERT_LT(v, 7u);
    ++hist[v];
  }
  for (int h : hist) EXPECT_NEAR(h, 10000, 500);
  for (int i = 0; i < 1000; ++i) {
    const double u = rng.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
  }
  Rng a(5), b(5), c(6);
  EXPECT_EQ(a.next32(), b.next32());
  EXPECT_NE(a.next32(), c.next32());
}

TEST(PlayoutMove, ChoosesOnlyCandidatesAndPassesWhenThereAreNone) {
  Rng rng(99);
  for (int game = 0; game < 300; ++game) {
    const int size = 5 + game % 5;
    Board b(size, game % 2 ? Topology::Torus : Topology::Planar);
    const PlayoutEyes eyes = game % 4 < 2 ? PlayoutEyes::FillFalse : PlayoutEyes::KeepAll;
    Color c = B;
    int passes = 0;
    // A limit, since two kos with passes in between can cycle for ever under simple ko.
    for (int move = 0; passes < 2 && move < 4 * size * size; ++move) {
      const std::vector<Point> want = candidates(b, c, eyes);
      const std::string before = b.toAscii();
      const uint64_t hash = b.hash();
      const Point p = randomPlayoutMove(b, c, rng, eyes);
      // Only the order of the empty list may change.
      ASSERT_EQ(b.toAscii(), before);
      ASSERT_EQ(b.hash(), hash);
      ASSERT_EQ(b.checkConsistency(), "");
      if (want.empty()) {
        ASSERT_EQ(p, kPass) << b.toAsciiLabelled();
        b.clearKo();
        ++passes;
      } else {
        ASSERT_NE(std::find(want.begin(), want.end(), p), want.end())
            << pointName(p, size) << " for " << colorName(c) << " on\n"
            << b.toAsciiLabelled();
        b.play(c, p);
        passes = 0;
      }
      c = opponent(c);
    }
  }
}

// On a position with eyes of both colours (one of them false), suicide points, a ko and
// ordinary points, every candidate is drawn equally often and nothing else is ever drawn, under
// either eye rule (a chi-square test; the seed is fixed, so the test is deterministic).
TEST(PlayoutMove, IsUniformOverTheCandidates) {
  Board base = Board::fromAscii(
      ". X . X . O . O .\n"
      "X X X X O O O O O\n"
      ". . . . . . . . .\n"
      ". X O . . . . . .\n"
      "X O . O . . X X X\n"
      ". X O . . . X . X\n"
      ". . . . . . X X X\n"
      "O X . . . . . . .\n"
      "X . X . . . . . .\n");
  base.play(B, pt("C5", 9));  // takes B5 and makes a ko at B5 for White
  ASSERT_EQ(base.koPoint(), pt("B5", 9));
  // B1 is a false eye of Black's (White holds A2): Black may fill it under FillFalse only.
  const auto has = [](const std::vector<Point>& v, Point p) {
    return std::find(v.begin(), v.end(), p) != v.end();
  };
  EXPECT_TRUE(has(candidates(base, B, PlayoutEyes::FillFalse), pt("B1", 9)));
  EXPECT_FALSE(has(candidates(base, B, PlayoutEyes::KeepAll), pt("B1", 9)));
  for (const PlayoutEyes eyes : {PlayoutEyes::KeepAll, PlayoutEyes::FillFalse})
    for (Color c : {B, W}) {
      const std::vector<Point> want = candidates(base, c, eyes);
      ASSERT_GT(want.size(), 30u);
      std::map<Point, int> hist;
      Rng rng(c == B ? 11 : 12);
      const int draws = 400 * static_cast<int>(want.size());
      for (int i = 0; i < draws; ++i) {
        Board b = base;
        // Reorder the empty list a little so the sampler does not always start from one order.
        for (int k = 0; k < 3; ++k)
          b.swapEmpty(static_cast<int>(rng.below(static_cast<uint32_t>(b.numEmpty()))),
                      static_cast<int>(rng.below(static_cast<uint32_t>(b.numEmpty()))));
        ++hist[randomPlayoutMove(b, c, rng, eyes)];
      }
      double chi2 = 0;
      for (Point p : want) {
        const double expected = 400.0;
        const double d = hist[p] - expected;
        chi2 += d * d / expected;
      }
      ASSERT_EQ(hist.size(), want.size()) << "drew a point that is not a candidate";
      // For k - 1 degrees of freedom the mean is k - 1 and the deviation sqrt(2(k - 1)); allow
      // six deviations.
      const double dof = static_cast<double>(want.size() - 1);
      EXPECT_LT(chi2, dof + 6 * std::sqrt(2 * dof)) << colorName(c);
      EXPECT_EQ(hist[pt("B1", 9)] > 0, c == W || eyes == PlayoutEyes::FillFalse);  // W captures
    }
}

TEST(Playout, EndsWithOnlySinglePointRegions) {
  Rng rng(5);
  int finished = 0;
  for (int i = 0; i < 200; ++i) {
    const int size = 5 + i % 11;
    const Topology t = i % 3 == 0 ? Topology::Torus : Topology::Planar;
    Board b(size, t);
    const PlayoutResult r = randomPlayout(b, i % 2 ? W : B, rng, 10 * size * size);
    if (!r.finished) continue;  // a cycle of kos and passes (see UnfinishedPlayoutsAreKoCycles)
    ++finished;
    ASSERT_EQ(b.checkConsistency(), "");
    EXPECT_GE(r.moves, b.stoneCount(B) + b.stoneCount(W));
    for (Point p = 0; p < b.numPoints(); ++p)
      if (b.at(p) == Color::Empty) {
        EXPECT_EQ(b.neighbourCount(p, Color::Empty), 0) << b.toAsciiLabelled();
      }
    // The player who passed last has nothing to play. The one who passed first may have a ko
    // to retake now (their pass lifted the ko), and nothing else.
    const auto cb = candidates(b, B), cw = candidates(b, W);
    EXPECT_TRUE(cb.empty() || cw.empty()) << b.toAsciiLabelled();
    for (Point p : cb) EXPECT_EQ(b.wouldCapture(B, p), 1) << pointName(p, size);
    for (Point p : cw) EXPECT_EQ(b.wouldCapture(W, p), 1) << pointName(p, size);
  }
  EXPECT_GT(finished, 150);
}

// Under simple ko two kos and passes can repeat for ever: each pass lifts the ko, so the two
// passes in a row never come. Where false eyes are kept (KeepAll) this is common; such playouts
// stop at the move limit, unfinished. Every one of them keeps repeating whole-board positions.
TEST(Playout, UnfinishedPlayoutsAreKoCycles) {
  Rng rng(99);
  int unfinished = 0;
  for (int i = 0; i < 400; ++i) {
    Board b(7, Topology::Planar);
    const PlayoutResult r = randomPlayout(b, B, rng, 1000, 0, PlayoutEyes::KeepAll);
    if (r.finished) continue;
    ++unfinished;
    // Go on a little, with the side to move: the same positions come back.
    std::set<uint64_t> seen;
    int repeats = 0;
    Color c = r.to_move;
    for (int k = 0; k < 200; ++k) {
      const Point p = randomPlayoutMove<PlayoutEyes::KeepAll>(b, c, rng);
      if (p == kPass) {
        b.clearKo();
      } else {
        b.play(c, p);
        repeats += !seen.insert(b.hash()).second;
      }
      c = opponent(c);
    }
    EXPECT_GT(repeats, 50) << b.toAsciiLabelled();
  }
  EXPECT_GT(unfinished, 0);
}

// Filling false eyes takes those cycles away almost entirely: under KeepAll a seventh of the
// playouts from the empty 9x9 board and most on 19x19 reach the move limit (docs/bot.md).
TEST(Playout, FillingFalseEyesEndsAlmostEveryPlayout) {
  Rng rng(17);
  for (const int size : {7, 9, 13, 19}) {
    for (const Topology t : {Topology::Planar, Topology::Torus}) {
      const int n = 4000 / size;
      int unfinished_keep = 0, unfinished_fill = 0;
      for (int i = 0; i < n; ++i) {
        Board keep(size, t), fill(size, t);
        const int limit = 3 * size * size;
        unfinished_keep += !randomPlayout(keep, B, rng, limit, 0, PlayoutEyes::KeepAll).finished;
        unfinished_fill += !randomPlayout(fill, B, rng, limit, 0, PlayoutEyes::FillFalse).finished;
      }
      EXPECT_LE(unfinished_fill * 100, n) << size;      // at most 1%
      EXPECT_GE(unfinished_keep * 100, 2 * n) << size;  // at least 2%
    }
  }
}

// randomPlayout skips the plies of a cycle it is caught in: the result and the final position
// are those of the plain loop over randomPlayoutMove from the same generator.
TEST(Playout, SkippedCyclesEndInThePlainLoopsPosition) {
  int unfinished = 0;
  for (int i = 0; i < 600; ++i) {
    const int size = 5 + i % 5;
    const Topology t = i % 4 == 3 ? Topology::Torus : Topology::Planar;
    const int max_moves = (i % 3 + 2) * size * size + i % 7;
    const Color first = i % 2 ? W : B;
    // Mostly KeepAll, where cycles are common; FillFalse has few.
    const PlayoutEyes eyes = i % 3 == 1 ? PlayoutEyes::FillFalse : PlayoutEyes::KeepAll;
    Board fast(size, t), plain(size, t);
    Rng rf(1000 + i), rp(1000 + i);
    const PlayoutResult r = randomPlayout(fast, first, rf, max_moves, 0, eyes);
    int moves = 0, passes = 0;
    bool finished = false;
    Color c = first;
    for (; moves < max_moves; c = opponent(c)) {
      const Point p = randomPlayoutMove(plain, c, rp, eyes);
      if (p == kPass) {
        plain.clearKo();
        if (++passes >= 2) {
          finished = true;
          c = opponent(c);
          break;
        }
      } else {
        plain.play(c, p);
        passes = 0;
        ++moves;
      }
    }
    ASSERT_EQ(r.finished, finished) << i;
    ASSERT_EQ(r.moves, moves) << i;
    ASSERT_EQ(r.to_move, c) << i;
    ASSERT_EQ(fast.toAscii(), plain.toAscii()) << i;
    ASSERT_EQ(fast.koPoint(), plain.koPoint()) << i;
    ASSERT_EQ(fast.checkConsistency(), "");
    unfinished += !finished;
  }
  EXPECT_GT(unfinished, 20);
}

TEST(Playout, StopsAtTheMoveLimit) {
  Rng rng(8);
  Board b(9, Topology::Planar);
  const PlayoutResult r = randomPlayout(b, B, rng, 10);
  EXPECT_FALSE(r.finished);
  EXPECT_EQ(r.moves, 10);
  EXPECT_EQ(b.stoneCount(B) + b.stoneCount(W), 10);
  Board c(9, Topology::Planar);
  EXPECT_EQ(randomPlayout(c, B, rng, 0).moves, 0);
  EXPECT_EQ(c.numEmpty(), 81);
}

TEST(Playout, ScoreEqualsAreaScoreAtTheEnd) {
  Rng rng(31337);
  int finished = 0;
  for (int i = 0; i < 3000; ++i) {
    const int size = 5 + static_cast<int>(rng.below(i % 10 == 0 ? 21 : 6));
    const Topology t = rng.below(2) ? Topology::Torus : Topology::Planar;
    Board b(size, t);
    if (!randomPlayout(b, rng.below(2) ? B : W, rng, 4 * size * size).finished) continue;
    ++finished;
    const int fast = playoutScore(b);
    const Score s = areaScore(b, 0);
    ASSERT_EQ(fast, s.margin()) << b.toAsciiLabelled();
    ASSERT_EQ(fast, s.black() - (s.white() - s.komi));
    const Score k = areaScore(b, 7.5);
    ASSERT_EQ(fast, k.margin() + k.komi);
  }
  EXPECT_GT(finished, 2400);
}

TEST(Playout, ScoreOfSimplePositions) {
  EXPECT_EQ(playoutScore(Board(9, Topology::Planar)), 0);
  const Board b = Board::fromAscii(
      ". X O . .\n"
      "X X O O O\n"
      "X . X O .\n"
      "X X X O O\n"
      ". X O . O\n");
  // Black: 9 stones + A5, B3, A1. White: 9 stones + D5, E5, E3, D1. (D5-E5 is a two-point
  // region, which playoutScore also gets right when it touches one colour only.)
  EXPECT_EQ(playoutScore(b), -1);
  EXPECT_EQ(areaScore(b, 0).margin(), -1);
}

}  // namespace
}  // namespace pg
