#include "cli/gtp_engine.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "version.h"

namespace pg {
namespace {

/// The full success response for `text`.
std::string ok(const std::string& text = "") {
  return text.empty() ? "=\n\n" : "= " + text + "\n\n";
}
std::string fail(const std::string& text) {
  return "? " + text + "\n\n";
}

/// Sends every line and expects each to succeed; returns the last response.
std::string sendAll(GtpEngine& e, std::initializer_list<std::string> lines) {
  std::string last;
  for (const std::string& l : lines) {
    last = e.handleLine(l);
    EXPECT_EQ(last.substr(0, 1), "=") << l << " -> " << last << e.board().toAsciiLabelled();
  }
  return last;
}

GtpEngine engine(int size, KoRule ko = KoRule::PositionalSuperko,
                 Topology topology = Topology::Planar, uint64_t seed = 1) {
  GtpOptions o;
  o.size = size;
  o.ko = ko;
  o.topology = topology;
  o.seed = seed;
  return GtpEngine(o);
}

TEST(GtpEngine, IdentityCommands) {
  GtpEngine e;
  EXPECT_EQ(e.handleLine("protocol_version"), ok("2"));
  EXPECT_EQ(e.handleLine("name"), ok("phantomgo"));
  EXPECT_EQ(e.handleLine("version"), ok(kVersion));
}

TEST(GtpEngine, IdsAreEchoed) {
  GtpEngine e;
  EXPECT_EQ(e.handleLine("1 name"), "=1 phantomgo\n\n");
  EXPECT_EQ(e.handleLine("42 clear_board"), "=42\n\n");
  EXPECT_EQ(e.handleLine("7 no_such_command"), "?7 unknown command\n\n");
  EXPECT_EQ(e.handleLine("3 boardsize 30"), "?3 unacceptable size\n\n");
  EXPECT_EQ(e.handleLine("12 play b Z9"), "?12 syntax error\n\n");
  EXPECT_EQ(e.handleLine("5"), "?5 syntax error\n\n");
}

TEST(GtpEngine, UnknownCommand) {
  GtpEngine e;
  EXPECT_EQ(e.handleLine("frobnicate"), fail("unknown command"));
  EXPECT_EQ(e.handleLine("NAME"), fail("unknown command"));  // command names are case-sensitive
}

TEST(GtpEngine, EmptyLinesAndCommentsAreIgnored) {
  GtpEngine e;
  EXPECT_EQ(e.handleLine(""), "");
  EXPECT_EQ(e.handleLine("\n"), "");
  EXPECT_EQ(e.handleLine("   \t  "), "");
  EXPECT_EQ(e.handleLine("# a comment"), "");
  EXPECT_EQ(e.handleLine("   # indented comment"), "");
  EXPECT_EQ(e.handleLine("name # trailing comment"), ok("phantomgo"));
}

TEST(GtpEngine, WhitespaceAndControlCharactersAreNormalised) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("\tname\t"), ok("phantomgo"));
  EXPECT_EQ(e.handleLine("name\r"), ok("phantomgo"));
  EXPECT_EQ(e.handleLine("name\r\n"), ok("phantomgo"));
  EXPECT_EQ(e.handleLine("  2   play \t b \t  D4  "), "=2\n\n");
  EXPECT_EQ(e.handleLine("list_stones\tblack"), ok("D4"));
  EXPECT_EQ(e.handleLine("na\x01me"), ok("phantomgo"));
}

TEST(GtpEngine, KnownCommandAndListCommands) {
  GtpEngine e;
  EXPECT_EQ(e.handleLine("known_command play"), ok("true"));
  EXPECT_EQ(e.handleLine("known_command list_stones"), ok("true"));
  EXPECT_EQ(e.handleLine("known_command frobnicate"), ok("false"));
  EXPECT_EQ(e.handleLine("known_command"), fail("syntax error"));

  const std::string list = e.handleLine("list_commands");
  ASSERT_EQ(list.substr(0, 2), "= ");
  std::istringstream lines(list.substr(2));
  std::string name;
  int n = 0;
  while (std::getline(lines, name) && !name.empty()) {
    EXPECT_EQ(e.handleLine("known_command " + name), ok("true")) << name;
    ++n;
  }
  EXPECT_EQ(n, static_cast<int>(GtpEngine::commandNames().size()));
  for (const char* required :
       {"protocol_version", "name", "version", "known_command", "list_commands", "boardsize",
        "clear_board", "komi", "play", "genmove", "undo", "fixed_handicap", "final_score",
        "showboard", "list_stones", "quit"}) {
    EXPECT_EQ(e.handleLine(std::string("known_command ") + required), ok("true")) << required;
  }
}

