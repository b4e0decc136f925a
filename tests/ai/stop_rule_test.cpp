// When a timed search stops early (ai/stop_rule.h, SearchParams::stop_when_decided).
#include <gtest/gtest.h>

#include <vector>

#include "ai/stop_rule.h"
#include "referee/referee.h"

namespace pg {
namespace {

/// Root statistics over 4 points: visits and wins per point.
RootStats stats(const std::vector<double>& visits, const std::vector<double>& wins) {
  RootStats s;
  s.resize(3);  // 3 points and the pass
  s.visits = visits;
  s.wins = wins;
  return s;
}

const std::vector<int> kAll{0, 1, 2, 3};

TEST(StopRule, ALeadLargerThanThePlayoutsLeftIsSafe) {
  const RootStats s = stats({500, 200, 100, 0}, {250, 100, 50, 0});
  EXPECT_TRUE(leadIsSafe(s, kAll, 299));
  EXPECT_FALSE(leadIsSafe(s, kAll, 300)) << "300 more on the second would tie it";
  EXPECT_TRUE(leadIsSafe(s, std::vector<int>{1}, 1e9)) << "a single candidate is decided";
}

/// Black to move on 9x9 after Black A1, White E5, Black A2, White D4.
Referee openingForBlack() {
  Referee ref(Rules{});
  for (const auto& [c, name] : {std::pair{Color::Black, "A1"}, std::pair{Color::White, "E5"},
                                std::pair{Color::Black, "A2"}, std::pair{Color::White, "D4"}})
    EXPECT_TRUE(ref.tryPoint(c, *parsePoint(name, 9)).legal);
  return ref;
}

/// Root statistics that hold C3 with `c3` visits at mean `c3_mean` and G7 with a million
/// visits at 0.6.
RootStats priorOnTwoPoints(double c3, double c3_mean) {
  RootStats s;
  s.resize(81);
  const size_t a = static_cast<size_t>(*parsePoint("C3", 9));
  const size_t b = static_cast<size_t>(*parsePoint("G7", 9));
  s.visits[a] = c3;
  s.wins[a] = c3 * c3_mean;
  s.visits[b] = 1e6;
  s.wins[b] = 0.6e6;
  return s;
}

SearchOutput searchWithPrior(bool stop_when_decided, const RootStats& prior, double seconds,
                             int playouts) {
  const Referee ref = openingForBlack();
  SearchParams p;
  p.belief = BeliefKind::Story;
  p.stop_when_decided = stop_when_decided;
  return runSearch(ref.view(audienceOf(Color::Black)), p, seconds, playouts, 1, 3, &prior);
}

TEST(StopRule, ASearchWhoseChoiceCannotChangeStopsLongBeforeItsTime) {
  // C3 leads G7 by a billion visits: nothing in the minute left can overtake it (the rule
  // reckons the playouts left from this search's own rate).
  const RootStats prior = priorOnTwoPoints(1e9, 0.7);
  const SearchOutput early = searchWithPrior(true, prior, 60, 1000);
  EXPECT_LT(early.playouts, 1000);
  EXPECT_EQ(early.action.kind, Action::Kind::Try);
  EXPECT_EQ(early.action.point, *parsePoint("C3", 9));
  const SearchOutput full = searchWithPrior(false, prior, 60, 1000);
  EXPECT_EQ(full.playouts, 1000) << "without the rule it runs to its budget";
}

TEST(StopRule, ASearchWhoseChoiceIsOpenRunsToItsBudget) {
  // C3 leads G7 by ten visits: the minute left could turn that many times over.
  const SearchOutput open = searchWithPrior(true, priorOnTwoPoints(1e6 + 10, 0.6), 60, 1000);
  EXPECT_EQ(open.playouts, 1000);
}

}  // namespace
}  // namespace pg
