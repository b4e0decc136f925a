// PG_ASSERT checks the rules core's documented preconditions in the builds that define
// PG_ASSERTS (asan, fuzz): a violated precondition aborts with its message. In other builds
// the checks compile to nothing and these tests are skipped.
#include "rules/assert.h"

#include <gtest/gtest.h>

#include "rules/board.h"
#include "rules/game.h"
#include "rules/rules.h"

namespace pg {
namespace {

class PgAssertDeathTest : public ::testing::Test {
 protected:
  void SetUp() override {
#ifndef PG_ASSERTS
    GTEST_SKIP() << "PG_ASSERTS is not defined in this build";
#else
    GTEST_FLAG_SET(death_test_style, "threadsafe");
#endif
  }
};

TEST_F(PgAssertDeathTest, BoardPreconditions) {
  Board b(9, Topology::Planar);
  EXPECT_DEATH(b.play(Color::Black, static_cast<Point>(81)), "play: point not empty");
  EXPECT_DEATH(b.isSuicide(Color::Black, static_cast<Point>(-3)), "isSuicide");
  EXPECT_DEATH(b.point(9, 0), "off the board");
  EXPECT_DEATH(b.emptyAt(81), "emptyAt");
  EXPECT_DEATH(b.chainHead(0), "no stone at p");
  b.play(Color::Black, 0);
  EXPECT_DEATH(b.play(Color::White, 0), "play: point not empty");
  EXPECT_DEATH(b.place(Color::White, 0), "place: point not empty");
  EXPECT_DEATH(Board(4, Topology::Planar), "size out of range");
  // A suicide: White at A1 with Black at A2 and B1.
  Board s = Board::fromAscii(
      ". . . . .\n"
      ". . . . .\n"
      ". . . . .\n"
      "X . . . .\n"
      ". X . . .\n");
  EXPECT_DEATH(s.play(Color::White, s.point(0, 0)), "play: suicide");
}

TEST_F(PgAssertDeathTest, GamePreconditions) {
  Rules bad;
  bad.handicap = 1;
  EXPECT_DEATH(Game{bad}, "handicap");
  Rules big;
  big.size = kMaxSize + 1;
  EXPECT_DEATH(Game{big}, "size");
  Game g{Rules{}};
  EXPECT_DEATH(g.isLegal(static_cast<Point>(81)), "off the board");
  EXPECT_DEATH(g.isLegal(Color::Empty, 0), "not Black or White");
  EXPECT_DEATH(g.result(), "not over");
  g.play(Color::Black, 0);
  EXPECT_DEATH(g.play(Color::White, 0), "illegal");
  g.resign(Color::White);
  EXPECT_DEATH(g.resign(Color::Black), "over");
  EXPECT_DEATH(g.pass(Color::Black), "resignation");
}

}  // namespace
}  // namespace pg