TEST(GtpEngine, Boardsize) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("boardsize 4"), fail("unacceptable size"));
  EXPECT_EQ(e.handleLine("boardsize 26"), fail("unacceptable size"));
  EXPECT_EQ(e.handleLine("boardsize nine"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("boardsize"), fail("syntax error"));
  EXPECT_EQ(e.board().size(), 9);
  EXPECT_EQ(e.handleLine("boardsize 25"), ok());
  EXPECT_EQ(e.board().size(), 25);
  EXPECT_EQ(e.handleLine("play w Z25"), ok());
  EXPECT_EQ(e.handleLine("boardsize 5"), ok());
  EXPECT_EQ(e.board().size(), 5);
  EXPECT_EQ(e.board().stoneCount(Color::White), 0);
  EXPECT_EQ(e.handleLine("play b F1"), fail("syntax error"));  // off a 5x5 board
}

TEST(GtpEngine, ClearBoard) {
  GtpEngine e = engine(9);
  sendAll(e, {"play b D4", "play w E5"});
  EXPECT_EQ(e.handleLine("clear_board"), ok());
  EXPECT_EQ(e.board().stoneCount(Color::Black) + e.board().stoneCount(Color::White), 0);
  EXPECT_EQ(e.handleLine("undo"), fail("cannot undo"));
}

TEST(GtpEngine, Komi) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("komi 6.5"), ok());
  EXPECT_DOUBLE_EQ(e.komi(), 6.5);
  EXPECT_EQ(e.handleLine("final_score"), ok("W+6.5"));
  EXPECT_EQ(e.handleLine("komi -3"), ok());
  EXPECT_EQ(e.handleLine("final_score"), ok("B+3"));
  EXPECT_EQ(e.handleLine("komi lots"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("komi"), fail("syntax error"));
  EXPECT_DOUBLE_EQ(e.komi(), -3);
}

TEST(GtpEngine, KomiKeepsTheMovesAndTheKoMemory) {
  GtpEngine e = engine(5);
  // Black's C4 takes B4 in a ko; a new komi rebuilds the game from the same moves, so White
  // still may not retake at once.
  sendAll(e, {"play b B5", "play w C5", "play b A4", "play w B4", "play b B3", "play w C3",
              "play b E1", "play w D4", "play b C4"});
  EXPECT_EQ(e.handleLine("play w B4"), fail("illegal move"));
  EXPECT_EQ(e.handleLine("komi 0.5"), ok());
  EXPECT_EQ(e.movesPlayed(), 9);
  EXPECT_EQ(e.handleLine("play w B4"), fail("illegal move")) << e.board().toAsciiLabelled();
  EXPECT_EQ(e.handleLine("undo"), ok());
  EXPECT_EQ(e.movesPlayed(), 8);
  EXPECT_EQ(e.board().at(*parsePoint("B4", 5)), Color::White);
}

TEST(GtpEngine, PlayGoesOnAfterTwoPasses) {
  GtpEngine e = engine(9);
  sendAll(e, {"play b pass", "play w pass", "play b E5", "play w pass", "play b pass"});
  EXPECT_EQ(e.handleLine("play w D4"), ok());
  EXPECT_EQ(e.movesPlayed(), 6);
  EXPECT_EQ(e.handleLine("final_score"), ok("W+7.5")) << e.board().toAsciiLabelled();
}

TEST(GtpEngine, PlayEitherColourInAnyOrder) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("play b D4"), ok());
  EXPECT_EQ(e.handleLine("play black E4"), ok());
  EXPECT_EQ(e.handleLine("play W d5"), ok());
  EXPECT_EQ(e.handleLine("play white pass"), ok());
  EXPECT_EQ(e.handleLine("play w PASS"), ok());
  EXPECT_EQ(e.board().stoneCount(Color::Black), 2);
  EXPECT_EQ(e.board().stoneCount(Color::White), 1);
  EXPECT_EQ(e.movesPlayed(), 5);
}

