// beliefMap: a share per point, zero where the view shows a stone, summing to the number of
// hidden opponent stones, the same for the same seed, and defined on a finished game's views.
#include <gtest/gtest.h>

#include <cmath>

#include "ai/belief_map.h"
#include "ai/levels.h"
#include "ai/player.h"
#include "referee/referee.h"

namespace pg {
namespace {

int hiddenCount(const View& view) {
  const Color opp = opponent(view.self());
  int visible = 0;
  for (Point p = 0; p < view.rules().numPoints(); ++p) visible += view.at(p) == opp;
  return view.stoneCount(opp) - visible;
}

/// Checks beliefMap's map of `view`; with `again`, also that the same seed gives the same map.
void checkMap(const View& view, int samples, uint64_t seed, bool again = true) {
  const std::vector<float> map = beliefMap(view, samples, seed);
  const int n = view.rules().numPoints();
  ASSERT_EQ(static_cast<int>(map.size()), n);
  double sum = 0;
  for (Point p = 0; p < n; ++p) {
    const float f = map[static_cast<size_t>(p)];
    ASSERT_GE(f, 0.0f);
    ASSERT_LE(f, 1.0f);
    if (view.at(p) != Color::Empty) {
      ASSERT_EQ(f, 0.0f) << pointName(p, view.rules().size);
    }
    sum += f;
  }
  // Every sample places every hidden stone (the real board proves it can be done).
  EXPECT_NEAR(sum, hiddenCount(view), 1e-3);
  if (again) {
    EXPECT_EQ(beliefMap(view, samples, seed), map);
  }
}

TEST(BeliefMap, EmptyBoardIsAllZero) {
  Rules rules;
  const View view(rules, Audience::Black);
  const std::vector<float> map = beliefMap(view, 50, 1);
  ASSERT_EQ(static_cast<int>(map.size()), 81);
  for (float f : map) EXPECT_EQ(f, 0.0f);
}

TEST(BeliefMap, RejectedPointIsBelievedAndCountsAdd) {
  Rules rules;
  Referee ref(rules);
  const Point e5 = *parsePoint("E5", 9);
  ASSERT_TRUE(ref.tryPoint(Color::Black, *parsePoint("C3", 9)).legal);
  ASSERT_TRUE(ref.tryPoint(Color::White, e5).legal);
  // Black tries where White's stone is: rejected, so almost surely White's.
  const Answer a = ref.tryPoint(Color::Black, e5);
  ASSERT_TRUE(a.accepted());
  ASSERT_FALSE(a.legal);
  const View& black = ref.view(Audience::Black);
  const std::vector<float> map = beliefMap(black, 100, 7);
  EXPECT_EQ(map[static_cast<size_t>(e5)], 1.0f);
  checkMap(black, 100, 7);
  checkMap(ref.view(Audience::White), 100, 7);
}

TEST(BeliefMap, EveryViewOfRandomGamesUpToTheEnd) {
  struct Shape {
    int size;
    bool torus;
    int handicap;
  };
  for (const Shape sh : {Shape{5, false, 0}, Shape{7, true, 0}, Shape{9, false, 4}}) {
    Rules rules;
    rules.size = sh.size;
    rules.topology = sh.torus ? Topology::Torus : Topology::Planar;
    rules.handicap = sh.handicap;
    rules.komi = Rules::defaultKomi(sh.handicap);
    Referee ref(rules);
    auto black = makePlayer("random", 11);
    auto white = makePlayer("random", 12);
    SearchLimits limits;
    int step = 0;
    while (!ref.over()) {
      const Color c = ref.toMove();
      if (step++ % 40 == 0) {
        // The same map again from the same seed: checked once a game (each check replays the
        // whole story, the bulk of this test's time under the sanitizers).
        const bool again = step == 1;
        checkMap(ref.view(Audience::Black), 40, static_cast<uint64_t>(step), again);
        checkMap(ref.view(Audience::White), 40, static_cast<uint64_t>(step), again);
        if (testing::Test::HasFatalFailure()) return;
      }
      const Action a =
          (c == Color::Black ? *black : *white).choose(ref.view(audienceOf(c)), limits);
      if (a.kind == Action::Kind::Try)
        ASSERT_TRUE(ref.tryPoint(c, a.point).accepted());
      else
        ref.pass(c);
    }
    // The finished game's views, built again without their End event, as the server does;
    // and the maps of every step, carried from one step to the next, keep the same rules,
    // with the plain opponent model and with hard's sharpened one.
    for (const Audience au : {Audience::Black, Audience::White}) {
      View v(rules, au);
      BeliefMapper mapper(40, 5, 0,
                          au == Audience::Black ? 1.0 : beliefModelPower("hard", rules.size));
      int k = 0;
      for (const SeenEvent& e : ref.seen(au)) {
        if (e.kind == SeenKind::End) break;
        v.apply(e);
        if (k++ % 12) continue;
        const std::vector<float> map = mapper.next(v);
        double sum = 0;
        for (Point p = 0; p < rules.numPoints(); ++p) {
          ASSERT_GE(map[static_cast<size_t>(p)], 0.0f);
          if (v.at(p) != Color::Empty) {
            ASSERT_EQ(map[static_cast<size_t>(p)], 0.0f);
          }
          sum += map[static_cast<size_t>(p)];
        }
        ASSERT_NEAR(sum, hiddenCount(v), 1e-3);
      }
      checkMap(v, 40, 3);
    }
    // And the finished view itself (its board is the revealed one: nothing left hidden).
    const std::vector<float> done = beliefMap(ref.view(Audience::Black), 40, 3);
    for (float f : done) EXPECT_EQ(f, 0.0f);
  }
}

// The mapper reads the story with the model it is given: hard's sharpened model puts the
// weight elsewhere than the plain one on the same view.
TEST(BeliefMap, AMapperUsesTheLevelsModel) {
  Rules rules;
  Referee ref(rules);
  auto black = makePlayer("random", 21);
  auto white = makePlayer("random", 22);
  for (int i = 0; i < 16 && !ref.over(); ++i) {
    const Color c = ref.toMove();
    const Action a = (c == Color::Black ? *black : *white).choose(ref.view(audienceOf(c)), {});
    ASSERT_EQ(a.kind, Action::Kind::Try);
    ASSERT_TRUE(ref.tryPoint(c, a.point).accepted());
  }
  const View& view = ref.view(Audience::Black);
  ASSERT_GT(hiddenCount(view), 3);
  const std::vector<float> plain = BeliefMapper(200, 9).next(view);
  const std::vector<float> sharp =
      BeliefMapper(200, 9, 0, beliefModelPower("hard", rules.size)).next(view);
  double moved = 0, sum = 0;
  for (size_t p = 0; p < plain.size(); ++p) {
    moved += std::abs(plain[p] - sharp[p]);
    sum += sharp[p];
  }
  EXPECT_GT(moved, 0.1) << "the same map: the power was not used";
  EXPECT_NEAR(sum, hiddenCount(view), 1e-3);
}

// Out of time for the story, the mapper goes on with the facts sampler: still a map of the view.
TEST(BeliefMap, AMapperOutOfTimeGoesOnWithTheFacts) {
  Rules rules;
  Referee ref(rules);
  ASSERT_TRUE(ref.tryPoint(Color::Black, *parsePoint("C3", 9)).legal);
  ASSERT_TRUE(ref.tryPoint(Color::White, *parsePoint("E5", 9)).legal);
  BeliefMapper mapper(40, 1, 1e-9);
  const View& view = ref.view(Audience::Black);
  const std::vector<float> map = mapper.next(view);
  EXPECT_TRUE(mapper.storyStopped());
  double sum = 0;
  for (float f : map) sum += f;
  EXPECT_NEAR(sum, 1.0, 1e-3);
  EXPECT_EQ(map[static_cast<size_t>(*parsePoint("C3", 9))], 0.0f);
}

}  // namespace
}  // namespace pg
