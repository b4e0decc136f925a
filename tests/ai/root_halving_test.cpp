// Sequential halving at the root (ai/root_halving.h): the rounds, the moves in turn, the better
// half kept at the end of each round, and the search that uses it.
#include "ai/root_halving.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "ai/search.h"
#include "referee/referee.h"

namespace pg {
namespace {

TEST(SequentialHalving, EnoughRoundsToLeaveOneOrTwoMoves) {
  EXPECT_EQ(SequentialHalving({4}).rounds(), 1);
  EXPECT_EQ(SequentialHalving({4, 5}).rounds(), 1);
  EXPECT_EQ(SequentialHalving({1, 2, 3}).rounds(), 2);
  std::vector<int> moves(82);
  std::iota(moves.begin(), moves.end(), 0);
  EXPECT_EQ(SequentialHalving(moves).rounds(), 7);  // 82, 41, 21, 11, 6, 3, 2
}

TEST(SequentialHalving, PlaysTheMovesInTurnAndKeepsTheBetterHalf) {
  std::vector<int> moves(10);
  std::iota(moves.begin(), moves.end(), 0);
  SequentialHalving h(moves);
  ASSERT_EQ(h.rounds(), 4);
  RootStats stats;
  stats.resize(10);
  for (int i = 0; i < 20; ++i) {
    const int m = h.next();
    EXPECT_EQ(m, i % 10);
    // Move m wins m playouts in ten.
    stats.wins[static_cast<size_t>(m)] += m / 10.0;
    stats.visits[static_cast<size_t>(m)] += 1;
  }
  h.advance(0.2, stats);  // the first round is not over
  EXPECT_EQ(h.alive().size(), 10u);
  h.advance(0.25, stats);
  EXPECT_EQ(h.alive(), (std::vector<int>{9, 8, 7, 6, 5}));
  EXPECT_EQ(h.next(), 9);
  EXPECT_EQ(h.next(), 8);
  // A late call ends every round that is over, and two moves are left for the last.
  h.advance(0.9, stats);
  EXPECT_EQ(h.alive(), (std::vector<int>{9, 8}));
  h.advance(1.0, stats);
  EXPECT_EQ(h.alive(), (std::vector<int>{9, 8}));
}

TEST(SequentialHalving, TiesKeepTheEarlierMove) {
  SequentialHalving h({3, 1, 2, 0});
  RootStats stats;
  stats.resize(4);
  h.advance(0.5, stats);  // no move played: every mean is 0
  EXPECT_EQ(h.alive(), (std::vector<int>{3, 1}));
}

TEST(SearchHalving, SpendsTheBudgetInRoundsAndPlaysTheBestMeanOfTheLast) {
  Referee ref(Rules{});
  ASSERT_TRUE(ref.tryPoint(Color::Black, *parsePoint("E5", 9)).legal);
  ASSERT_TRUE(ref.tryPoint(Color::White, *parsePoint("C3", 9)).legal);
  const View& view = ref.view(audienceOf(Color::Black));
  SearchParams p;
  p.belief = BeliefKind::Story;
  p.halving = true;
  const int budget = 16000;
  const SearchOutput out = runSearch(view, p, 0, budget, 1, 11, nullptr, nullptr);
  EXPECT_EQ(out.playouts, budget);
  // 80 points are empty in Black's view (C3's stone is hidden from it), and the pass: 81
  // moves, 7 rounds. Every move gets its turns of the first round.
  std::vector<double> visits;
  for (double v : out.stats.visits)
    if (v > 0) visits.push_back(v);
  ASSERT_EQ(visits.size(), 81u);
  const double round = budget / 7.0;
  EXPECT_GE(*std::min_element(visits.begin(), visits.end()), std::floor(round / 81));
  // The last round goes to two moves, half a round's playouts each, so they lead the third by
  // about that much; the move is the one of them with the better mean.
  std::vector<int> order(out.stats.visits.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return out.stats.visits[static_cast<size_t>(a)] > out.stats.visits[static_cast<size_t>(b)];
  });
  const std::vector<int> top{order[0], order[1]};
  const double third = out.stats.visits[static_cast<size_t>(order[2])];
  EXPECT_GT(out.stats.visits[static_cast<size_t>(order[1])] - third, round / 4);
  const auto mean = [&](int m) {
    return out.stats.wins[static_cast<size_t>(m)] / out.stats.visits[static_cast<size_t>(m)];
  };
  const int better = mean(top[0]) >= mean(top[1]) ? top[0] : top[1];
  const int n = view.rules().numPoints();
  const int chosen = out.action.kind == Action::Kind::Pass ? n : out.action.point;
  EXPECT_EQ(chosen, better);
}

}  // namespace
}  // namespace pg
