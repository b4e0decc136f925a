// The SGF record of a finished game.
#include <gtest/gtest.h>

#include "referee/referee.h"
#include "store/sgf_writer.h"

namespace pg {
namespace {

TEST(Sgf, RecordOfAFinishedGame) {
  Rules r;
  r.size = 7;
  r.handicap = 2;
  r.komi = 0.5;
  Referee ref(r);
  // White moves first after the handicap.
  ASSERT_TRUE(ref.tryPoint(Color::White, *parsePoint("B2", 7)).accepted());
  ASSERT_TRUE(ref.tryPoint(Color::Black, *parsePoint("B2", 7)).accepted());  // illegal: occupied
  ASSERT_TRUE(ref.tryPoint(Color::Black, *parsePoint("D4", 7)).accepted());
  ASSERT_TRUE(ref.pass(Color::White).accepted());
  ASSERT_TRUE(ref.resign(Color::Black).accepted());
  ASSERT_TRUE(ref.over());
  SgfGame g;
  g.rules = r;
  g.reveal = ref.buildReveal();
  g.black_name = "A]n";
  g.white_name = "Bo";
  g.date = "2026-11-29";
  const std::string sgf = writeSgf(g);
  EXPECT_EQ(sgf.rfind("(;FF[4]GM[1]", 0), 0u) << sgf;
  for (const char* part :
       {"SZ[7]", "KM[0.5]", "HA[2]AB[", "PL[W]", "PB[A\\]n]", "PW[Bo]", "RE[W+R]", "DT[2026-11-29]",
        ";W[bf]", ";B[dd]C[rejected: B2]", ";W[]", "Black resigned."})
    EXPECT_NE(sgf.find(part), std::string::npos) << part << "\n" << sgf;
  EXPECT_EQ(sgf.back(), '\n');
}

TEST(Sgf, Results) {
  Result r;
  r.winner = Color::Black;
  r.reason = EndReason::TwoPasses;
  Score s;
  s.black_stones = 10;
  s.komi = 7.5;
  r.score = s;
  EXPECT_EQ(sgfResult(r), "B+2.5");
  r.reason = EndReason::Time;
  EXPECT_EQ(sgfResult(r), "B+T");
  r.reason = EndReason::AtariCapture;
  EXPECT_EQ(sgfResult(r), "B+");
  r.winner = Color::Empty;
  EXPECT_EQ(sgfResult(r), "0");
}

}  // namespace
}  // namespace pg
