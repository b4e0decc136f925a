// The arena's scoring: 2 a win, 1 a draw, 4 a win after two wins in a row, and the standings'
// order.
#include "arena/scoring.h"

#include <gtest/gtest.h>

namespace pg::arena {
namespace {

FinishedGame win(const std::string& winner, const std::string& loser) {
  return FinishedGame{winner, loser, Outcome::BlackWins};
}

const Standing& lineOf(const std::vector<Standing>& s, const std::string& player) {
  for (const Standing& x : s)
    if (x.player == player) return x;
  throw std::runtime_error("no line for " + player);
}

TEST(ArenaScoring, WinDrawLossAndTheStreakDoubling) {
  const std::vector<Entrant> players{{"a", "Ann"}, {"b", "Bob"}, {"c", "Cid"}};
  std::vector<FinishedGame> games{win("a", "b"),
                                  FinishedGame{"c", "a", Outcome::WhiteWins},
                                  win("a", "c"),                          // third win in a row: 4
                                  win("a", "b"),                          // fourth: 4 again
                                  FinishedGame{"a", "c", Outcome::Draw},  // 1, the streak ends
                                  win("a", "b")};                         // 2
  const auto s = standings(players, games);
  const Standing& a = lineOf(s, "a");
  EXPECT_EQ(a.score, 2 + 2 + 4 + 4 + 1 + 2);
  EXPECT_EQ(a.games, 6);
  EXPECT_EQ(a.wins, 5);
  EXPECT_EQ(a.draws, 1);
  EXPECT_FALSE(a.on_fire) << "one win since the draw";
  EXPECT_EQ(lineOf(s, "c").score, 1);
  EXPECT_EQ(lineOf(s, "b").score, 0);
  EXPECT_EQ(lineOf(s, "b").losses, 3);
  const auto g = scoredGames("a", games);
  ASSERT_EQ(g.size(), 6U);
  EXPECT_EQ(g[2].points, 4);
  EXPECT_TRUE(g[2].doubled);
  EXPECT_FALSE(g[1].doubled);
  EXPECT_EQ(g[4].points, 1);
  EXPECT_EQ(g[5].points, 2);
  EXPECT_FALSE(g[5].doubled);
}

TEST(ArenaScoring, ALossEndsTheStreakAndTwoWinsPutOnFire) {
  const std::vector<Entrant> players{{"a", "Ann"}, {"b", "Bob"}};
  std::vector<FinishedGame> games{win("a", "b"), win("a", "b"), win("b", "a"), win("a", "b"),
                                  win("a", "b")};
  const auto s = standings(players, games);
  EXPECT_EQ(lineOf(s, "a").score, 2 + 2 + 0 + 2 + 2) << "no win came after two in a row";
  EXPECT_TRUE(lineOf(s, "a").on_fire);
  EXPECT_FALSE(lineOf(s, "b").on_fire);
}

TEST(ArenaScoring, AGameWithoutAResultCountsForNothing) {
  const std::vector<Entrant> players{{"a", "Ann"}, {"b", "Bob"}};
  std::vector<FinishedGame> games{win("a", "b"), win("a", "b"),
                                  FinishedGame{"a", "b", Outcome::NoResult}, win("a", "b")};
  const auto s = standings(players, games);
  EXPECT_EQ(lineOf(s, "a").score, 8) << "the streak survives an aborted game";
  EXPECT_EQ(lineOf(s, "a").games, 3);
  EXPECT_EQ(lineOf(s, "b").games, 3);
  const auto g = scoredGames("b", games);
  ASSERT_EQ(g.size(), 4U);
  EXPECT_EQ(g[2].game, 2U);
  EXPECT_EQ(g[2].points, 0);
}

TEST(ArenaScoring, StandingsOrderScoreWinsGamesThenName) {
  const std::vector<Entrant> players{{"p1", "Zed"}, {"p2", "Amy"}, {"p3", "Bea"},
                                     {"p4", "Cal"}, {"p5", "Dan"}, {"p6", "Eve"}};
  // p1: 2 draws (2 points, 0 wins); p2: 1 win (2 points, 1 win); p3: 1 win 1 loss
  // (2 points, 1 win, 2 games); p4 and p5 one draw each against p1; p6 nothing.
  std::vector<FinishedGame> games{FinishedGame{"p1", "p4", Outcome::Draw},
                                  FinishedGame{"p5", "p1", Outcome::Draw}, win("p2", "x"),
                                  win("p3", "y"), win("z", "p3")};
  const auto s = standings(players, games);
  ASSERT_EQ(s.size(), 6U);
  EXPECT_EQ(s[0].player, "p2");
  EXPECT_EQ(s[1].player, "p3");
  EXPECT_EQ(s[2].player, "p1");
  EXPECT_EQ(s[3].player, "p4") << "Cal before Dan: same score, wins and games";
  EXPECT_EQ(s[4].player, "p5");
  EXPECT_EQ(s[5].player, "p6");
  EXPECT_EQ(s[0].rank, 1);
  EXPECT_EQ(s[1].rank, 2);
  EXPECT_EQ(s[3].rank, 4);
  EXPECT_EQ(s[4].rank, 4) << "a tie shares its rank";
  EXPECT_EQ(s[5].rank, 6);
}

TEST(ArenaScoring, NoGamesNoPoints) {
  const auto s = standings({{"a", "Ann"}}, {});
  ASSERT_EQ(s.size(), 1U);
  EXPECT_EQ(s[0], (Standing{"a", "Ann", 1, 0, 0, 0, 0, 0, false}));
}

}  // namespace
}  // namespace pg::arena