TEST(GtpEngine, PlaySyntaxErrors) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("play"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("play b"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("play red D4"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("play b I4"), fail("syntax error"));   // no letter I
  EXPECT_EQ(e.handleLine("play b D10"), fail("syntax error"));  // off the board
  EXPECT_EQ(e.handleLine("play b D4 E5"), fail("syntax error"));
  EXPECT_EQ(e.movesPlayed(), 0);
}

TEST(GtpEngine, IllegalPlayChangesNothing) {
  GtpEngine e = engine(5);
  sendAll(e, {"play b A2", "play b B1", "play w C3"});
  const std::string before = e.board().toAscii();
  EXPECT_EQ(e.handleLine("play w C3"), fail("illegal move"));  // occupied by itself
  EXPECT_EQ(e.handleLine("play b C3"), fail("illegal move"));  // occupied by the other colour
  EXPECT_EQ(e.handleLine("play w A1"), fail("illegal move"));  // suicide
  EXPECT_EQ(e.board().toAscii(), before);
  EXPECT_EQ(e.movesPlayed(), 3);
  // The last real move is still the one undo takes back.
  EXPECT_EQ(e.handleLine("undo"), ok());
  EXPECT_EQ(e.board().stoneCount(Color::White), 0);
  EXPECT_EQ(e.board().stoneCount(Color::Black), 2);
}

TEST(GtpEngine, SuicideIsIllegalButCaptureIsNot) {
  GtpEngine e = engine(5);
  // White A1 in the corner with Black on B1 and A2 is suicide; if it captures, it is legal.
  sendAll(e, {"play b B1", "play b A2"});
  EXPECT_EQ(e.handleLine("play w A1"), fail("illegal move"));
  sendAll(e, {"play w C1", "play w B2", "play w A3"});
  // Now B1 and A2 each have A1 as their last liberty: White A1 captures both.
  EXPECT_EQ(e.handleLine("play w A1"), ok());
  EXPECT_EQ(e.handleLine("list_stones b"), ok(""));
  EXPECT_EQ(e.board().stoneCount(Color::Black), 0);
  EXPECT_TRUE(e.board().checkConsistency().empty()) << e.board().checkConsistency();
}

TEST(GtpEngine, UndoAfterCaptureRestoresTheStones) {
  GtpEngine e = engine(5);
  sendAll(e, {"play b C3", "play w B3", "play w D3", "play w C4"});
  const std::string before = e.board().toAscii();
  EXPECT_EQ(e.handleLine("play w C2"), ok());
  EXPECT_EQ(e.board().stoneCount(Color::Black), 0) << e.board().toAsciiLabelled();
  EXPECT_EQ(e.handleLine("undo"), ok());
  EXPECT_EQ(e.board().toAscii(), before) << e.board().toAsciiLabelled();
  EXPECT_EQ(e.handleLine("list_stones black"), ok("C3"));
  EXPECT_TRUE(e.board().checkConsistency().empty());
  // Undo all the way back, then once more.
  for (int i = 0; i < 4; ++i) EXPECT_EQ(e.handleLine("undo"), ok()) << i;
  EXPECT_EQ(e.handleLine("undo"), fail("cannot undo"));
  EXPECT_EQ(e.board().toAscii(), engine(5).board().toAscii());
}

TEST(GtpEngine, UndoOnAFreshBoard) {
  GtpEngine e;
  EXPECT_EQ(e.handleLine("undo"), fail("cannot undo"));
  EXPECT_EQ(e.handleLine("4 undo"), "?4 cannot undo\n\n");
}

TEST(GtpEngine, UndoAPass) {
  GtpEngine e = engine(9);
  sendAll(e, {"play b D4", "play w pass"});
  EXPECT_EQ(e.handleLine("undo"), ok());
  EXPECT_EQ(e.movesPlayed(), 1);
  EXPECT_EQ(e.board().stoneCount(Color::Black), 1);
}

// A ko on the lower edge of a 5x5 board:
//   3 . X O . .
//   2 X O . O .
//   1 . X O . .
//     A B C D E
// Black C2 takes the white stone at B2; White B2 would take straight back.
void setUpKo(GtpEngine& e) {
  sendAll(e, {"play b B3", "play b A2", "play b B1", "play w C3", "play w B2", "play w D2",
              "play w C1"});
  EXPECT_EQ(e.handleLine("play b C2"), ok());
  EXPECT_EQ(e.board().at(e.board().point(1, 1)), Color::Empty) << e.board().toAsciiLabelled();
}

TEST(GtpEngine, KoImmediateRecaptureIsIllegalUnderBothRules) {
  for (KoRule ko : {KoRule::Simple, KoRule::PositionalSuperko}) {
    GtpEngine e = engine(5, ko);
    setUpKo(e);
    EXPECT_EQ(e.handleLine("play w B2"), fail("illegal move")) << koRuleName(ko);
    // After a play elsewhere the ko may be retaken under both rules (the position is new).
    sendAll(e, {"play w E5", "play b E4"});
    EXPECT_EQ(e.handleLine("play w B2"), ok()) << koRuleName(ko);
    EXPECT_EQ(e.board().at(e.board().point(2, 1)), Color::Empty);
  }
}

TEST(GtpEngine, SuperkoRefusesARepeatThatSimpleKoAllows) {
  // A pass lifts the simple ko, but retaking would recreate the position before Black's take.
  GtpEngine simple = engine(5, KoRule::Simple);
  setUpKo(simple);
  EXPECT_EQ(simple.handleLine("play b pass"), ok());
  EXPECT_EQ(simple.handleLine("play w B2"), ok());

  GtpEngine superko = engine(5, KoRule::PositionalSuperko);
  setUpKo(superko);
  EXPECT_EQ(superko.handleLine("play b pass"), ok());
  const std::string before = superko.board().toAscii();
  EXPECT_EQ(superko.handleLine("play w B2"), fail("illegal move"));
  EXPECT_EQ(superko.board().toAscii(), before);
  EXPECT_FALSE(superko.isLegal(Color::White, superko.board().point(1, 1)));
  // Undoing Black's take makes the point plain empty-and-legal again.
  EXPECT_EQ(superko.handleLine("undo"), ok());  // the pass
  EXPECT_EQ(superko.handleLine("undo"), ok());  // Black C2
  EXPECT_EQ(superko.handleLine("list_stones w"), ok("C3 B2 D2 C1"));
}

TEST(GtpEngine, TorusCapturesAcrossTheEdges) {
  GtpEngine planar = engine(5);
  sendAll(planar, {"play w A1", "play b B1", "play b A2"});
  EXPECT_EQ(planar.board().stoneCount(Color::White), 0);

  GtpEngine torus = engine(5, KoRule::PositionalSuperko, Topology::Torus);
  sendAll(torus, {"play w A1", "play b B1", "play b A2"});
  EXPECT_EQ(torus.handleLine("list_stones w"), ok("A1"));  // still has E1 and A5
  sendAll(torus, {"play b E1"});
  EXPECT_EQ(torus.handleLine("list_stones w"), ok("A1"));
  sendAll(torus, {"play b A5"});
  EXPECT_EQ(torus.handleLine("list_stones w"), ok(""));
  // The corner is now surrounded across the edges: White there is suicide.
  EXPECT_EQ(torus.handleLine("play w A1"), fail("illegal move"));
  EXPECT_TRUE(torus.board().checkConsistency().empty());
}

TEST(GtpEngine, FixedHandicap) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("fixed_handicap 1"), fail("invalid number of stones"));
  EXPECT_EQ(e.handleLine("fixed_handicap 10"), fail("invalid number of stones"));
  EXPECT_EQ(e.handleLine("fixed_handicap two"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("fixed_handicap 2"), ok("C3 G7"));
  EXPECT_EQ(e.handleLine("list_stones b"), ok("G7 C3"));
  EXPECT_EQ(e.handleLine("fixed_handicap 2"), fail("board not empty"));
  // Handicap stones are not moves.
  EXPECT_EQ(e.handleLine("undo"), fail("cannot undo"));

  GtpEngine nine = engine(19);
  EXPECT_EQ(nine.handleLine("fixed_handicap 9"), ok("D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"));
  GtpEngine small = engine(5);
  EXPECT_EQ(small.handleLine("fixed_handicap 2"), fail("invalid number of stones"));
  GtpEngine played = engine(9);
  sendAll(played, {"play w E5"});
  EXPECT_EQ(played.handleLine("fixed_handicap 3"), fail("board not empty"));
}

