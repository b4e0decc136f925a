// The belief sampler never breaks a hard constraint, over many positions of random games of
// every shape.
#include <gtest/gtest.h>

#include <string>

#include "ai/belief.h"
#include "ai/player.h"
#include "ai/position_check.h"
#include "referee/referee.h"

namespace pg {
namespace {

void checkSamples(const Referee& ref, const View& view, Rng& rng) {
  const Knowledge k = Knowledge::fromView(view);
  const Board& real = ref.realGame().board();
  const Color self = view.self(), opp = opponent(self);
  const int n = view.rules().numPoints();
  // The certain stones really are there: the inference is sound.
  for (Point p : k.certain)
    ASSERT_EQ(real.at(p), opp) << "certain stone " << pointName(p, view.rules().size)
                               << " is not on the real board\n"
                               << real.toAscii();
  ASSERT_EQ(positionProblem(k.base), "");
  for (bool use_knowledge : {true, false}) {
    const Sampler sampler(k, use_knowledge);
    Board b(view.rules().size, view.rules().topology);
    for (int s = 0; s < 10; ++s) {
      // A point to keep empty: one that is empty on the real board, which proves the
      // constraints can all be met with it empty.
      Point keep = s % 2 ? static_cast<Point>(rng.below(static_cast<uint32_t>(n))) : kNoPoint;
      if (keep != kNoPoint && real.at(keep) != Color::Empty) keep = kNoPoint;
      std::vector<Point> placed;
      const int missing = sampler.sample(b, rng, keep, &placed);
      if (!use_knowledge) {  // the uniform baseline may rarely fall short in dense positions
        ASSERT_EQ(positionProblem(b), "") << b.toAscii();
        continue;
      }
      ASSERT_EQ(missing, 0) << "could not place every stone; keep "
                            << pointName(keep, view.rules().size) << " knowledge " << use_knowledge
                            << " hidden " << k.hidden_total << "\nview:\n"
                            << k.plain.toAscii() << "real:\n"
                            << real.toAscii();
      ASSERT_EQ(b.stoneCount(opp), view.stoneCount(opp)) << b.toAscii();
      ASSERT_EQ(b.stoneCount(self), view.stoneCount(self));
      ASSERT_EQ(static_cast<int>(placed.size()), k.hidden_total);
      for (Point p = 0; p < n; ++p) {
        if (view.at(p) != Color::Empty) {
          ASSERT_EQ(b.at(p), view.at(p));
        }
      }
      if (keep != kNoPoint && view.at(keep) == Color::Empty &&
          std::find(k.certain.begin(), k.certain.end(), keep) == k.certain.end()) {
        ASSERT_EQ(b.at(keep), Color::Empty);
      }
      for (Point p : k.certain) ASSERT_EQ(b.at(p), opp);
      ASSERT_EQ(positionProblem(b), "") << b.toAscii();
    }
  }
}

TEST(Sampler, NeverBreaksAHardConstraint) {
  const Shape shapes[] = {{5, false, 0, false}, {7, true, 0, false},  {9, false, 0, false},
                          {9, false, 4, false}, {9, true, 2, false},  {13, false, 0, false},
                          {9, false, 0, true},  {19, false, 9, false}};
  Rng rng(42);
  int positions = 0;
  for (const Shape& sh : shapes) {
    const int games = sh.size >= 13 ? 1 : 4;
    for (int game = 0; game < games; ++game) {
      playCheckedGame(
          sh.rules(), "random", 1000 + static_cast<uint64_t>(game), SearchLimits{},
          [&] { return rng.below(sh.size >= 13 ? 25 : 6) == 0; },
          [&](const Referee& ref, const View& view) {
            checkSamples(ref, view, rng);
            ++positions;
          });
      if (testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(positions, 150);
}

}  // namespace
}  // namespace pg
