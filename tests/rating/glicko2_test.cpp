// Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013), and the
// properties a rating site leans on: a win never lowers a rating, a surprise moves it more, the
// deviation shrinks with games and grows while idle, never past a new player's.
#include "rating/glicko2.h"

#include <gtest/gtest.h>

#include <vector>

namespace pg::glicko2 {
namespace {

TEST(Glicko2, GlickmansWorkedExample) {
  // A player at 1500 (RD 200, sigma 0.06) beats a 1400 (RD 30), loses to a 1550 (RD 100) and to
  // a 1700 (RD 300), with tau 0.5: the paper gets 1464.06, RD 151.52, sigma 0.05999.
  const std::vector<Outcome> games{
      {{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}};
  const Rating after = update(Rating{1500, 200, 0.06}, games, 0.5);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, AWinNeverLowersARatingAndASurpriseMovesItMore) {
  const Rating me{1600, 80, 0.06};
  for (double opponent = 1000; opponent <= 2400; opponent += 100) {
    const std::vector<Outcome> win{{{opponent, 80, 0.06}, 1.0}};
    const std::vector<Outcome> loss{{{opponent, 80, 0.06}, 0.0}};
    EXPECT_GT(update(me, win).rating, me.rating) << opponent;
    EXPECT_LT(update(me, loss).rating, me.rating) << opponent;
  }
  const std::vector<Outcome> upset{{{2000, 80, 0.06}, 1.0}};
  const std::vector<Outcome> expected{{{1200, 80, 0.06}, 1.0}};
  EXPECT_GT(update(me, upset).rating - me.rating, update(me, expected).rating - me.rating);
}

TEST(Glicko2, ADrawBetweenEqualsChangesNoRating) {
  const Rating a{1500, 100, 0.06};
  const std::vector<Outcome> draw{{a, 0.5}};
  EXPECT_NEAR(update(a, draw).rating, 1500.0, 1e-9);
  EXPECT_LT(update(a, draw).deviation, a.deviation) << "a game makes it surer";
}

TEST(Glicko2, TheDeviationGrowsWhileIdleButNeverPastANewPlayers) {
  const Rating settled{1700, 50, 0.06};
  EXPECT_EQ(idle(settled, 0), settled);
  const Rating later = idle(settled, 10);
  EXPECT_GT(later.deviation, settled.deviation);
  EXPECT_EQ(later.rating, settled.rating);
  EXPECT_EQ(later.volatility, settled.volatility);
  EXPECT_EQ(idle(settled, 1e9).deviation, kMaxDeviation);
  EXPECT_EQ(update(settled, {}), idle(settled, 1)) << "a period without games";
  // A new player's first game leaves the deviation below where it began.
  const std::vector<Outcome> first{{{1500, 350, 0.06}, 1.0}};
  EXPECT_LT(update(Rating{}, first).deviation, kMaxDeviation);
}

}  // namespace
}  // namespace pg::glicko2
