// The story belief (ai/story_belief.h): every board it gives is one the view allows, it
// almost never has to fall back to the facts sampler, and it uses what only the order of the
// events tells.
#include <gtest/gtest.h>

#include <string>

#include "ai/belief.h"
#include "ai/player.h"
#include "ai/position_check.h"
#include "ai/story_belief.h"
#include "referee/referee.h"

namespace pg {
namespace {

/// Checks boards drawn from the belief; returns true if it fell back.
bool checkBelief(const Referee& ref, const View& view, Rng& rng) {
  const int particles = 16;
  const StoryBelief belief(view, OpponentModel::learned(), particles, rng.next32());
  const Board& real = ref.realGame().board();
  const Color self = view.self(), opp = opponent(self);
  const int n = view.rules().numPoints();
  Board b(view.rules().size, view.rules().topology);
  for (int s = 0; s < 8; ++s) {
    Point keep = s % 2 ? static_cast<Point>(rng.below(static_cast<uint32_t>(n))) : kNoPoint;
    if (keep != kNoPoint && (real.at(keep) != Color::Empty || view.at(keep) != Color::Empty))
      keep = kNoPoint;
    std::vector<Point> placed;
    const int missing = belief.sample(b, rng, keep, &placed);
    EXPECT_EQ(b.stoneCount(opp), view.stoneCount(opp)) << b.toAscii();
    EXPECT_EQ(b.stoneCount(self), view.stoneCount(self)) << b.toAscii();
    for (Point p = 0; p < n; ++p)
      if (view.at(p) != Color::Empty) {
        EXPECT_EQ(b.at(p), view.at(p)) << pointName(p, b.size());
      }
    for (Point p : placed) EXPECT_EQ(view.at(p), Color::Empty);
    if (keep != kNoPoint && missing == 0) {
      EXPECT_EQ(b.at(keep), Color::Empty);
    }
    EXPECT_EQ(positionProblem(b), "");
  }
  return belief.fellBack();
}

TEST(StoryBelief, EveryBoardIsOneTheViewAllows) {
  const Shape shapes[] = {{5, false, 0, false}, {7, true, 0, false}, {9, false, 0, false},
                          {9, false, 4, false}, {9, true, 2, false}, {9, false, 0, true}};
  Rng rng(43);
  int positions = 0;
  for (const Shape& sh : shapes) {
    for (int game = 0; game < 4; ++game) {
      playCheckedGame(
          sh.rules(), "random", 3000 + static_cast<uint64_t>(game), SearchLimits{},
          [&] { return rng.below(20) == 0; },
          [&](const Referee& ref, const View& view) {
            checkBelief(ref, view, rng);
            ++positions;
          });
      if (testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(positions, 150);
}

// In games between searching players the story is nearly always explained: at most 1 decision
// in 8 falls back (8 of 98 in these games). Random players' games, with their endless captures,
// often are not; the facts sampler then answers.
TEST(StoryBelief, RarelyFallsBackInTheBotsGames) {
  Rules rules;
  Rng rng(44);
  int positions = 0, fell_back = 0;
  SearchLimits limits;
  limits.seconds = 0;
  limits.playouts = 200;
  limits.threads = 1;
  for (int game = 0; game < 2; ++game) {
    playCheckedGame(
        rules, "v1", 5000 + static_cast<uint64_t>(game), limits, [&] { return rng.below(3) == 0; },
        [&](const Referee& ref, const View& view) {
          fell_back += checkBelief(ref, view, rng);
          ++positions;
        });
    if (testing::Test::HasFailure()) return;
  }
  EXPECT_GT(positions, 30);
  EXPECT_LE(fell_back * 8, positions) << fell_back << " of " << positions;
}

Point at(const char* name, int size) {
  return *parsePoint(name, size);
}

/// A 5x5 game of legal stones, in turn from Black.
void playStones(Referee& ref, std::initializer_list<const char*> points) {
  Color c = Color::Black;
  for (const char* p : points) {
    ASSERT_TRUE(ref.tryPoint(c, at(p, 5)).legal) << p;
    c = opponent(c);
  }
}

// White's first stone went down while Black's stone stood on A1, and White has not moved since
// it captured that stone: the story knows A1 is empty, the facts alone do not.
TEST(StoryBelief, KnowsWhenAStoneCannotHaveBeenPlayed) {
  Rules rules;
  rules.size = 5;
  Referee ref(rules);
  playStones(ref, {"A1", "C3", "E5", "A2", "E4", "B1"});  // White's B1 captures A1
  const View& view = ref.view(Audience::Black);
  ASSERT_EQ(view.at(at("A1", 5)), Color::Empty);
  ASSERT_EQ(view.stoneCount(Color::White), 3);
  const Point a1 = at("A1", 5);

  const StoryBelief story(view, OpponentModel::learned(), 256, 7);
  ASSERT_FALSE(story.fellBack());
  EXPECT_EQ(story.occupancy()[static_cast<size_t>(a1)], 0.0f);
  // The two neighbours of the captured stone are certain.
  EXPECT_EQ(story.occupancy()[static_cast<size_t>(at("A2", 5))], 1.0f);
  EXPECT_EQ(story.occupancy()[static_cast<size_t>(at("B1", 5))], 1.0f);

  const Knowledge k = Knowledge::fromView(view);
  const Sampler facts(k, true);
  Rng rng(9);
  Board b(5, Topology::Planar);
  int on_a1 = 0;
  for (int i = 0; i < 2000; ++i) {
    facts.sample(b, rng, kNoPoint, nullptr);
    on_a1 += b.at(a1) == Color::White;
  }
  EXPECT_GT(on_a1, 0) << "the facts sampler cannot tell, so it sometimes puts a stone there";
}

// A stone of ours that captured nothing: no chain of the opponent's next to it was left with
// that point as its last liberty.
TEST(StoryBelief, AQuietStoneRulesOutAChainInAtari) {
  Rules rules;
  rules.size = 5;
  Referee ref(rules);
  playStones(ref, {"B1", "E5", "A2"});  // a White stone on A1 would be captured by A2
  const View& view = ref.view(Audience::Black);
  const StoryBelief story(view, OpponentModel::learned(), 256, 11);
  ASSERT_FALSE(story.fellBack());
  EXPECT_EQ(story.occupancy()[static_cast<size_t>(at("A1", 5))], 0.0f);
}

}  // namespace
}  // namespace pg
