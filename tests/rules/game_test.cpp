// The game layer: ko under both rules (including a triple ko that only superko stops), the
// any-colour API, undo and replay, handicap, Atari Go, passes, resignation, time, the turn cap,
// and area scoring.
#include <gtest/gtest.h>

#include <vector>

#include "rules/game.h"
#include "rules_test_util.h"

namespace pg {
namespace {

using test::pt;

using test::B;
using test::W;

Rules rulesOf(int size, KoRule ko = KoRule::PositionalSuperko, double komi = 7.5) {
  Rules r;
  r.size = size;
  r.ko = ko;
  r.komi = komi;
  return r;
}

// Plays the named point for the player on turn; expects it legal and `captures` stones taken.
void playOk(Game& g, const char* where, int captures = 0) {
  const Point p = pt(where, g.rules().size);
  ASSERT_TRUE(g.isLegal(p)) << colorName(g.toMove()) << " " << where << " should be legal on\n"
                            << g.board().toAsciiLabelled();
  EXPECT_EQ(g.play(p), captures) << where << "\n" << g.board().toAsciiLabelled();
  EXPECT_CONSISTENT(g.board());
}

Score scoreOf(const char* ascii, double komi, Topology t = Topology::Planar) {
  return areaScore(Board::fromAscii(ascii, t), komi);
}

// ---------------------------------------------------------------------------------------------
// Ko

const char* kKoPicture =
    ". X O . .\n"
    "X O . O .\n"
    ". X O . .\n"
    ". . . . .\n"
    ". . . . .\n";

TEST(GameKo, ImmediateRecaptureIsIllegalUnderBothRules) {
  for (KoRule ko : {KoRule::Simple, KoRule::PositionalSuperko}) {
    SCOPED_TRACE(std::string(koRuleName(ko)));
    Game g(rulesOf(5, ko));
    test::setUpGame(g, kKoPicture, B);
    std::vector<Point> captured;
    ASSERT_TRUE(g.isLegal(pt("C4", 5)));
    EXPECT_EQ(g.play(pt("C4", 5), &captured), 1);
    EXPECT_EQ(captured, std::vector<Point>{pt("B4", 5)});
    EXPECT_FALSE(g.isLegal(pt("B4", 5))) << g.board().toAsciiLabelled();
    // Elsewhere first, then the retake is fine under both rules.
    playOk(g, "E1");
    playOk(g, "E2");
    playOk(g, "B4", 1);
    EXPECT_FALSE(g.isLegal(pt("C4", 5))) << "and now Black may not take back at once";
  }
}

TEST(GameKo, APassLiftsSimpleKo) {
  Game g(rulesOf(5, KoRule::Simple));
  test::setUpGame(g, kKoPicture, B);
  playOk(g, "C4", 1);
  EXPECT_FALSE(g.isLegal(pt("B4", 5)));
  g.pass();  // White
  playOk(g, "E1");
  playOk(g, "B4", 1);  // a new position (E1 is new), and not an immediate recapture
}

TEST(GameKo, IllegalIsIllegalWhateverTheReason) {
  Game g(rulesOf(5));
  test::setUpGame(g,
                  ". X . . .\n"
                  "X . X . .\n"
                  ". X . . .\n"
                  ". . . . .\n"
                  ". . . . O\n",
                  W);
  EXPECT_FALSE(g.isLegal(pt("B5", 5))) << "occupied by the opponent";
  EXPECT_FALSE(g.isLegal(pt("E1", 5))) << "occupied by the player";
  EXPECT_FALSE(g.isLegal(pt("B4", 5))) << "suicide";
  EXPECT_TRUE(g.isLegal(pt("C3", 5)));
}

// Three kos on one board. Under simple ko the six captures below bring the board back to where
// it started and can go on for ever; positional superko forbids the sixth.
const char* kTripleKo =
    ". X O . . . . . .\n"
    "X . X O . . . . .\n"  // ko 3: Black holds it (C8), White may take at B8
    ". X O . . . . . .\n"
    ". X O . . . . . .\n"
    "X O . O . . . . .\n"  // ko 2: White holds it (B5), Black may take at C5
    ". X O . . . . . .\n"
    ". X O . . . . . .\n"
    "X O . O . . . . .\n"  // ko 1: White holds it (B2), Black may take at C2
    ". X O . . . . . .\n";
const char* kTripleKoCycle[6] = {"C2", "B8", "C5", "B2", "C8", "B5"};

TEST(GameKo, TripleKoCyclesUnderSimpleKo) {
  Game g(rulesOf(9, KoRule::Simple));
  test::setUpGame(g, kTripleKo, B);
  const uint64_t start = g.board().hash();
  const std::string picture = g.board().toAscii();
  for (int round = 0; round < 3; ++round) {
    for (const char* move : kTripleKoCycle) playOk(g, move, 1);
    EXPECT_EQ(g.board().hash(), start);
    EXPECT_EQ(g.board().toAscii(), picture);
    EXPECT_EQ(g.toMove(), B);
  }
}

TEST(GameKo, TripleKoIsStoppedBySuperko) {
  Game g(rulesOf(9, KoRule::PositionalSuperko));
  test::setUpGame(g, kTripleKo, B);
  for (int i = 0; i < 5; ++i) playOk(g, kTripleKoCycle[i], 1);
  const Point last = pt(kTripleKoCycle[5], 9);
  EXPECT_TRUE(g.board().isLegal(W, last)) << "not suicide, not a simple ko";
  EXPECT_FALSE(g.isLegal(last)) << "it would recreate the starting position\n"
                                << g.board().toAsciiLabelled();
  // White plays elsewhere instead; the game goes on.
  playOk(g, "J1");
  EXPECT_FALSE(g.over());
}

TEST(GameKo, SimpleKoCycleRunsIntoTheTurnCap) {
  Game g(rulesOf(9, KoRule::Simple));
  test::setUpGame(g, kTripleKo, B);
  int i = 0;
  while (!g.over()) playOk(g, kTripleKoCycle[i++ % 6], 1);
  EXPECT_EQ(g.turnsPlayed(), 4 * 81);
  EXPECT_EQ(g.result().reason, EndReason::TurnCap);
  ASSERT_TRUE(g.result().score.has_value());
  EXPECT_EQ(*g.result().score, g.score());
  EXPECT_EQ(g.result().winner, g.score().winner());
}

// ---------------------------------------------------------------------------------------------
// Turn order, passes, resignation, time, the cap

TEST(GameFlow, BlackStartsAndTurnsAlternate) {
  Game g(rulesOf(9));
  EXPECT_EQ(g.toMove(), B);
  EXPECT_EQ(g.turnsPlayed(), 0);
  EXPECT_FALSE(g.over());
  playOk(g, "E5");
  EXPECT_EQ(g.toMove(), W);
  EXPECT_EQ(g.board().at(pt("E5", 9)), B);
  EXPECT_FALSE(g.isLegal(pt("E5", 9)));
  g.pass();
  EXPECT_EQ(g.toMove(), B);
  EXPECT_EQ(g.consecutivePasses(), 1);
  playOk(g, "D5");
  EXPECT_EQ(g.consecutivePasses(), 0);
  EXPECT_EQ(g.turnsPlayed(), 3);
}

TEST(GameFlow, TwoPassesEndAndScore) {
  Game g(rulesOf(9));
  g.pass();
  EXPECT_FALSE(g.over());
  g.pass();
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, EndReason::TwoPasses);
  EXPECT_EQ(g.result().winner, W) << "empty board: White wins by komi";
  ASSERT_TRUE(g.result().score.has_value());
  EXPECT_EQ(g.result().score->dame, 81);
  EXPECT_EQ(g.result().score->margin(), -7.5);
  EXPECT_EQ(g.turnsPlayed(), 2);
}

TEST(GameFlow, PassPlayPassDoesNotEnd) {
  Game g(rulesOf(9));
  g.pass();
  playOk(g, "E5");
  g.pass();
  EXPECT_FALSE(g.over());
  g.pass();
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.result().winner, W) << "White's lone stone owns the board";
}

