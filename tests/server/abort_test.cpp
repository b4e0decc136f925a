// Aborting a game before each side has moved once, and the first moves of an online game with a
// live clock: the clock waits for them, the player on turn has the first-move time instead, and
// a first move that does not come aborts the game. An aborted game has no result (no winner, no
// loss: SGF RE[Void]); refusals change nothing.
#include <thread>

#include "game_driver.h"

namespace pg::test {
namespace {

class AbortTest : public OnlineTest {
 protected:
  /// The result in the last event of `seat` on `c` (its end event).
  static Json resultOf(Client& c, const std::string& seat) {
    return c.seat(seat).events().back().at("reveal").at("result");
  }
  /// Sends `cmd` and expects the refusal `code`.
  static void refused(Client& c, const Json& cmd, const std::string& code) {
    c.send(cmd);
    EXPECT_EQ(c.nextError().value("code", ""), code) << cmd.dump();
  }
  /// The next clock frame on `c` for which pred holds.
  static Json nextClock(
      Client& c, const std::function<bool(const Json&)>& pred = [](const Json&) { return true; }) {
    return c.until([&](const Json& m) { return m.value("type", "") == "clock" && pred(m); });
  }
  static Json fischer(double main_seconds) {
    return Json{{"rules", Json{{"size", 5}}},
                {"clock", Json{{"main_seconds", main_seconds}, {"increment_seconds", 0}}}};
  }
};

TEST_F(AbortTest, EitherPlayerMayAbortBeforeEachSideHasMovedOnce) {
  Online g = online();
  // At move 0, Black, on turn, aborts.
  const auto events = act(*g.black, Json{{"type", "abort"}}, g.all());
  for (const Json& e : events) {
    EXPECT_EQ(e.at("event").at("kind"), "abort");
    EXPECT_EQ(e.at("event").at("player"), "black");
    EXPECT_FALSE(e.at("event").contains("point"));
  }
  for (const Listener& l : g.all()) {
    const Json result = resultOf(*l.client, l.seat);
    EXPECT_TRUE(result.at("winner").is_null()) << l.seat;
    EXPECT_EQ(result.at("reason"), "aborted");
  }
  const Json& turns = g.white->seat("white").events().back().at("reveal").at("turns");
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(turns[0].at("end"), "aborted");
  refused(*g.white, Json{{"type", "abort"}}, "game-over");
  EXPECT_EQ(http("GET", "/api/tables/" + g.id()).json().at("result").at("reason"), "aborted");
  const HttpResult sgf = http("GET", "/api/games/" + g.id() + "/sgf");
  ASSERT_EQ(sgf.status, 200);
  EXPECT_NE(sgf.body.find("RE[Void]"), std::string::npos) << sgf.body;
  EXPECT_NE(sgf.body.find("Black aborted the game."), std::string::npos) << sgf.body;
}

TEST_F(AbortTest, WhiteAbortsAfterBlacksFirstStoneAndTheStoryKeepsIt) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "try"}, {"point", "C3"}}, g.all());  // rejected: Black's stone
  act(*g.white, Json{{"type", "abort"}}, g.all());
  const Json& reveal = g.spectator->seat("spectator").events().back().at("reveal");
  EXPECT_EQ(reveal.at("result").at("reason"), "aborted");
  EXPECT_TRUE(reveal.at("result").at("winner").is_null());
  const Json& turns = reveal.at("turns");
  ASSERT_EQ(turns.size(), 2u);
  EXPECT_EQ(turns[0].at("end"), "stone");
  EXPECT_EQ(turns[1].at("player"), "white");
  EXPECT_EQ(turns[1].at("rejected"), Json::array({"C3"}));
  EXPECT_EQ(turns[1].at("end"), "aborted");
}

TEST_F(AbortTest, BlackMayAbortOffTurnBeforeWhitesFirstMove) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.black, Json{{"type", "abort"}}, g.all());  // White is on turn
  const Json& turns = g.black->seat("black").events().back().at("reveal").at("turns");
  ASSERT_EQ(turns.size(), 2u);  // Black's stone, Black's abort (White had tried nothing)
  EXPECT_EQ(turns[1].at("player"), "black");
  EXPECT_EQ(turns[1].at("end"), "aborted");
}

