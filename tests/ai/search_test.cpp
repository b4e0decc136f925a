// How the search values a pass (ai/search.h, SearchParams::pass_ends_game): a pass that ends a
// lost game is worth nothing, whatever a random playout after it would say.
#include <gtest/gtest.h>

#include <string>

#include "ai/search.h"
#include "referee/referee.h"

namespace pg {
namespace {

Point passTestPoint(const char* name, int size) {
  return *parsePoint(name, size);
}

/// White's turn: a pass (`passes`) or a legal stone at `point`.
void whitePassesOrPlays(Referee& ref, bool passes, const char* point) {
  if (passes)
    EXPECT_TRUE(ref.pass(Color::White).accepted());
  else
    EXPECT_TRUE(ref.tryPoint(Color::White, passTestPoint(point, ref.rules().size)).legal);
}

/// Black A1, White E5, Black A2, then White passes or plays D4 (`white_passes`): Black to move.
/// As the board stands White wins by area (two stones against one and komi).
Referee whiteAheadOnTheBoard(bool white_passes) {
  Referee ref(Rules{});
  EXPECT_TRUE(ref.tryPoint(Color::Black, passTestPoint("A1", 9)).legal);
  EXPECT_TRUE(ref.tryPoint(Color::White, passTestPoint("E5", 9)).legal);
  EXPECT_TRUE(ref.tryPoint(Color::Black, passTestPoint("A2", 9)).legal);
  whitePassesOrPlays(ref, white_passes, "D4");
  return ref;
}

SearchParams passTestParams(bool pass_ends_game) {
  SearchParams p;
  p.belief = BeliefKind::Story;
  p.pass_ends_game = pass_ends_game;
  p.ucb = false;  // round robin: the pass gets its share of playouts whatever it scores
  return p;
}

/// The pass's wins at the root after 4,000 playouts for Black.
double passWins(const Referee& ref, bool pass_ends_game, Action* chosen = nullptr) {
  const View& view = ref.view(audienceOf(Color::Black));
  const SearchOutput out =
      runSearch(view, passTestParams(pass_ends_game), 0, 4000, 1, 7, nullptr, nullptr);
  if (chosen) *chosen = out.action;
  const size_t n = static_cast<size_t>(view.rules().numPoints());
  EXPECT_GT(out.stats.visits[n], 0) << "the pass is a root move";
  return out.stats.wins[n];
}

TEST(SearchPass, AfterTheOpponentsPassOurPassEndsTheGameAsItStands) {
  const Referee ref = whiteAheadOnTheBoard(true);
  Action chosen;
  EXPECT_EQ(passWins(ref, true, &chosen), 0) << "ending a lost game wins nothing";
  EXPECT_EQ(chosen.kind, Action::Kind::Try) << "Black plays on";
  // The playout rule credits the pass with the random game that would follow it.
  EXPECT_GT(passWins(ref, false), 0);
}

TEST(SearchPass, APassThatLetsTheOpponentEndAWonGameIsWorthNothing) {
  const Referee ref = whiteAheadOnTheBoard(false);
  Action chosen;
  EXPECT_EQ(passWins(ref, true, &chosen), 0) << "White, ahead on the board, would pass";
  EXPECT_EQ(chosen.kind, Action::Kind::Try);
  EXPECT_GT(passWins(ref, false), 0);
}

/// A 5x5 game that Black cannot win (komi above the whole board): Black C3, then White
/// passes (`white_passes`) or plays A1; Black to move.
Referee hopelessForBlack(bool white_passes) {
  Rules rules;
  rules.size = 5;
  rules.komi = 25.5;
  Referee ref(rules);
  EXPECT_TRUE(ref.tryPoint(Color::Black, passTestPoint("C3", 5)).legal);
  whitePassesOrPlays(ref, white_passes, "A1");
  return ref;
}

/// Black's search (2,000 playouts) in hopelessForBlack(white_passes), with the hopeless rule
/// at `hopeless`.
SearchOutput hopelessSearch(bool white_passes, double hopeless) {
  const Referee ref = hopelessForBlack(white_passes);
  SearchParams p = passTestParams(true);
  p.pass_when_hopeless = hopeless;
  return runSearch(ref.view(audienceOf(Color::Black)), p, 0, 2000, 1, 3, nullptr, nullptr);
}

TEST(SearchPass, AfterTheOpponentsPassAGameThatCannotBeWonIsEnded) {
  const SearchOutput out = hopelessSearch(true, 0.02);
  EXPECT_EQ(out.action.kind, Action::Kind::Pass);
  EXPECT_EQ(out.value, 0);
  // Without the rule it plays on, every try as hopeless as the pass.
  const SearchOutput on = hopelessSearch(true, 0);
  EXPECT_EQ(on.action.kind, Action::Kind::Try);
  EXPECT_EQ(on.value, 0);
}

TEST(SearchPass, BeforeTheOpponentHasPassedAHopelessGameIsPlayedOn) {
  const SearchOutput out = hopelessSearch(false, 0.02);
  EXPECT_EQ(out.value, 0) << "every try loses";
  EXPECT_EQ(out.action.kind, Action::Kind::Try) << "the rule waits for the opponent's pass";
}

}  // namespace
}  // namespace pg