TEST(GameFlow, ResignationAndTime) {
  Game g(rulesOf(9));
  g.resign(B);
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result(), (Result{W, EndReason::Resignation, std::nullopt}));
  Game h(rulesOf(9));
  playOk(h, "C3");
  h.resign(B);  // not on turn: allowed
  EXPECT_EQ(h.result().winner, W);
  Game t(rulesOf(9));
  t.loseOnTime(W);
  EXPECT_EQ(t.result(), (Result{B, EndReason::Time, std::nullopt}));
  EXPECT_EQ(endReasonName(EndReason::Time), "time");
  EXPECT_EQ(endReasonName(EndReason::TwoPasses), "two-passes");
  EXPECT_EQ(endReasonName(EndReason::AtariCapture), "capture");
  EXPECT_EQ(endReasonName(EndReason::TurnCap), "turn-cap");
  EXPECT_EQ(endReasonName(EndReason::Resignation), "resignation");
}

TEST(GameFlow, AbortBeforeEachSideHasMovedOnceHasNoResult) {
  Game g(rulesOf(9));
  EXPECT_TRUE(g.mayAbort());
  playOk(g, "C3");
  EXPECT_TRUE(g.mayAbort());  // White has not moved yet
  g.abortGame();
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result(), (Result{Color::Empty, EndReason::Aborted, std::nullopt}));
  EXPECT_FALSE(g.mayAbort());
  EXPECT_EQ(endReasonName(EndReason::Aborted), "aborted");
  Game h(rulesOf(9));
  h.pass();
  EXPECT_TRUE(h.mayAbort());
  h.pass();  // two passes: the game is over anyway
  EXPECT_FALSE(h.mayAbort());
  Game k(rulesOf(9));
  playOk(k, "C3");
  playOk(k, "D4");
  EXPECT_FALSE(k.mayAbort());  // each side has moved once
  EXPECT_FALSE(k.over());
}