TEST_F(AbortTest, TooLateOnceEachSideHasMovedAndResignationStillWorks) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "pass"}}, g.all());  // a pass is a move
  const int before = g.black->seat("black").version();
  refused(*g.black, Json{{"type", "abort"}}, "too-late-to-abort");
  refused(*g.white, Json{{"type", "abort"}}, "too-late-to-abort");
  refused(*g.spectator, Json{{"type", "abort"}}, "spectator");
  EXPECT_EQ(http("GET", "/api/tables/" + g.id()).json().at("state"), "playing");
  act(*g.black, Json{{"type", "resign"}}, g.all());
  EXPECT_EQ(g.black->seat("black").version(), before + 2);  // the resignation and the end
  EXPECT_EQ(resultOf(*g.white, "white").at("winner"), "white");
}

TEST_F(AbortTest, BeforeTheOpponentHasJoined) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "online"}});
  auto black = joinSeat(table, "black");
  refused(*black, Json{{"type", "pass"}}, "not-started");
  black->send(Json{{"type", "abort"}});
  EXPECT_EQ(black->nextEvent("black").at("event").at("kind"), "abort");
  EXPECT_EQ(black->nextEvent("black").at("event").at("kind"), "end");
  EXPECT_EQ(resultOf(*black, "black").at("reason"), "aborted");
  EXPECT_EQ(http("GET", "/api/tables/" + table.at("table").get<std::string>()).json().at("state"),
            "over");
}

TEST_F(AbortTest, OnAHotSeatTheSeatSaysWho) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "hotseat"}});
  auto hot = joinSeat(table, "hotseat");
  std::vector<Listener> ls{{hot.get(), "black"}, {hot.get(), "white"}};
  act(*hot, Json{{"type", "try"}, {"point", "C3"}}, ls);
  const auto events = act(*hot, Json{{"type", "abort"}, {"seat", "black"}}, ls);
  EXPECT_EQ(events[0].at("event").at("kind"), "abort");
  EXPECT_EQ(events[0].at("event").at("player"), "black");
}

TEST_F(AbortTest, TheClockWaitsForEachSidesFirstMoveThenRuns) {
  Online g = online(fischer(60));
  const Json at_start = nextClock(*g.black);
  EXPECT_TRUE(at_start.at("running").is_null());
  EXPECT_EQ(at_start.at("black_ms"), 60000);
  EXPECT_EQ(at_start.at("first_move").at("player"), "black");
  EXPECT_LE(at_start.at("first_move").at("left_ms").get<int64_t>(), settings_.first_move_ms);
  EXPECT_GT(at_start.at("first_move").at("left_ms").get<int64_t>(), 0);
  const Json info = http("GET", "/api/tables/" + g.id()).json();
  EXPECT_EQ(info.at("first_move_ms"), settings_.first_move_ms);
  EXPECT_TRUE(info.at("deadline").is_null());

  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  const Json after_black = nextClock(*g.white);
  EXPECT_TRUE(after_black.at("running").is_null());
  EXPECT_EQ(after_black.at("black_ms"), 60000);  // nothing charged
  EXPECT_EQ(after_black.at("first_move").at("player"), "white");

  act(*g.white, Json{{"type", "try"}, {"point", "B2"}}, g.all());
  const Json running = nextClock(*g.black);
  EXPECT_EQ(running.at("running"), "black");
  EXPECT_FALSE(running.contains("first_move"));
  EXPECT_EQ(running.at("white_ms"), 60000);
  EXPECT_TRUE(http("GET", "/api/tables/" + g.id()).json().at("deadline").is_number());
}

TEST_F(AbortTest, AfterARestartTheClockStillWaitsForTheFirstMovesThenRuns) {
  Online g = online(fischer(60));
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  g = Online{g.table, nullptr, nullptr, nullptr};
  server_.reset();
  startServer();  // the same file: the table is replayed from its log
  auto white = joinSeat(g.table, "white");
  Json clock;
  for (const Json& m : white->received())
    if (m.value("type", "") == "clock") clock = m;
  ASSERT_FALSE(clock.is_null());
  EXPECT_TRUE(clock.at("running").is_null());
  EXPECT_EQ(clock.at("first_move").at("player"), "white");
  EXPECT_EQ(clock.at("black_ms"), 60000);
  white->send(Json{{"type", "try"}, {"point", "B2"}});
  EXPECT_EQ(white->nextEvent("white").at("event").at("kind"), "stone");
  const Json running = nextClock(*white);
  EXPECT_EQ(running.at("running"), "black");
  EXPECT_EQ(running.at("white_ms"), 60000);
  EXPECT_FALSE(running.contains("first_move"));
}

