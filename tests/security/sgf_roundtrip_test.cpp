// The SGF writer read back by our own reader (src/store/sgf_reader.h): the regression form of
// the fuzz_sgf target, over fixed seeds, plus the reader's refusals of malformed text.
#include <gtest/gtest.h>

#include "referee/referee.h"
#include "rules/playout.h"
#include "store/sgf_reader.h"
#include "store/sgf_writer.h"

namespace pg {
namespace {

TEST(SgfRoundTrip, RandomFinishedGamesReadBackAndReplayToTheRevealedBoard) {
  Rng rng(606);
  for (int g = 0; g < 300; ++g) {
    Rules rules;
    rules.size = 5 + static_cast<int>(rng.below(15));
    rules.topology = rng.below(4) == 0 ? Topology::Torus : Topology::Planar;
    rules.atari_go = rng.below(6) == 0;
    if (maxHandicap(rules.size) && rng.below(3) == 0) rules.handicap = 2;
    rules.komi = rng.below(2) ? 7.5 : -3;
    Referee ref(rules);
    for (int i = 0; i < 400 && !ref.over(); ++i) {
      const Color c = ref.toMove();
      if (rng.below(30) == 0)
        ref.pass(c);
      else
        ref.tryPoint(c, static_cast<Point>(rng.below(static_cast<uint32_t>(rules.numPoints()))));
    }
    if (!ref.over()) ref.resign(ref.toMove());
    SgfGame sg;
    sg.rules = rules;
    sg.reveal = ref.buildReveal();
    sg.black_name = "Al]ce\\ [x]";
    sg.white_name = "Bob\nthe \\]second";
    const SgfRecord r = readSgf(writeSgf(sg));
    ASSERT_EQ(r.size, rules.size);
    EXPECT_EQ(r.black_name, sg.black_name);
    EXPECT_EQ(r.white_name, sg.white_name);
    EXPECT_EQ(r.result, sgfResult(sg.reveal.result));
    EXPECT_EQ(r.handicap, sg.reveal.handicap);
    ASSERT_EQ(r.moves.size(), sg.reveal.turns.size());
    Game replay(rules);
    for (const auto& m : r.moves) {
      if (!m.has_move) continue;
      ASSERT_EQ(replay.toMove(), m.player);
      if (m.pass) {
        replay.pass();
      } else {
        ASSERT_TRUE(replay.isLegal(m.point));
        replay.play(m.point);
      }
    }
    for (int i = 0; i < rules.numPoints(); ++i)
      ASSERT_EQ(replay.board().at(static_cast<Point>(i)),
                sg.reveal.board[static_cast<std::size_t>(i)]);
  }
}

TEST(SgfReader, RefusesMalformedText) {
  for (const char* bad : {"", "(", "(;", "(;B[aa", "(;SZ[0])", "(;SZ[26])", "(;SZ[5];B[zz])",
                          "(;SZ[5];B[aa]W[bb])", "x(;)", "(;SZ[5];B[aa][bb])", "(;SZ[5]SZ[5])"}) {
    EXPECT_THROW(readSgf(bad), SgfError) << bad;
  }
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "(;";
  EXPECT_THROW(readSgf(deep), SgfError);
}

TEST(SgfReader, ReadsVariationsMainLineAndSoftBreaks) {
  const SgfRecord r = readSgf("(;GM[1]SZ[9]PB[a\\\nb];B[ee](;W[dd];B[])(;W[aa]))");
  EXPECT_EQ(r.black_name, "ab");
  ASSERT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(r.moves[1].point, *parsePoint("D6", 9));
  EXPECT_TRUE(r.moves[2].pass);
}

}  // namespace
}  // namespace pg