TEST(GameFlow, CustomTurnCapEndsAndScores) {
  Rules r = rulesOf(9);
  r.turn_cap = 3;
  Game g(r);
  playOk(g, "E5");
  g.pass();
  EXPECT_FALSE(g.over());
  playOk(g, "D5");
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.turnsPlayed(), 3);
  EXPECT_EQ(g.result().reason, EndReason::TurnCap);
  ASSERT_TRUE(g.result().score.has_value());
  EXPECT_EQ(g.result().score->black(), 81);
  EXPECT_EQ(g.result().winner, B);
}

// ---------------------------------------------------------------------------------------------
// Handicap

// ---------------------------------------------------------------------------------------------
// The any-colour API (GTP), the move list, undo and replay

// kKoPicture after Black's C4 took B4: White may not retake at B4 at once.
Game koGame(KoRule ko) {
  Game g(rulesOf(5, ko));
  test::setUpGame(g, kKoPicture, B);
  g.play(pt("C4", 5));
  return g;
}

TEST(GameAnyColour, EitherColourInAnyOrderAndTheOpponentIsToMove) {
  Game g(rulesOf(5));
  EXPECT_EQ(g.play(W, pt("C3", 5)), 0);
  EXPECT_EQ(g.toMove(), B);
  EXPECT_EQ(g.play(W, pt("D3", 5)), 0);  // White twice
  EXPECT_EQ(g.toMove(), B);
  g.pass(W);
  EXPECT_EQ(g.toMove(), B);
  EXPECT_FALSE(g.isLegal(B, pt("C3", 5)));
  EXPECT_EQ(g.turnsPlayed(), 3);
  EXPECT_EQ(g.moves(), (std::vector<Game::Move>{{W, pt("C3", 5)}, {W, pt("D3", 5)}, {W, kPass}}));
}

TEST(GameAnyColour, IsLegalForEitherColourAnswersTheKoForTheRightOne) {
  for (KoRule ko : {KoRule::Simple, KoRule::PositionalSuperko}) {
    const Game g = koGame(ko);
    // B4 is empty after the capture: only White is barred from it.
    EXPECT_FALSE(g.isLegal(W, pt("B4", 5))) << koRuleName(ko);
    EXPECT_TRUE(g.isLegal(B, pt("B4", 5))) << koRuleName(ko);
  }
}

