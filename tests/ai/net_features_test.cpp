// The networks' features (ai/net_features.h, docs/networks.md section 3): hand-built positions
// through the real Referee, plane by plane, and the wall: the belief input reads the view only.
#include "ai/net_features.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "referee/referee.h"

namespace pg {
namespace {

/// The belief input of one view, with a plane reader by (x, y).
struct NfBelief {
  int size = 0;
  std::vector<uint8_t> x;
  std::vector<float> g;
  int at(int plane, int px, int py) const {
    const int n = size * size;
    return x[static_cast<size_t>(plane * n + py * size + px)];
  }
  /// The points set in a plane.
  int count(int plane) const {
    const int n = size * size;
    int c = 0;
    for (int p = 0; p < n; ++p) c += x[static_cast<size_t>(plane * n + p)] != 0;
    return c;
  }
};

NfBelief nfEncode(const View& view, const std::vector<float>& occ = {}) {
  NfBelief b;
  b.size = view.rules().size;
  b.x.assign(static_cast<size_t>(kBeliefPlanes * view.rules().numPoints()), 7);
  b.g.assign(kBeliefGlobals, -1.0f);
  encodeBeliefInput(view, occ, b.x.data(), b.g.data());
  return b;
}

Rules nfRules(int size, int handicap = 0) {
  Rules r;
  r.size = size;
  r.handicap = handicap;
  r.komi = Rules::defaultKomi(handicap);
  return r;
}

Point nfPt(const Referee& ref, int x, int y) {
  return static_cast<Point>(y * ref.rules().size + x);
}

/// A legal stone for whoever is on turn.
void nfPlay(Referee& ref, int x, int y) {
  const Answer a = ref.tryPoint(ref.toMove(), nfPt(ref, x, y));
  ASSERT_TRUE(a.accepted() && a.legal) << x << "," << y;
}

/// A try that the referee rejects (a hidden stone there).
void nfReject(Referee& ref, int x, int y) {
  const Answer a = ref.tryPoint(ref.toMove(), nfPt(ref, x, y));
  ASSERT_TRUE(a.accepted() && !a.legal) << x << "," << y;
}

TEST(NetFeatures, OwnStonesEmptyPointsAndGlobals) {
  Referee ref(nfRules(5));
  nfPlay(ref, 1, 1);  // Black
  nfPlay(ref, 3, 3);  // White, hidden from Black
  const NfBelief b = nfEncode(ref.view(Audience::Black));
  EXPECT_EQ(b.count(0), 25);
  EXPECT_EQ(b.at(1, 1, 1), 255);
  EXPECT_EQ(b.count(1), 1);
  EXPECT_EQ(b.count(2), 0);
  EXPECT_EQ(b.at(3, 3, 3), 255);  // the hidden stone is empty in the view
  EXPECT_EQ(b.count(3), 24);
  EXPECT_EQ(b.at(6, 1, 1), 255);  // four liberties: "3 or more"
  EXPECT_EQ(b.count(4) + b.count(5) + b.count(19), 0);
  EXPECT_EQ(b.at(14, 1, 1), 255);  // the stone of Black's previous turn
  EXPECT_EQ(b.count(17), 0);       // no occupancy given
  EXPECT_FLOAT_EQ(b.g[0], 1.0f / 25);
  EXPECT_FLOAT_EQ(b.g[1], 1.0f / 25);
  EXPECT_FLOAT_EQ(b.g[2], 2.0f / 50);
  EXPECT_FLOAT_EQ(b.g[3], 1.0f);
  EXPECT_FLOAT_EQ(b.g[4], -0.75f);  // komi 7.5 against Black
  EXPECT_FLOAT_EQ(b.g[5], 0.0f);
  EXPECT_FLOAT_EQ(b.g[6], 0.0f);
  EXPECT_FLOAT_EQ(b.g[7], 0.0f);

  nfPlay(ref, 0, 4);  // Black
  const NfBelief w = nfEncode(ref.view(Audience::White));
  EXPECT_EQ(w.at(1, 3, 3), 255);
  EXPECT_EQ(w.count(1), 1);
  EXPECT_FLOAT_EQ(w.g[0], 2.0f / 25);  // Black's two stones, both hidden
  EXPECT_FLOAT_EQ(w.g[3], 0.0f);
  EXPECT_FLOAT_EQ(w.g[4], 0.75f);  // komi for White
}

TEST(NetFeatures, RejectedTriesByRecencyAndTheOpponentsTries) {
  Referee ref(nfRules(9));
  nfPlay(ref, 0, 8);    // t0 Black
  nfPlay(ref, 4, 4);    // t1 White
  nfReject(ref, 4, 4);  // t2 Black: rejected
  {
    const NfBelief b = nfEncode(ref.view(Audience::Black));
    EXPECT_EQ(b.at(7, 4, 4), 255);
    EXPECT_EQ(b.count(7), 1);
    EXPECT_EQ(b.count(8) + b.count(9), 0);
  }
  nfPlay(ref, 0, 0);    // t2 Black
  nfReject(ref, 0, 0);  // t3 White: rejected twice
  nfReject(ref, 0, 8);
  nfPlay(ref, 8, 8);  // t3 White
  {
    const NfBelief b = nfEncode(ref.view(Audience::Black));  // t4
    EXPECT_EQ(b.count(7), 0);
    EXPECT_EQ(b.at(8, 4, 4), 255);
    EXPECT_EQ(b.count(8), 1);
    EXPECT_EQ(b.at(14, 0, 0), 255);  // the last own stone
    EXPECT_EQ(b.count(14), 1);
    EXPECT_EQ(b.at(15, 0, 8), 255);  // two own turns ago
    EXPECT_EQ(b.count(15), 1);
    EXPECT_FLOAT_EQ(b.g[5], 0.5f);  // two rejected tries of White's last turn, / 4
    const NfBelief w = nfEncode(ref.view(Audience::White));  // White's tries, one turn ago
    EXPECT_EQ(w.count(7), 0);
    EXPECT_EQ(w.at(8, 0, 0), 255);
    EXPECT_EQ(w.at(8, 0, 8), 255);
    EXPECT_EQ(w.count(8), 2);
  }
  // Four more own turns: the rejection of t2 moves to "earlier" (plane 9).
  const int xs[] = {2, 6, 2, 6, 2, 6, 2, 6};
  const int ys[] = {0, 0, 2, 2, 6, 6, 8, 8};
  for (int i = 0; i < 8; ++i) nfPlay(ref, xs[i], ys[i]);
  const NfBelief b = nfEncode(ref.view(Audience::Black));  // t12: t2 is five own turns ago
  EXPECT_EQ(b.count(8), 0);
  EXPECT_EQ(b.at(9, 4, 4), 255);
  EXPECT_EQ(b.count(9), 1);
  EXPECT_EQ(b.count(15), 4);  // own stones of 2 to 5 own turns ago
  EXPECT_EQ(b.at(15, 0, 0), 255);
  EXPECT_EQ(b.at(15, 0, 8), 0);                            // six own turns ago
  const NfBelief w = nfEncode(ref.view(Audience::White));  // White's, five own turns ago
  EXPECT_EQ(w.count(7) + w.count(8), 0);
  EXPECT_EQ(w.count(9), 2);  // still empty in White's view
  EXPECT_FLOAT_EQ(b.g[5], 0.0f);
}

TEST(NetFeatures, CapturesCertainStonesAndTheOpponentsPass) {
  Referee ref(nfRules(5));
  nfPlay(ref, 0, 0);  // t0 Black
  nfPlay(ref, 1, 0);  // t1 White
  nfPlay(ref, 4, 4);  // t2 Black
  nfPlay(ref, 0, 1);  // t3 White captures (0,0)
  const NfBelief b = nfEncode(ref.view(Audience::Black));
  EXPECT_EQ(b.at(10, 0, 0), 255);  // our stone captured, one turn ago
  EXPECT_EQ(b.count(10), 1);
  EXPECT_EQ(b.count(11), 0);
  EXPECT_EQ(b.at(1, 0, 0), 0);
  EXPECT_EQ(b.at(16, 1, 0), 255);  // the capturers must stand there
  EXPECT_EQ(b.at(16, 0, 1), 255);
  EXPECT_EQ(b.count(16), 2);
  EXPECT_FLOAT_EQ(b.g[0], 2.0f / 25);

  nfPlay(ref, 2, 2);                               // t4 Black
  ASSERT_TRUE(ref.pass(Color::White).accepted());  // t5
  const NfBelief white_sees = nfEncode(ref.view(Audience::White));
  EXPECT_EQ(white_sees.at(12, 0, 0), 255);  // White took (0,0) three turns ago
  EXPECT_EQ(white_sees.count(12), 1);
  EXPECT_EQ(white_sees.at(18, 0, 0), 255);
  const NfBelief after_pass = nfEncode(ref.view(Audience::Black));
  EXPECT_FLOAT_EQ(after_pass.g[6], 1.0f);

  // Black surrounds White's (1,0) and (0,1), whose one liberty is then (0,0), and takes both.
  nfPlay(ref, 1, 1);                                       // t6 Black
  nfPlay(ref, 4, 0);                                       // t7 White
  nfPlay(ref, 2, 0);                                       // t8 Black
  nfPlay(ref, 3, 3);                                       // t9 White
  nfPlay(ref, 0, 2);                                       // t10 Black
  nfPlay(ref, 3, 0);                                       // t11 White
  nfPlay(ref, 0, 0);                                       // t12 Black: captures (1,0) and (0,1)
  nfPlay(ref, 3, 1);                                       // t13 White
  const NfBelief c = nfEncode(ref.view(Audience::Black));  // t14
  EXPECT_EQ(c.at(12, 1, 0), 255);  // opponent stones we captured two turns ago
  EXPECT_EQ(c.at(12, 0, 1), 255);
  EXPECT_EQ(c.count(12), 2);
  EXPECT_EQ(c.at(18, 1, 0), 255);  // and empty in the view now
  EXPECT_EQ(c.count(18), 2);
  EXPECT_EQ(c.count(16), 0);       // the certain stones were captured
  EXPECT_EQ(c.at(11, 0, 0), 255);  // our stone captured at t3, eleven turns ago
  EXPECT_EQ(c.count(10), 0);
  const NfBelief cw = nfEncode(ref.view(Audience::White));
  EXPECT_EQ(cw.at(10, 1, 0), 255);  // White's stones captured at t12, two turns ago
  EXPECT_EQ(cw.at(11, 0, 1), 0);
  EXPECT_EQ(cw.at(13, 0, 0), 255);  // the Black stone White captured at t3
}

TEST(NetFeatures, LibertiesInTheViewAndHandicapStones) {
  Referee ref(nfRules(9, 9));  // 3-3, 3-5, ... : White moves first
  nfPlay(ref, 3, 2);           // White, between the handicap stones (2,2) and (4,2)
  nfPlay(ref, 8, 8);           // Black
  const NfBelief w = nfEncode(ref.view(Audience::White));
  EXPECT_EQ(w.count(2), 9);  // the handicap stones are public
  EXPECT_EQ(w.at(2, 2, 2), 255);
  EXPECT_EQ(w.at(5, 3, 2), 255);  // two liberties in the view: (3,1) and (3,3)
  EXPECT_EQ(w.count(5), 1);
  EXPECT_FLOAT_EQ(w.g[0], 1.0f / 81);  // Black's one stone off the handicap
  EXPECT_FLOAT_EQ(w.g[4], 0.05f);      // komi 0.5 for White
  const NfBelief b = nfEncode(ref.view(Audience::Black));
  EXPECT_EQ(b.count(1), 10);
  EXPECT_EQ(b.count(2), 0);
}

TEST(NetFeatures, StoryOccupancyIsScaledTo255) {
  Referee ref(nfRules(5));
  nfPlay(ref, 1, 1);
  nfPlay(ref, 3, 3);
  std::vector<float> occ(25, 0.0f);
  occ[static_cast<size_t>(nfPt(ref, 3, 3))] = 1.0f;
  occ[static_cast<size_t>(nfPt(ref, 2, 3))] = 0.5f;
  const NfBelief b = nfEncode(ref.view(Audience::Black), occ);
  EXPECT_EQ(b.at(17, 3, 3), 255);
  EXPECT_EQ(b.at(17, 2, 3), 128);
  EXPECT_EQ(b.count(17), 2);
}

/// Black's stones at the same points in both games; White's differ. Neither side captures or
/// is rejected, so Black's view is the same.
TEST(NetFeatures, TheBeliefInputReadsTheViewOnly) {
  const int black[][2] = {{0, 0}, {2, 2}, {4, 4}, {0, 4}};
  const int white_a[][2] = {{4, 0}, {3, 1}, {1, 3}, {2, 4}};
  const int white_b[][2] = {{3, 0}, {1, 2}, {3, 3}, {4, 2}};
  Referee a(nfRules(5)), b(nfRules(5));
  for (int i = 0; i < 4; ++i) {
    nfPlay(a, black[i][0], black[i][1]);
    nfPlay(b, black[i][0], black[i][1]);
    nfPlay(a, white_a[i][0], white_a[i][1]);
    nfPlay(b, white_b[i][0], white_b[i][1]);
  }
  ASSERT_NE(a.realGame().board().hash(), b.realGame().board().hash());
  ASSERT_EQ(a.view(Audience::Black).events(), b.view(Audience::Black).events());
  const NfBelief ea = nfEncode(a.view(Audience::Black)), eb = nfEncode(b.view(Audience::Black));
  EXPECT_EQ(ea.x, eb.x);
  EXPECT_EQ(ea.g, eb.g);
  // The labels do see the real board.
  std::vector<uint8_t> la(75), lb(75);
  encodeBeliefLabels(a.view(Audience::Black), a.realGame().board(), la.data());
  encodeBeliefLabels(b.view(Audience::Black), b.realGame().board(), lb.data());
  EXPECT_NE(la, lb);
}

TEST(NetFeatures, LabelsWrapEastAndSouthOnATorus) {
  for (Topology t : {Topology::Torus, Topology::Planar}) {
    Rules rules = nfRules(5);
    rules.topology = t;
    Referee ref(rules);
    nfPlay(ref, 2, 2);  // Black
    nfPlay(ref, 4, 1);  // White
    nfPlay(ref, 2, 3);
    nfPlay(ref, 0, 1);  // east of (4,1) on a torus
    nfPlay(ref, 3, 3);
    nfPlay(ref, 1, 4);
    nfPlay(ref, 3, 2);
    nfPlay(ref, 1, 0);  // south of (1,4) on a torus
    const View& view = ref.view(Audience::Black);
    std::vector<uint8_t> y(3 * 25, 9);
    encodeBeliefLabels(view, ref.realGame().board(), y.data());
    auto label = [&](int map, int x, int yy) {
      return y[static_cast<size_t>(map * 25 + yy * 5 + x)];
    };
    int hidden = 0;
    for (int p = 0; p < 25; ++p) hidden += y[static_cast<size_t>(p)];
    EXPECT_EQ(hidden, 4);
    EXPECT_EQ(label(0, 4, 1), 1);
    EXPECT_EQ(label(0, 1, 0), 1);
    const int wrap = t == Topology::Torus ? 1 : 0;
    EXPECT_EQ(label(1, 4, 1), wrap);
    EXPECT_EQ(label(2, 1, 4), wrap);
    EXPECT_EQ(label(1, 0, 1), 0);  // (1,1) is empty
    EXPECT_EQ(label(2, 1, 0), 0);  // (1,1) again
    int pairs = 0;
    for (int p = 25; p < 75; ++p) pairs += y[static_cast<size_t>(p)];
    EXPECT_EQ(pairs, 2 * wrap);
    // White's labels: Black's stones (2,2) (2,3) (3,3) (3,2) are a square of two pairs each way.
    encodeBeliefLabels(ref.view(Audience::White), ref.realGame().board(), y.data());
    EXPECT_EQ(label(1, 2, 2), 1);
    EXPECT_EQ(label(1, 2, 3), 1);
    EXPECT_EQ(label(2, 2, 2), 1);
    EXPECT_EQ(label(2, 3, 2), 1);
    EXPECT_EQ(label(1, 3, 2), 0);
  }
}

struct NfBoard {
  int size = 0;
  std::vector<uint8_t> x;
  std::vector<float> g;
  int at(int plane, int px, int py) const {
    return x[static_cast<size_t>(plane * size * size + py * size + px)];
  }
};

NfBoard nfEncodeBoard(const Board& board, Color c, const Rules& rules, bool passed) {
  NfBoard e;
  e.size = board.size();
  e.x.assign(static_cast<size_t>(kBoardPlanes * board.numPoints()), 7);
  e.g.assign(kBoardGlobals, -1.0f);
  encodeBoardInput(board, c, rules, passed, e.x.data(), e.g.data());
  return e;
}

TEST(NetFeatures, BoardPlanesLibertiesKoAndLegality) {
  const Rules rules = nfRules(5);
  Board b(5, Topology::Planar);
  auto P = [&](int x, int y) { return b.point(x, y); };
  // A ko at the bottom: White (1,0) in atari; Black takes it from (0,0)'s side.
  b.play(Color::Black, P(1, 1));
  b.play(Color::Black, P(0, 0));
  b.play(Color::White, P(2, 1));
  b.play(Color::White, P(3, 0));
  b.play(Color::White, P(1, 0));  // (0,0) keeps (0,1)
  b.play(Color::Black, P(2, 0));  // captures (1,0): one stone, the capturer in atari
  ASSERT_EQ(b.koPoint(), P(1, 0));
  ASSERT_EQ(b.koColor(), Color::White);
  const NfBoard w = nfEncodeBoard(b, Color::White, rules, true);
  EXPECT_EQ(w.at(10, 1, 0), 255);  // White may not retake
  EXPECT_EQ(w.at(11, 1, 0), 0);
  EXPECT_EQ(w.at(3, 1, 0), 255);
  EXPECT_EQ(w.at(1, 2, 1), 255);   // White's own stones
  EXPECT_EQ(w.at(2, 2, 0), 255);   // Black's, the opponent's
  EXPECT_EQ(w.at(7, 2, 0), 255);   // Black (2,0): one liberty (1,0)
  EXPECT_EQ(w.at(5, 3, 0), 255);   // White (3,0): (4,0) and (3,1)
  EXPECT_EQ(w.at(5, 2, 1), 255);   // White (2,1): (3,1) and (2,2)
  EXPECT_EQ(w.at(11, 4, 4), 255);  // an ordinary empty point
  EXPECT_FLOAT_EQ(w.g[0], 0.75f);
  EXPECT_FLOAT_EQ(w.g[1], 0.0f);
  EXPECT_FLOAT_EQ(w.g[2], 0.0f);
  EXPECT_FLOAT_EQ(w.g[3], 1.0f);
  const NfBoard k = nfEncodeBoard(b, Color::Black, rules, false);
  EXPECT_EQ(k.at(10, 1, 0), 0);  // the ko binds White only
  EXPECT_EQ(k.at(11, 1, 0), 255);
  EXPECT_EQ(k.at(4, 2, 0), 255);  // own chain in atari
  EXPECT_FLOAT_EQ(k.g[0], -0.75f);
  EXPECT_FLOAT_EQ(k.g[1], 1.0f);
  EXPECT_FLOAT_EQ(k.g[3], 0.0f);
  for (int p = 0; p < 25; ++p) {
    int own = 0, opp = 0;
    for (int plane = 4; plane <= 6; ++plane) own += k.x[static_cast<size_t>(plane * 25 + p)] != 0;
    for (int plane = 7; plane <= 9; ++plane) opp += k.x[static_cast<size_t>(plane * 25 + p)] != 0;
    EXPECT_EQ(own, b.at(p) == Color::Black ? 1 : 0) << p;
    EXPECT_EQ(opp, b.at(p) == Color::White ? 1 : 0) << p;
    if (isStone(b.at(p))) {
      const int libs = std::min(b.liberties(p), 3);
      const int plane = (b.at(p) == Color::Black ? 4 : 7) + libs - 1;
      EXPECT_EQ(k.x[static_cast<size_t>(plane * 25 + p)], 255) << p;
    }
    EXPECT_EQ(k.x[static_cast<size_t>(11 * 25 + p)] != 0, b.isLegal(Color::Black, p)) << p;
    EXPECT_EQ(k.x[static_cast<size_t>(p)], 255);
  }
}

TEST(NetFeatures, BoardSuicideIsNotLegalAndAtariGoIsAGlobal) {
  Rules rules = nfRules(5);
  rules.atari_go = true;
  Board b(5, Topology::Planar);
  b.play(Color::White, b.point(1, 0));
  b.play(Color::White, b.point(0, 1));
  const NfBoard e = nfEncodeBoard(b, Color::Black, rules, false);
  EXPECT_EQ(e.at(11, 0, 0), 0);  // suicide for Black
  EXPECT_EQ(e.at(3, 0, 0), 255);
  EXPECT_EQ(e.at(10, 0, 0), 0);
  EXPECT_FLOAT_EQ(e.g[2], 1.0f);
  const NfBoard w = nfEncodeBoard(b, Color::White, rules, false);
  EXPECT_EQ(w.at(11, 0, 0), 255);  // White fills its own eye: legal
}

}  // namespace
}  // namespace pg