TEST(GtpEngine, HandicapThenWhiteToMove) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("fixed_handicap 4"), ok("C3 G7 C7 G3"));
  const std::string reply = e.handleLine("genmove w");
  ASSERT_EQ(reply.substr(0, 2), "= ") << reply;
  const std::string vertex = reply.substr(2, reply.size() - 4);
  const auto p = parsePoint(vertex, 9);
  ASSERT_TRUE(p.has_value()) << vertex;
  ASSERT_NE(*p, kPass);
  EXPECT_EQ(e.board().at(*p), Color::White);
  EXPECT_EQ(e.handleLine("list_stones w"), ok(vertex));
  EXPECT_EQ(e.handleLine(vertex == "E5" ? "play b E6" : "play b E5"), ok());
  // Undo takes back White's move but keeps the handicap.
  EXPECT_EQ(e.handleLine("undo"), ok());
  EXPECT_EQ(e.handleLine("undo"), ok());
  EXPECT_EQ(e.board().stoneCount(Color::Black), 4);
  EXPECT_EQ(e.board().stoneCount(Color::White), 0);
  EXPECT_EQ(e.handleLine("undo"), fail("cannot undo"));
}

TEST(GtpEngine, FinalScoreOfASmallPosition) {
  // 5 . . X O .
  // 4 . . X O .
  // 3 . . X O .
  // 2 . . X O .
  // 1 . . X O .
  GtpEngine e = engine(5);
  for (int row = 1; row <= 5; ++row)
    sendAll(e, {"play b C" + std::to_string(row), "play w D" + std::to_string(row)});
  // Black 5 stones + 10 points, White 5 stones + 5 points.
  EXPECT_EQ(e.handleLine("komi 0"), ok());
  EXPECT_EQ(e.handleLine("final_score"), ok("B+5"));
  EXPECT_EQ(e.handleLine("komi 7.5"), ok());
  EXPECT_EQ(e.handleLine("final_score"), ok("W+2.5"));
  EXPECT_EQ(e.handleLine("komi 5"), ok());
  EXPECT_EQ(e.handleLine("final_score"), ok("0"));
  EXPECT_EQ(e.handleLine("komi 1.5"), ok());
  EXPECT_EQ(e.handleLine("final_score"), ok("B+3.5"));
  // A white stone inside Black's area makes it neutral: no dead-stone removal.
  sendAll(e, {"play w A3"});
  EXPECT_EQ(e.handleLine("komi 0"), ok());
  EXPECT_EQ(e.handleLine("final_score"), ok("W+6"));  // 5 stones against 6 + 5
}