TEST(GameAnyColour, AMoveAfterTwoPassesReopensTheGame) {
  Game g(rulesOf(5));
  g.pass(B);
  g.pass(B);
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, EndReason::TwoPasses);
  g.play(W, pt("C3", 5));
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.consecutivePasses(), 0);
}

TEST(GameUndo, ReplaysTheOtherMoves) {
  Game g(rulesOf(5));
  EXPECT_FALSE(g.undo()) << "nothing to undo";
  for (const char* m : {"A2", "A1", "C3", "E5"}) playOk(g, m);
  const uint64_t before = g.board().hash();
  playOk(g, "B1", 1);  // takes A1
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.board().hash(), before) << g.board().toAsciiLabelled();
  EXPECT_EQ(g.toMove(), B);
  EXPECT_EQ(g.turnsPlayed(), 4);
  EXPECT_CONSISTENT(g.board());
  // A pass, and the end it made, are undone too.
  g.pass();
  g.pass();
  ASSERT_TRUE(g.over());
  ASSERT_TRUE(g.undo());
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.consecutivePasses(), 1);
  // The superko memory is rebuilt: replaying a game gives the same answers everywhere.
  const Game again = Game::replay(g.rules(), g.moves());
  EXPECT_EQ(again.board().hash(), g.board().hash());
  for (Point p = 0; p < 25; ++p)
    for (Color c : {B, W}) EXPECT_EQ(again.isLegal(c, p), g.isLegal(c, p)) << pointName(p, 5);
}

TEST(GameUndo, KeepsTheHandicap) {
  Rules r = rulesOf(9);
  r.handicap = 2;
  Game g(r);
  playOk(g, "E5");
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.board().stoneCount(B), 2);
  EXPECT_EQ(g.board().stoneCount(W), 0);
  EXPECT_EQ(g.toMove(), W);
  EXPECT_FALSE(g.undo());
}

TEST(GameUndo, TakesBackTheSuperkoBan) {
  Game g = koGame(KoRule::PositionalSuperko);
  ASSERT_FALSE(g.isLegal(W, pt("B4", 5)));
  ASSERT_TRUE(g.undo());  // the capture that made the ko
  EXPECT_EQ(g.board().at(pt("B4", 5)), W) << "the captured stone is back";
  EXPECT_EQ(g.board().at(pt("C4", 5)), Color::Empty);
  EXPECT_EQ(g.toMove(), B);
  EXPECT_TRUE(g.isLegal(pt("C4", 5)));
}

TEST(GameHandicap, StonesPlacedAndWhiteFirst) {
  for (int size = 7; size <= 19; ++size)
    for (int h = 2; h <= maxHandicap(size); ++h) {
      Rules r = rulesOf(size, KoRule::PositionalSuperko, Rules::defaultKomi(h));
      r.handicap = h;
      ASSERT_FALSE(r.validate().has_value());
      Game g(r);
      EXPECT_EQ(g.toMove(), W);
      EXPECT_EQ(g.turnsPlayed(), 0);
      EXPECT_EQ(g.handicapStones(), handicapPoints(h, size));
      EXPECT_EQ(g.board().stoneCount(B), h);
      for (Point p : g.handicapStones()) EXPECT_EQ(g.board().at(p), B);
      EXPECT_CONSISTENT(g.board());
      g.pass();
      g.pass();
      EXPECT_EQ(g.result().score->komi, 0.5);
    }
}

TEST(GameHandicap, WorksOnTheTorusAndInAtariGo) {
  Rules r = rulesOf(9);
  r.handicap = 9;
  r.topology = Topology::Torus;
  r.atari_go = true;
  Game g(r);
  EXPECT_EQ(g.board().stoneCount(B), 9);
  EXPECT_EQ(g.toMove(), W);
  playOk(g, "A1");
  EXPECT_FALSE(g.over());
}

