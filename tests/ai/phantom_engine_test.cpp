// Our engine side of the protocol: it answers the referee's commands and never repeats a try.
#include <gtest/gtest.h>

#include <set>

#include "ai/phantom_engine.h"
#include "rules/types.h"

namespace pg {
namespace {

PhantomEngineOptions quickOptions() {
  PhantomEngineOptions o;
  o.bot = "default";
  o.limits.playouts = 300;  // enough that a pass on an empty board never comes out on top
  o.limits.threads = 1;
  return o;
}

std::string answerOf(const std::string& resp) {
  EXPECT_EQ(resp.substr(0, 1), "=") << resp;
  EXPECT_EQ(resp.substr(resp.size() - 2), "\n\n");
  const size_t start = resp.find_first_not_of("= ");
  return start == std::string::npos ? "" : resp.substr(start, resp.size() - 2 - start);
}

TEST(PhantomEngine, ATurnWithARejection) {
  PhantomEngine e(quickOptions());
  answerOf(e.handleLine("boardsize 5"));
  answerOf(e.handleLine("clear_board"));
  answerOf(e.handleLine("komi 7.5"));
  std::set<std::string> tried;
  const std::string first = answerOf(e.handleLine("genmove b"));
  ASSERT_TRUE(parsePoint(first, 5).has_value()) << first;
  tried.insert(first);
  answerOf(e.handleLine("phantom_result illegal"));
  for (int i = 0; i < 5; ++i) {
    const std::string again = answerOf(e.handleLine("genmove b"));
    ASSERT_EQ(tried.count(again), 0u) << "tried " << again << " twice";
    tried.insert(again);
    answerOf(e.handleLine("phantom_result illegal"));
  }
  const std::string ok = answerOf(e.handleLine("genmove b"));
  answerOf(e.handleLine("phantom_result legal"));
  answerOf(e.handleLine("phantom_rejected w"));
  answerOf(e.handleLine("phantom_moved w"));
  const std::string next = answerOf(e.handleLine("genmove b"));
  EXPECT_NE(next, ok);  // its own stone is never tried
  answerOf(e.handleLine("phantom_result legal"));
  answerOf(e.handleLine("phantom_moved w " + ok));  // our stone at `ok` was captured
  answerOf(e.handleLine("phantom_passed w"));
  EXPECT_FALSE(answerOf(e.handleLine("genmove b")).empty());
}

TEST(PhantomEngine, ErrorsAndIds) {
  PhantomEngine e(quickOptions());
  EXPECT_EQ(e.handleLine("12 protocol_version"), "=12 2\n\n");
  EXPECT_EQ(e.handleLine("frobnicate").substr(0, 1), "?");
  EXPECT_EQ(e.handleLine("phantom_result legal").substr(0, 1), "?");  // nothing pending
  EXPECT_EQ(e.handleLine("boardsize 4").substr(0, 1), "?");
  EXPECT_EQ(e.handleLine("set_free_handicap A1 B2").substr(0, 1), "?");  // not the fixed points
  EXPECT_EQ(e.handleLine(""), "");
  EXPECT_EQ(e.handleLine("quit"), "=\n\n");
  EXPECT_TRUE(e.quitRequested());
}

TEST(PhantomEngine, HandicapWhiteMovesFirstAndNeverTriesAHandicapStone) {
  PhantomEngine e(quickOptions());
  answerOf(e.handleLine("boardsize 9"));
  answerOf(e.handleLine("set_free_handicap C3 G7"));
  for (int i = 0; i < 20; ++i) {
    const std::string v = answerOf(e.handleLine("genmove w"));
    EXPECT_NE(v, "C3");
    EXPECT_NE(v, "G7");
    // With every try refused and only 50 playouts a pass may come out on top; it ends the turn.
    if (v == "pass") break;
    answerOf(e.handleLine("phantom_result illegal"));
  }
}

}  // namespace
}  // namespace pg
