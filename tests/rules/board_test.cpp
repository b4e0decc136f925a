// The fast board: ASCII pictures, captures, suicide, simple ko, the torus, hashes, and a
// comparison against the reference implementation over random playouts of every size.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "rules/board.h"
#include "rules/playout.h"
#include "rules_test_util.h"

namespace pg {
namespace {

using test::board;
using test::pt;

using test::B;
using test::W;

// Plays c at the named point, checks it was legal, that the board stays consistent and that
// exactly `expected` were captured (by name, any order).
void playExpect(Board& b, Color c, const char* where, std::vector<const char*> expected) {
  const Point p = pt(where, b.size());
  const std::string before = b.toAsciiLabelled();
  ASSERT_TRUE(b.isLegal(c, p)) << where << " should be legal on\n" << before;
  EXPECT_EQ(b.wouldCapture(c, p), static_cast<int>(expected.size())) << before;
  const uint64_t predicted = b.hashAfter(c, p);
  std::vector<Point> captured(static_cast<size_t>(b.numPoints()), kNoPoint);
  const int n = b.play(c, p, captured.data());
  captured.resize(static_cast<size_t>(n));
  std::vector<std::string> got, want(expected.begin(), expected.end());
  for (Point q : captured) got.push_back(pointName(q, b.size()));
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want) << "after " << where << " on\n" << before;
  EXPECT_EQ(b.hash(), predicted) << before;
  EXPECT_CONSISTENT(b);
}

TEST(BoardAscii, RoundTripAndLabels) {
  const char* pic =
      ". . . . .\n"
      ". X O . .\n"
      ". . X . .\n"
      ". . . . O\n"
      "X . . . .\n";
  Board b = board(pic);
  EXPECT_EQ(b.toAscii(), pic);
  EXPECT_EQ(b.size(), 5);
  EXPECT_EQ(b.at(pt("A1", 5)), B);
  EXPECT_EQ(b.at(pt("B4", 5)), B);
  EXPECT_EQ(b.at(pt("C4", 5)), W);
  EXPECT_EQ(b.at(pt("E2", 5)), W);
  EXPECT_EQ(b.stoneCount(B), 3);
  EXPECT_EQ(b.stoneCount(W), 2);
  EXPECT_EQ(b.stoneCount(Color::Empty), 20);
  EXPECT_EQ(b.numEmpty(), 20);
  EXPECT_CONSISTENT(b);
  EXPECT_EQ(b.toAsciiLabelled(),
            "   A B C D E \n"
            " 5 . . . . . 5\n"
            " 4 . X O . . 4\n"
            " 3 . . X . . 3\n"
            " 2 . . . . O 2\n"
            " 1 X . . . . 1\n"
            "   A B C D E \n");
  // Spaces are optional, '+' is empty and lower case works.
  Board c = board("+++++\n.xo..\n..x..\n....o\nX....\n");
  EXPECT_EQ(c.toAscii(), pic);
  EXPECT_EQ(c.hash(), b.hash());
}

TEST(BoardAscii, RejectsBadPictures) {
  EXPECT_THROW(board(". . . .\n. . . .\n. . . .\n. . . .\n"), std::invalid_argument);  // 4x4
  EXPECT_THROW(board(". . . . .\n. . . .\n. . . . .\n. . . . .\n. . . . .\n"),
               std::invalid_argument);  // ragged
  EXPECT_THROW(board(". . . . .\n. . . . .\n. . # . .\n. . . . .\n. . . . .\n"),
               std::invalid_argument);  // bad character
  EXPECT_THROW(board("O X . . .\nX . . . .\n. . . . .\n. . . . .\n. . . . .\n"),
               std::invalid_argument);  // white A5 has no liberty
}

TEST(BoardAscii, EmptyBoardsOfEverySize) {
  for (int size = kMinSize; size <= kMaxSize; ++size)
    for (Topology t : {Topology::Planar, Topology::Torus}) {
      Board b(size, t);
      EXPECT_EQ(b.numEmpty(), size * size);
      EXPECT_EQ(b.hash(), 0u);
      EXPECT_EQ(b.koPoint(), kNoPoint);
      EXPECT_CONSISTENT(b);
      Board c = Board::fromAscii(b.toAscii(), t);
      EXPECT_EQ(c.size(), size);
      EXPECT_EQ(c.topology(), t);
    }
}

// D5 is the last liberty of C5 and E5; D6 and D4 keep another one.
constexpr const char* kCrossInAtari =
    ". . . . . . .\n"
    ". . X O X . .\n"
    ". X O . O X .\n"
    ". . X O X . .\n"
    ". . . . . . .\n"
    ". . . . . . .\n"
    ". . . . . . .\n";

TEST(BoardChains, AtariLibertyIsTheOneLiberty) {
  Board b = board(kCrossInAtari);
  b.place(W, pt("A1", 7));
  b.place(B, pt("B1", 7));
  for (const char* p : {"C5", "E5"}) {
    ASSERT_TRUE(b.inAtari(pt(p, 7))) << p;
    EXPECT_EQ(b.atariLiberty(pt(p, 7)), pt("D5", 7)) << p;
  }
  EXPECT_FALSE(b.inAtari(pt("D6", 7)));  // D7 too
  ASSERT_TRUE(b.inAtari(pt("A1", 7)));   // the corner stone: only A2 is left
  EXPECT_EQ(b.atariLiberty(pt("A1", 7)), pt("A2", 7));
  EXPECT_FALSE(b.inAtari(pt("B1", 7)));
}

// One capture each: the position, the play, the stones it removes and the position after
// (none of them leaves a ko).
struct CaptureCase {
  const char* name;
  const char* before;
  Color color;
  const char* where;
  std::vector<const char*> captured;
  const char* after;
};

const std::vector<CaptureCase>& captureCases() {
  static const std::vector<CaptureCase> kCases{
      {"single stone in the middle",
       ". . . . .\n"
       ". . X . .\n"
       ". X O X .\n"
       ". . . . .\n"
       ". . . . .\n",
       B,
       "C2",
       {"C3"},
       ". . . . .\n"
       ". . X . .\n"
       ". X . X .\n"
       ". . X . .\n"
       ". . . . .\n"},
      {"two chains at once",
       ". . . . . . .\n"
       ". X X . X X .\n"
       "X O O . O O X\n"
       ". X X . X X .\n"
       ". . . . . . .\n"
       ". . . . . . .\n"
       ". . . . . . .\n",
       B,
       "D5",
       {"B5", "C5", "E5", "F5"},
       ". . . . . . .\n"
       ". X X . X X .\n"
       "X . . X . . X\n"
       ". X X . X X .\n"
       ". . . . . . .\n"
       ". . . . . . .\n"
       ". . . . . . .\n"},
      {"only the chains in atari",
       kCrossInAtari,
       B,
       "D5",
       {"C5", "E5"},
       ". . . . . . .\n"
       ". . X O X . .\n"
       ". X . X . X .\n"
       ". . X O X . .\n"
       ". . . . . . .\n"
       ". . . . . . .\n"
       ". . . . . . .\n"},
      {"four single stones around",
       ". . . X . . .\n"
       ". . X O X . .\n"
       ". X O . O X .\n"
       ". . X O X . .\n"
       ". . . X . . .\n"
       ". . . . . . .\n"
       ". . . . . . .\n",
       B,
       "D5",
       {"D6", "C5", "E5", "D4"},
       ". . . X . . .\n"
       ". . X . X . .\n"
       ". X . X . X .\n"
       ". . X . X . .\n"
       ". . . X . . .\n"
       ". . . . . . .\n"
       ". . . . . . .\n"},
      {"edge chain",
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       "X X . . .\n"
       "O O O X .\n",
       B,
       "C2",
       {"A1", "B1", "C1"},
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       "X X X . .\n"
       ". . . X .\n"},
      {"edge single stone",
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       ". X O X .\n",
       B,
       "C2",
       {"C1"},
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       ". . X . .\n"
       ". X . X .\n"},
      {"corner",
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       "O X . . .\n",
       B,
       "A2",
       {"A1"},
       ". . . . .\n"
       ". . . . .\n"
       ". . . . .\n"
       "X . . . .\n"
       ". X . . .\n"},
  };
  return kCases;
}

TEST(BoardCapture, EachCaseOfTheTable) {
  for (const CaptureCase& c : captureCases()) {
    SCOPED_TRACE(c.name);
    Board b = board(c.before);
    playExpect(b, c.color, c.where, c.captured);
    EXPECT_BOARD(b, c.after);
    EXPECT_EQ(b.koPoint(), kNoPoint);
  }
}

TEST(BoardCapture, AllFourCorners) {
  Board c = board(
      "X O . O X\n"
      ". . . . .\n"
      ". . . . .\n"
      ". . . . .\n"
      "X O . O X\n");
  playExpect(c, W, "A2", {"A1"});
  playExpect(c, W, "E2", {"E1"});
  playExpect(c, W, "A4", {"A5"});
  playExpect(c, W, "E4", {"E5"});
  EXPECT_EQ(c.stoneCount(B), 0);
}

// Whether a play is legal: suicides of a single stone and of a chain, on the plane and on the
// torus, beside the same point for the other colour.
struct LegalityCase {
  const char* name;
  const char* picture;
  Topology topology;
  Color color;
  const char* where;
  bool legal;
};

const std::vector<LegalityCase>& legalityCases() {
  constexpr const char* kEye =
      ". X . . .\n"
      "X . X . .\n"
      ". X . . .\n"
      ". . . . .\n"
      "O X . . .\n";
  constexpr const char* kCornerEye =
      ". . . . .\n"
      ". . . . .\n"
      ". . . . .\n"
      "X . . . .\n"
      ". X . . .\n";
  constexpr const char* kWhitePair =
      "O O . X .\n"
      "X X X . .\n"
      ". . . . .\n"
      ". . . . .\n"
      ". . . . .\n";
  constexpr const char* kWhiteFour =
      ". X X X X X .\n"
      "X O O O O . X\n"
      ". X X X X X .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n";
  static const std::vector<LegalityCase> kCases{
      {"single stone in an eye", kEye, Topology::Planar, W, "B4", false},
      {"Black may fill its own eye", kEye, Topology::Planar, B, "B4", true},
      {"single stone in a corner eye", kCornerEye, Topology::Planar, W, "A1", false},
      {"own corner eye", kCornerEye, Topology::Planar, B, "A1", true},
      {"a chain of two fills its last liberty", kWhitePair, Topology::Planar, W, "C5", false},
      {"a chain of four fills its last liberty", kWhiteFour, Topology::Planar, W, "F6", false},
      {"Black captures the four", kWhiteFour, Topology::Planar, B, "F6", true},
  };
  return kCases;
}

TEST(BoardSuicide, EachCaseOfTheTable) {
  for (const LegalityCase& c : legalityCases()) {
    SCOPED_TRACE(c.name);
    const Board b = board(c.picture, c.topology);
    const Point p = pt(c.where, b.size());
    EXPECT_EQ(b.isLegal(c.color, p), c.legal) << b.toAsciiLabelled();
    // Every point of the table is empty and not a ko: illegal means suicide.
    EXPECT_EQ(b.isSuicide(c.color, p), !c.legal);
  }
  const Board eye = board(legalityCases()[0].picture);
  EXPECT_TRUE(eye.isOnePointEye(B, pt("B4", 5)));
  EXPECT_FALSE(eye.isOnePointEye(W, pt("B4", 5)));
}

// An eye is false when the opponent holds two of its diagonal points, or one on the edge of a
// planar board. A playout under FillFalse fills a false eye of its own (when that is not
// suicide) and never a true one; under KeepAll it fills no eye of its own.
TEST(BoardEyes, FalseEyesByTheDiagonals) {
  const Board b = board(
      "X . X . O . O\n"
      "O X X . . O .\n"
      ". . O X . . .\n"
      ". . X . X . .\n"
      ". . . X . . .\n"
      "X O . . . . .\n"
      ". X . . . . .\n");
  struct Case {
    const char* where;
    Color owner;
    bool false_eye;
  };
  for (const Case& e : {Case{"B7", B, true},      // edge, White on the diagonal A6
                        Case{"A1", B, true},      // corner, White on the diagonal B2
                        Case{"D4", B, false},     // centre, one White diagonal (C5)
                        Case{"F7", W, false}}) {  // edge, no Black diagonal
    SCOPED_TRACE(e.where);
    const Point p = pt(e.where, 7);
    ASSERT_TRUE(b.isOnePointEye(e.owner, p)) << b.toAsciiLabelled();
    EXPECT_EQ(b.isFalseEye(e.owner, p), e.false_eye);
    EXPECT_FALSE(b.isPlayoutCandidate<PlayoutEyes::KeepAll>(e.owner, p));
    EXPECT_EQ(b.isPlayoutCandidate<PlayoutEyes::FillFalse>(e.owner, p), e.false_eye);
  }
  // White may take A7 at B7 under either rule: not White's eye, and it captures.
  EXPECT_TRUE(b.isPlayoutCandidate<PlayoutEyes::KeepAll>(W, pt("B7", 7)));
  EXPECT_TRUE(b.isPlayoutCandidate<PlayoutEyes::FillFalse>(W, pt("B7", 7)));

  // A1 with Black on all four sides (two of them across the wrap) and White on one diagonal:
  // false on the plane (an edge eye, and only two sides count there), true on the torus, which
  // has no edge.
  const char* wrap =
      "X . . . .\n"
      ". . . . .\n"
      ". . . . .\n"
      "X O . . .\n"
      ". X . . X\n";
  const Board plane = board(wrap), torus = board(wrap, Topology::Torus);
  ASSERT_TRUE(plane.isOnePointEye(B, pt("A1", 5)));
  ASSERT_TRUE(torus.isOnePointEye(B, pt("A1", 5)));
  EXPECT_TRUE(plane.isFalseEye(B, pt("A1", 5)));
  EXPECT_FALSE(torus.isFalseEye(B, pt("A1", 5)));
  EXPECT_TRUE(plane.isPlayoutCandidate<PlayoutEyes::FillFalse>(B, pt("A1", 5)));
  EXPECT_FALSE(torus.isPlayoutCandidate<PlayoutEyes::FillFalse>(B, pt("A1", 5)));
}

TEST(BoardSuicide, CaptureOfTheChainThatCouldNotMove) {
  // Black at C5 captures the two white stones of the table's pair.
  Board b = board(legalityCases()[4].picture);
  playExpect(b, B, "C5", {"A5", "B5"});
}

TEST(BoardSuicide, CaptureThatLooksLikeSuicideIsLegal) {
  Board b = board(
      ". X O . .\n"
      "X O . O .\n"
      ". X O . .\n"
      ". . . . .\n"
      ". . . . .\n");
  const Point c4 = pt("C4", 5);
  EXPECT_EQ(b.neighbourCount(c4, W), 4);
  EXPECT_FALSE(b.isSuicide(B, c4)) << b.toAsciiLabelled();
  EXPECT_FALSE(b.isSuicide(W, c4));
  playExpect(b, B, "C4", {"B4"});
  // The capture is a ko: White may not take back at once on the board's simple ko.
  EXPECT_EQ(b.koPoint(), pt("B4", 5));
  EXPECT_EQ(b.koColor(), W);
  EXPECT_FALSE(b.isLegal(W, pt("B4", 5))) << b.toAsciiLabelled();
  EXPECT_FALSE(b.isSuicide(W, pt("B4", 5))) << "the retake would capture, it is only ko";
  EXPECT_TRUE(b.isLegal(B, pt("B4", 5)));
  // Any other play clears the ko.
  Board c = b;
  c.play(W, pt("E1", 5));
  EXPECT_EQ(c.koPoint(), kNoPoint);
  c.play(B, pt("E2", 5));
  playExpect(c, W, "B4", {"C4"});
  EXPECT_EQ(c.koPoint(), pt("C4", 5));
  EXPECT_EQ(c.koColor(), B);
  // clearKo() does it too (a pass).
  b.clearKo();
  EXPECT_TRUE(b.isLegal(W, pt("B4", 5)));
}

TEST(BoardKo, OnlyASingleStoneTakingASingleStoneIsKo) {
  Board b = board(
      ". . . . .\n"
      ". . . . .\n"
      ". . . . .\n"
      ". X O . .\n"
      "X O . O .\n");
  // Black C1 captures B1 and is left a single stone whose one liberty is B1: a ko.
  Board k = b;
  playExpect(k, B, "C1", {"B1"});
  EXPECT_EQ(k.koPoint(), pt("B1", 5));
  // A stone that captures more than one stone makes no ko.
  Board s = board(
      ". . . . .\n"
      ". . . . .\n"
      "X X . . .\n"
      "O O X . .\n"
      ". O X . .\n");
  playExpect(s, B, "A1", {"A2", "B2", "B1"});
  EXPECT_EQ(s.koPoint(), kNoPoint);
}

TEST(BoardTorus, CaptureAcrossLeftRightSeam) {
  const char* pic =
      ". . . . . . .\n"
      ". . . . . . .\n"
      "X . . . . . .\n"
      "O X . . . . .\n"
      "X . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n";
  Board t = board(pic, Topology::Torus);
  EXPECT_TRUE(t.inAtari(pt("A4", 7)));
  EXPECT_EQ(t.liberties(pt("A4", 7)), 1);
  playExpect(t, B, "G4", {"A4"});
  EXPECT_EQ(t.koPoint(), kNoPoint);
  // On the plane A4 has no liberty at all, so the picture is refused.
  EXPECT_THROW(board(pic, Topology::Planar), std::invalid_argument);
}

TEST(BoardTorus, CaptureAcrossTopBottomSeam) {
  Board t = board(
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . X . . .\n"
      ". . X O X . .\n",
      Topology::Torus);
  playExpect(t, B, "D7", {"D1"});
  // A chain across the seam: D7 and D1 are neighbours.
  Board c = board(
      ". . X O X . .\n"
      ". . . X . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . X O X . .\n",
      Topology::Torus);
  EXPECT_EQ(c.chainSize(pt("D1", 7)), 2);
  EXPECT_EQ(c.chainHead(pt("D1", 7)), c.chainHead(pt("D7", 7)));
  playExpect(c, B, "D2", {"D1", "D7"});
}

TEST(BoardTorus, CaptureInTheWrappedCorner) {
  // A1's neighbours on the torus: B1, A2, G1 and A7.
  Board t = board(
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      "X . . . . . .\n"
      "O X . . . . X\n",
      Topology::Torus);
  EXPECT_TRUE(t.inAtari(pt("A1", 7)));
  EXPECT_EQ(t.liberties(pt("A1", 7)), 1) << "A7 is the last liberty";
  playExpect(t, B, "A7", {"A1"});
  // The four corners of a torus are one 2x2 block: a white square there dies as a chain.
  Board sq = board(
      "O X . . . X O\n"
      "X . . . . . X\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      "X . . . . . X\n"
      "O X . . . X .\n",
      Topology::Torus);
  EXPECT_EQ(sq.chainSize(pt("A1", 7)), 3);
  EXPECT_EQ(sq.liberties(pt("A1", 7)), 1);
  playExpect(sq, B, "G1", {"A1", "A7", "G7"});
  // Suicide across the seams: White at G1 would have no liberty on the torus.
  Board s = board(
      ". . . . . . X\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . X\n"
      "X . . . . X .\n",
      Topology::Torus);
  EXPECT_FALSE(s.isLegal(W, pt("G1", 7))) << s.toAsciiLabelled();
  EXPECT_TRUE(s.isOnePointEye(B, pt("G1", 7)));
  // And the other way: a corner point that is suicide on the plane has two more liberties.
  const char* corner =
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      ". . . . . . .\n"
      "X . . . . . .\n"
      ". X . . . . .\n";
  EXPECT_FALSE(board(corner, Topology::Planar).isLegal(W, pt("A1", 7)));
  Board tc = board(corner, Topology::Torus);
  EXPECT_TRUE(tc.isLegal(W, pt("A1", 7)));
  playExpect(tc, W, "A1", {});
  EXPECT_EQ(tc.liberties(pt("A1", 7)), 2);
}

TEST(BoardTorus, EveryPointHasFourNeighbours) {
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    Board t(size, Topology::Torus);
    Board p(size, Topology::Planar);
    for (Point q = 0; q < t.numPoints(); ++q) {
      EXPECT_EQ(t.neighbourCount(q, Color::Empty), 4);
      EXPECT_EQ(t.neighbourCount(q, Color::Off), 0);
      const int x = p.xOf(q), y = p.yOf(q);
      const int edges = (x == 0) + (y == 0) + (x == size - 1) + (y == size - 1);
      EXPECT_EQ(p.neighbourCount(q, Color::Off), edges);
      EXPECT_EQ(p.neighbourCount(q, Color::Empty), 4 - edges);
    }
  }
}