// ---------------------------------------------------------------------------------------------
// Atari Go

TEST(GameAtari, FirstCaptureWinsForTheCapturer) {
  Rules r = rulesOf(5);
  r.atari_go = true;
  Game g(r);
  test::setUpGame(g,
                  ". . . . .\n"
                  ". . X . .\n"
                  ". X O X .\n"
                  ". . . . .\n"
                  ". . . . .\n",
                  B);
  std::vector<Point> captured;
  EXPECT_EQ(g.play(pt("C2", 5), &captured), 1);
  EXPECT_EQ(captured, std::vector<Point>{pt("C3", 5)});
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().winner, B);
  EXPECT_EQ(g.result().reason, EndReason::AtariCapture);
  EXPECT_FALSE(g.result().score.has_value());
}

TEST(GameAtari, WhiteWinsByCaptureWhileBehindOnTheBoard) {
  Rules r = rulesOf(5);
  r.atari_go = true;
  r.komi = 0;
  Game g(r);
  test::setUpGame(g,
                  "X X X . .\n"
                  "X X X . .\n"
                  "X X X . .\n"
                  "O . . . .\n"
                  "X . . . .\n",
                  W);
  playOk(g, "C2");  // no capture: the game goes on
  EXPECT_FALSE(g.over());
  playOk(g, "D5");
  EXPECT_EQ(g.play(pt("B1", 5)), 1);
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result(), (Result{W, EndReason::AtariCapture, std::nullopt}));
  EXPECT_GT(g.score().margin(), 0) << "Black leads on the board but has lost";
}

TEST(GameAtari, NoCaptureMeansAreaScoring) {
  Rules r = rulesOf(5);
  r.atari_go = true;
  Game g(r);
  playOk(g, "C3");
  g.pass();
  g.pass();
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, EndReason::TwoPasses);
  EXPECT_EQ(g.result().winner, B);
  EXPECT_EQ(g.result().score->black(), 25);
}

// ---------------------------------------------------------------------------------------------
// Scoring

TEST(Scoring, EmptyBoardIsAllDame) {
  for (int size = 5; size <= 19; ++size)
    for (Topology t : {Topology::Planar, Topology::Torus}) {
      const Score s = areaScore(Board(size, t), 7.5);
      EXPECT_EQ(s.dame, size * size);
      EXPECT_EQ(s.black(), 0);
      EXPECT_EQ(s.white(), 7.5);
      EXPECT_EQ(s.winner(), W);
    }
}

// Area scores of positions as they stand: every field of the score, and the margin (komi
// included).
struct ScoreCase {
  const char* name;
  const char* picture;
  Topology topology;
  double komi;
  int black_stones, black_territory, white_stones, white_territory, dame;
  double margin;
};

// Black wall on B, white wall on E. On the plane column A is Black's and F-G White's; on the
// torus A, F and G are one region that touches both.
constexpr const char* kWalls =
    ". X . . O . .\n"
    ". X . . O . .\n"
    ". X . . O . .\n"
    ". X . . O . .\n"
    ". X . . O . .\n"
    ". X . . O . .\n"
    ". X . . O . .\n";
// The four corners of the torus are a 2x2 region; walled in by Black it is Black's.
constexpr const char* kWrappedCorner =
    ". X . . . X .\n"
    "X . . . . . X\n"
    ". . . . . . .\n"
    ". . . O . . .\n"
    ". . . . . . .\n"
    "X . . . . . X\n"
    ". X . . . X .\n";
// With one wall stone White's (B1), the whole wrapped corner becomes dame on the torus, while
// on the plane only A1 does.
const std::string kBrokenCorner = [] {
  std::string pic = kWrappedCorner;
  pic[pic.rfind('X', pic.size() - 10)] = 'O';  // the bottom row's B1
  return pic;
}();
// A territory that wraps left-right and top-bottom at once: everything but a white cross.
constexpr const char* kCross =
    ". . . O . . .\n"
    ". . . O . . .\n"
    ". . . O . . .\n"
    "O O O O O O O\n"
    ". . . O . . .\n"
    ". . . O . . .\n"
    ". . . O . . .\n";