TEST(GtpEngine, FinalScoreOfAnEmptyBoardIsKomi) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("final_score"), ok("W+7.5"));
}

TEST(GtpEngine, Showboard) {
  GtpEngine e = engine(5);
  sendAll(e, {"play b A1", "play w E5"});
  const std::string reply = e.handleLine("showboard");
  ASSERT_EQ(reply.substr(0, 3), "= \n") << reply;
  ASSERT_EQ(reply.substr(reply.size() - 2), "\n\n");
  const std::string body = reply.substr(3, reply.size() - 5);
  EXPECT_EQ(body.find("\n\n"), std::string::npos) << "a blank line would end the response";
  EXPECT_NE(body.find(" 5 . . . . O 5"), std::string::npos) << body;
  EXPECT_NE(body.find(" 1 X . . . . 1"), std::string::npos) << body;
  EXPECT_NE(body.find("A B C D E"), std::string::npos) << body;
}

TEST(GtpEngine, ListStones) {
  GtpEngine e = engine(9);
  EXPECT_EQ(e.handleLine("list_stones black"), ok(""));
  sendAll(e, {"play b A1", "play b J9", "play b E5", "play w D4"});
  EXPECT_EQ(e.handleLine("list_stones black"), ok("J9 E5 A1"));
  EXPECT_EQ(e.handleLine("list_stones WHITE"), ok("D4"));
  EXPECT_EQ(e.handleLine("list_stones"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("list_stones green"), fail("syntax error"));
}

TEST(GtpEngine, GenmovePlaysLegalMovesUntilOnlyEyesAreLeft) {
  GtpEngine e = engine(5, KoRule::PositionalSuperko, Topology::Planar, 7);
  Color c = Color::Black;
  int passes_in_a_row = 0;
  for (int turn = 0; turn < 2000 && passes_in_a_row < 2; ++turn) {
    const std::string reply =
        e.handleLine(std::string("genmove ") + (c == Color::Black ? "b" : "w"));
    ASSERT_EQ(reply.substr(0, 2), "= ") << reply;
    const std::string vertex = reply.substr(2, reply.size() - 4);
    const auto p = parsePoint(vertex, 5);
    ASSERT_TRUE(p.has_value()) << vertex;
    if (*p == kPass) {
      ++passes_in_a_row;
    } else {
      passes_in_a_row = 0;
      EXPECT_EQ(e.board().at(*p), c) << vertex << "\n" << e.board().toAsciiLabelled();
    }
    ASSERT_TRUE(e.board().checkConsistency().empty()) << e.board().checkConsistency();
    c = opponent(c);
  }
  EXPECT_EQ(passes_in_a_row, 2) << e.board().toAsciiLabelled();
  // At the end no legal non-eye move is left for either colour.
  for (Color col : {Color::Black, Color::White})
    for (Point p = 0; p < 25; ++p)
      EXPECT_FALSE(e.isLegal(col, p) && !e.board().isOnePointEye(col, p))
          << pointName(p, 5) << "\n"
          << e.board().toAsciiLabelled();
}

TEST(GtpEngine, GenmovePassesRatherThanFillItsOwnEye) {
  // Black everywhere but two separate eyes at A1 and E5.
  GtpEngine e = engine(5);
  for (Point p = 0; p < 25; ++p) {
    const std::string v = pointName(p, 5);
    if (v == "A1" || v == "E5") continue;
    ASSERT_EQ(e.handleLine("play b " + v), ok()) << v;
  }
  EXPECT_EQ(e.handleLine("genmove b"), ok("pass"));
  EXPECT_EQ(e.handleLine("genmove w"), ok("pass"));  // both eyes are suicide for White
  EXPECT_EQ(e.movesPlayed(), 25);                    // the passes were recorded
  EXPECT_EQ(e.handleLine("undo"), ok());
  EXPECT_EQ(e.movesPlayed(), 24);
}

TEST(GtpEngine, GenmoveIsSeedable) {
  auto game = [](uint64_t seed) {
    GtpEngine e = engine(9, KoRule::PositionalSuperko, Topology::Planar, seed);
    std::string moves;
    for (int i = 0; i < 30; ++i) moves += e.handleLine(i % 2 ? "genmove w" : "genmove b");
    return moves;
  };
  EXPECT_EQ(game(11), game(11));
  EXPECT_NE(game(11), game(12));
}

TEST(GtpEngine, GenmoveSyntax) {
  GtpEngine e;
  EXPECT_EQ(e.handleLine("genmove"), fail("syntax error"));
  EXPECT_EQ(e.handleLine("genmove purple"), fail("syntax error"));
  EXPECT_EQ(e.movesPlayed(), 0);
}

TEST(GtpEngine, GenmoveOnTheTorus) {
  GtpEngine e = engine(5, KoRule::Simple, Topology::Torus, 3);
  for (int i = 0; i < 60; ++i) {
    const std::string reply = e.handleLine(i % 2 ? "genmove white" : "genmove black");
    ASSERT_EQ(reply.substr(0, 2), "= ") << reply;
    ASSERT_TRUE(e.board().checkConsistency().empty());
  }
}

TEST(GtpEngine, Quit) {
  GtpEngine e;
  EXPECT_FALSE(e.quitRequested());
  EXPECT_EQ(e.handleLine("9 quit"), "=9\n\n");
  EXPECT_TRUE(e.quitRequested());
}

TEST(GtpEngine, RunStopsAtQuit) {
  GtpEngine e = engine(9);
  std::istringstream in("# a session\n1 name\n\nplay b D4\nquit\nname\n");
  std::ostringstream out;
  e.run(in, out);
  EXPECT_EQ(out.str(), "=1 phantomgo\n\n=\n\n=\n\n");
  EXPECT_TRUE(e.quitRequested());
}

TEST(GtpEngine, RunStopsAtEndOfInput) {
  GtpEngine e = engine(9);
  std::istringstream in("boardsize 3\nprotocol_version");
  std::ostringstream out;
  e.run(in, out);
  EXPECT_EQ(out.str(), "? unacceptable size\n\n= 2\n\n");
  EXPECT_FALSE(e.quitRequested());
}

}  // namespace
}  // namespace pg