TEST(BoardCopy, IsDeepAndAcrossSizes) {
  Board a = board(
      ". . . . .\n"
      ". X O . .\n"
      ". . X . .\n"
      ". . . . .\n"
      ". . . . .\n");
  Board big(19, Topology::Torus);
  big.play(B, 100);
  big = a;  // a smaller board into a bigger one
  EXPECT_EQ(big.size(), 5);
  EXPECT_EQ(big.topology(), Topology::Planar);
  EXPECT_EQ(big.toAscii(), a.toAscii());
  EXPECT_CONSISTENT(big);
  big.play(W, pt("A1", 5));
  EXPECT_EQ(a.at(pt("A1", 5)), Color::Empty);
  EXPECT_CONSISTENT(a);
  EXPECT_CONSISTENT(big);
}

// The fast board against the reference on random playouts of every size and both topologies:
// after every move the board is consistent, shows what the reference shows, and the predicted
// hash and capture count were right.
TEST(BoardRandom, MatchesReferenceOnEverySize) {
  Rng rng(2024);
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    for (Topology topo : {Topology::Planar, Topology::Torus}) {
      const int games = size <= 9 ? 6 : size <= 15 ? 2 : 1;
      for (int g = 0; g < games; ++g) {
        Board b(size, topo);
        test::NaiveBoard ref(size, topo);
        Color c = Color::Black;
        int passes = 0;
        for (int move = 0; move < 3 * size * size && passes < 2; ++move) {
          const Point p = randomPlayoutMove(b, c, rng);
          if (p == kPass) {
            b.clearKo();
            ++passes;
            c = opponent(c);
            continue;
          }
          passes = 0;
          test::NaiveBoard trial = ref;
          std::vector<int> ref_captured;
          ASSERT_TRUE(trial.play(c, p, &ref_captured))
              << "the reference calls " << pointName(p, size) << " suicide on\n"
              << b.toAsciiLabelled();
          const int predicted = b.wouldCapture(c, p);
          const uint64_t predicted_hash = b.hashAfter(c, p);
          const int n = b.play(c, p);
          ref = trial;
          ASSERT_EQ(n, static_cast<int>(ref_captured.size())) << b.toAsciiLabelled();
          ASSERT_EQ(n, predicted);
          ASSERT_EQ(b.hash(), predicted_hash);
          for (Point q = 0; q < b.numPoints(); ++q)
            ASSERT_EQ(b.at(q), ref.at(q)) << pointName(q, size) << "\n" << b.toAsciiLabelled();
          ASSERT_EQ(b.checkConsistency(), "") << b.toAsciiLabelled();
          // The sampler relies on this: the ko point never has an empty neighbour.
          if (b.koPoint() != kNoPoint) {
            ASSERT_EQ(b.neighbourCount(b.koPoint(), Color::Empty), 0) << b.toAsciiLabelled();
          }
          // Exact liberties and atari agree with the reference for every neighbouring chain.
          for (Point q : b.neighbours(p)) {
            if (q == kOffBoard || !isStone(b.at(q))) continue;
            ASSERT_EQ(b.liberties(q), ref.liberties(q));
            ASSERT_EQ(b.inAtari(q), ref.liberties(q) == 1);
          }
          c = opponent(c);
        }
      }
    }
  }
}