const ScoreCase kScoreCases[] = {
    {"walls and territory",
     ". . X O .\n"
     ". . X O .\n"
     ". . X O .\n"
     ". . X O .\n"
     ". . X O .\n",
     Topology::Planar, 0.5, 5, 10, 5, 5, 0, 4.5},
    // Two groups with one eye each and a column of shared liberties between them (seki-like).
    {"shared liberties are dame",
     ". X X . O O .\n"
     "X X X . O O O\n"
     "X X X . O O O\n"
     "X X X . O O O\n"
     "X X X . O O O\n"
     "X X X . O O O\n"
     "X X X . O O O\n",
     Topology::Planar, 7.5, 20, 1, 20, 1, 7, -7.5},
    // A real seki: White's B6-C6-C5 and Black's E6-F6-E5 share the liberties D6 and D5, which
    // are dame; A7 is Black's eye, G7 White's.
    {"a real seki",
     ". X X X O O .\n"
     "X O O . X X O\n"
     "X X O . X O O\n"
     "X X X X O O O\n"
     ". . . X O . .\n"
     ". . . X O . .\n"
     ". . . X O . .\n",
     Topology::Planar, 0.5, 16, 10, 14, 7, 2, 4.5},
    {"walls on the plane", kWalls, Topology::Planar, 0.5, 7, 7, 7, 14, 14, -7.5},
    {"walls on the torus", kWalls, Topology::Torus, 0.5, 7, 0, 7, 0, 35, -0.5},
    {"the torus's wrapped corner", kWrappedCorner, Topology::Torus, 0, 8, 4, 1, 0, 36, 11},
    {"a broken wrapped corner", kBrokenCorner.c_str(), Topology::Torus, 0, 7, 0, 2, 0, 40, 5},
    {"the broken corner on the plane", kBrokenCorner.c_str(), Topology::Planar, 0, 7, 3, 2, 0, 37,
     8},
    {"a territory that wraps both ways", kCross, Topology::Torus, 0, 0, 0, 13, 36, 0, -49},
};

TEST(Scoring, EachCaseOfTheTable) {
  for (const ScoreCase& c : kScoreCases) {
    const Score s = scoreOf(c.picture, c.komi, c.topology);
    const Score want{c.black_stones, c.black_territory, c.white_stones, c.white_territory, c.komi,
                     c.dame};
    EXPECT_EQ(s, want) << c.name << "\n"
                       << Board::fromAscii(c.picture, c.topology).toAsciiLabelled();
    EXPECT_EQ(s.margin(), c.margin) << c.name;
    EXPECT_EQ(s.winner(), c.margin > 0 ? B : W) << c.name;
  }
}

TEST(Scoring, IntegerKomiDraw) {
  Rules r = rulesOf(5, KoRule::PositionalSuperko, 0);
  Game g(r);
  test::setUpGame(g,
                  ". X . O .\n"
                  ". X . O .\n"
                  ". X . O .\n"
                  ". X . O .\n"
                  ". X . O .\n",
                  B);
  g.pass();
  g.pass();
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().winner, Color::Empty);
  ASSERT_TRUE(g.result().score.has_value());
  EXPECT_EQ(g.result().score->margin(), 0);
  EXPECT_EQ(g.result().score->dame, 5);
  // The same with komi 1 goes to White, and with komi -1 to Black.
  EXPECT_EQ(scoreOf(g.board().toAscii().c_str(), 1).winner(), W);
  EXPECT_EQ(scoreOf(g.board().toAscii().c_str(), -1).winner(), B);
}

TEST(Scoring, GameScoreIsAreaScore) {
  Game g(rulesOf(5, KoRule::PositionalSuperko, 2.5));
  playOk(g, "C3");
  playOk(g, "D3");
  EXPECT_EQ(g.score(), areaScore(g.board(), 2.5));
  EXPECT_EQ(g.score().komi, 2.5);
}

}  // namespace
}  // namespace pg
