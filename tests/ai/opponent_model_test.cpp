// The opponent model (ai/opponent_model.h): a sharpened model raises every gamma to a power.
#include <gtest/gtest.h>

#include <cmath>

#include "ai/opponent_model.h"

namespace pg {
namespace {

TEST(OpponentModel, ASharpenedModelRaisesEveryStrengthToItsPower) {
  const OpponentModel& plain = OpponentModel::learned();
  const OpponentModel square = plain.sharpened(2.0);
  const OpponentModel same = plain.sharpened(1.0);
  Board board(9, Topology::Planar);
  board.place(Color::White, 40);
  board.place(Color::White, 41);
  board.place(Color::Black, 30);
  const MoveContext ctx{Color::White, 41, false, false};
  int distinct = 0;
  float last = -1;
  for (Point q = 0; q < board.numPoints(); ++q) {
    if (board.at(q) != Color::Empty) continue;
    const MoveFeatures f = moveFeatures(board, ctx, q);
    const double s = plain.strength(f);
    EXPECT_NEAR(square.strength(f), s * s, 1e-4 * s * s) << "point " << q;
    EXPECT_FLOAT_EQ(same.strength(f), static_cast<float>(s));
    distinct += s != last;
    last = static_cast<float>(s);
  }
  EXPECT_GT(distinct, 3) << "the points differ, so the test compares something";
}

TEST(OpponentModel, SharpeningMakesTheLikelierOfTwoMovesLikelierStill) {
  const OpponentModel& plain = OpponentModel::learned();
  const OpponentModel sharp = plain.sharpened(2.0);
  Board board(9, Topology::Planar);
  board.place(Color::White, 40);
  const MoveContext ctx{Color::White, 40, false, false};
  const MoveFeatures a = moveFeatures(board, ctx, 41), b = moveFeatures(board, ctx, 0);
  const double pa = plain.strength(a) / (plain.strength(a) + plain.strength(b));
  const double sa = sharp.strength(a) / (sharp.strength(a) + sharp.strength(b));
  ASSERT_NE(pa, 0.5);
  if (pa > 0.5)
    EXPECT_GT(sa, pa);
  else
    EXPECT_LT(sa, pa);
}

}  // namespace
}  // namespace pg