// Board::isLegal and isSuicide against the reference at every point of random positions.
TEST(BoardRandom, LegalityMatchesReference) {
  Rng rng(77);
  int false_eyes = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int size = 5 + static_cast<int>(rng.below(5));
    const Topology topo = rng.below(2) ? Topology::Torus : Topology::Planar;
    Board b(size, topo);
    randomPlayout(b, Color::Black, rng, static_cast<int>(rng.below(3 * size * size)));
    const test::NaiveBoard ref(b);
    for (Color c : {B, W}) {
      for (Point p = 0; p < b.numPoints(); ++p) {
        if (b.at(p) != Color::Empty) {
          EXPECT_FALSE(b.isLegal(c, p));
          continue;
        }
        test::NaiveBoard t = ref;
        const bool ok = t.play(c, p);
        ASSERT_EQ(!b.isSuicide(c, p), ok) << colorName(c) << " " << pointName(p, size) << "\n"
                                          << b.toAsciiLabelled();
        const bool ko = p == b.koPoint() && c == b.koColor();
        ASSERT_EQ(b.isLegal(c, p), ok && !ko);
        bool eye = true;
        for (int q : ref.neighbours(p)) eye = eye && ref.at(q) == c;
        ASSERT_EQ(b.isOnePointEye(c, p), eye);
        if (eye) {
          ASSERT_EQ(b.isFalseEye(c, p), ref.isFalseEye(c, p));
        }
        false_eyes += eye && ref.isFalseEye(c, p);
        ASSERT_EQ(b.isPlayoutCandidate<PlayoutEyes::KeepAll>(c, p), ok && !ko && !eye)
            << colorName(c) << " " << pointName(p, size) << "\n"
            << b.toAsciiLabelled();
        ASSERT_EQ(b.isPlayoutCandidate<PlayoutEyes::FillFalse>(c, p),
                  ok && !ko && (!eye || ref.isFalseEye(c, p)))
            << colorName(c) << " " << pointName(p, size) << "\n"
            << b.toAsciiLabelled();
      }
    }
  }
  EXPECT_GT(false_eyes, 20);
}

}  // namespace
}  // namespace pg