TEST_F(AbortTest, NoFirstMoveWaitingForTablesWithoutALiveClockOnline) {
  // Correspondence: the days run from the start; no first-move time.
  Online c = online(Json{{"rules", Json{{"size", 5}}}, {"clock", Json{{"days_per_move", 1}}}});
  const Json corr = nextClock(*c.black);
  EXPECT_EQ(corr.at("running"), "black");
  EXPECT_FALSE(corr.contains("first_move"));
  EXPECT_TRUE(http("GET", "/api/tables/" + c.id()).json().at("first_move_ms").is_null());
  // Against the computer the clock runs from the start too.
  const Json table = create(Json{{"rules", Json{{"size", 5}}},
                                 {"mode", "computer"},
                                 {"computer", Json{{"color", "white"}, {"strength", "beginner"}}},
                                 {"clock", Json{{"main_seconds", 60}, {"increment_seconds", 0}}}});
  auto human = joinSeat(table, "black");
  Json clock;  // the start's clock frame may come before the join's reply ends
  for (const Json& m : human->received())
    if (m.value("type", "") == "clock") clock = m;
  if (clock.is_null()) clock = nextClock(*human);
  EXPECT_EQ(clock.at("running"), "black");
  EXPECT_FALSE(clock.contains("first_move"));
}

class FirstMoveTest : public AbortTest {
 protected:
  static constexpr int64_t kFirstMoveMs = 300;
  void SetUp() override {
    ServerTest::SetUp();
    server_.reset();
    settings_.first_move_ms = kFirstMoveMs;
    startServer();
  }
};

TEST_F(FirstMoveTest, NoFirstMoveInTimeAbortsTheGame) {
  const auto start = std::chrono::steady_clock::now();
  Online g = online(fischer(0.2));  // shorter than the first-move time: it must not run
  EXPECT_EQ(http("GET", "/api/tables/" + g.id()).json().at("first_move_ms"), kFirstMoveMs);
  for (const Listener& l : g.all()) {
    const Json e = l.client->nextEvent(l.seat).at("event");
    EXPECT_EQ(e.at("kind"), "no-show") << l.seat;
    EXPECT_EQ(e.at("player"), "black");
    EXPECT_EQ(l.client->nextEvent(l.seat).at("event").at("kind"), "end");
    const Json result = resultOf(*l.client, l.seat);
    EXPECT_TRUE(result.at("winner").is_null());
    EXPECT_EQ(result.at("reason"), "aborted");
  }
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(kFirstMoveMs));
  const Json& turns = g.black->seat("black").events().back().at("reveal").at("turns");
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(turns[0].at("end"), "no-show");
  const Json last = nextClock(*g.white, [](const Json& m) { return !m.contains("first_move"); });
  EXPECT_TRUE(last.at("running").is_null());
  EXPECT_EQ(last.at("black_ms"), 200);  // never charged
  const HttpResult sgf = http("GET", "/api/games/" + g.id() + "/sgf");
  EXPECT_NE(sgf.body.find("RE[Void]"), std::string::npos) << sgf.body;
}

TEST_F(FirstMoveTest, WhitesFirstMoveHasItsOwnTimeAndRejectedTriesDoNotCount) {
  Online g = online(fischer(60));
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "try"}, {"point", "C3"}}, g.all());  // rejected: no move
  for (const Listener& l : g.all()) {
    const Json e = l.client->nextEvent(l.seat).at("event");
    EXPECT_EQ(e.at("kind"), "no-show") << l.seat;
    EXPECT_EQ(e.at("player"), "white");
    EXPECT_EQ(l.client->nextEvent(l.seat).at("event").at("kind"), "end");
  }
  EXPECT_EQ(resultOf(*g.spectator, "spectator").at("reason"), "aborted");
}

TEST_F(FirstMoveTest, OnceEachSideHasMovedTheClockRulesAlone) {
  Online g = online(fischer(60));
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "try"}, {"point", "B2"}}, g.all());
  // Well past the first-move time: Black's clock runs, and nothing ends the game.
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * kFirstMoveMs));
  act(*g.black, Json{{"type", "try"}, {"point", "D4"}}, g.all());
  EXPECT_FALSE(g.black->seat("black").over());
  EXPECT_EQ(http("GET", "/api/tables/" + g.id()).json().at("state"), "playing");
}

}  // namespace
}  // namespace pg::test
