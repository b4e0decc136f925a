// The correspondence clock through the real server: a table created with days per move, its
// clock message and public info, the time set back to the full days after each turn, the time
// kept over a restart, and the create requests that are refused.
#include <thread>

#include "game_driver.h"

namespace pg::test {
namespace {

constexpr int64_t kDayMs = 24LL * 60 * 60 * 1000;

class CorrespondenceTest : public ServerTest {
 protected:
  static Json nextClock(Client& c) {
    return c.until([](const Json& m) { return m.value("type", "") == "clock"; });
  }
  static Json lastClock(const Client& c) {
    Json last;
    for (const Json& m : c.received())
      if (m.value("type", "") == "clock") last = m;
    return last;
  }
  /// The next info frame's info whose state is `state` (the info follows the clock message).
  static Json nextInfo(Client& c, const std::string& state) {
    return c
        .until([&](const Json& m) {
          return m.value("type", "") == "info" && m.at("info").value("state", "") == state;
        })
        .at("info");
  }
  Json info(const Json& table) {
    return http("GET", "/api/tables/" + table.at("table").get<std::string>()).json();
  }
};

TEST_F(CorrespondenceTest, DaysPerMoveResetAfterEachTurn) {
  const Json table =
      create(Json{{"rules", Json{{"size", 5}}}, {"clock", Json{{"days_per_move", 3}}}});
  const Json want_setup{{"kind", "correspondence"}, {"days_per_move", 3}};
  EXPECT_EQ(table.at("info").at("clock"), want_setup);
  EXPECT_TRUE(table.at("info").at("deadline").is_null());  // not started

  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  std::vector<Listener> ls{{black.get(), "black"}, {white.get(), "white"}};
  const Json started = lastClock(*white);
  ASSERT_FALSE(started.is_null());
  EXPECT_EQ(started.at("kind"), "correspondence");
  EXPECT_EQ(started.at("days_per_move"), 3);
  EXPECT_EQ(started.at("main_ms"), 3 * kDayMs);
  EXPECT_EQ(started.at("increment_ms"), 0);
  EXPECT_EQ(started.at("running"), "black");
  EXPECT_EQ(started.at("white_ms"), 3 * kDayMs);

  const Json playing = nextInfo(*white, "playing");
  EXPECT_EQ(info(table), playing);
  EXPECT_EQ(playing.at("clock"), want_setup);
  EXPECT_EQ(playing.at("state"), "playing");
  EXPECT_EQ(playing.at("to_move"), "black");
  const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  const int64_t deadline = playing.at("deadline").get<int64_t>();
  EXPECT_LE(deadline, now + 3 * kDayMs);
  EXPECT_GT(deadline, now + 3 * kDayMs - 60000);

  std::this_thread::sleep_for(50ms);  // some of Black's time goes by
  act(*black, Json{{"type", "try"}, {"point", "C3"}}, ls);
  const Json after_black = nextClock(*white);
  EXPECT_EQ(after_black.at("running"), "white");
  EXPECT_EQ(after_black.at("black_ms"), 3 * kDayMs);  // back to the full days, no more
  EXPECT_LE(after_black.at("white_ms"), 3 * kDayMs);

  // An illegal try keeps White's time running; a legal one sets it back.
  act(*white, Json{{"type", "try"}, {"point", "C3"}}, ls);
  EXPECT_EQ(nextClock(*white).at("running"), "white");
  std::this_thread::sleep_for(50ms);
  act(*white, Json{{"type", "try"}, {"point", "B2"}}, ls);
  const Json after_white = nextClock(*black);
  EXPECT_EQ(after_white.at("running"), "black");
  EXPECT_EQ(after_white.at("white_ms"), 3 * kDayMs);
  const Json turn_info = nextInfo(*black, "playing");
  EXPECT_EQ(turn_info.at("to_move"), "black");
  EXPECT_GT(turn_info.at("deadline").get<int64_t>(), deadline);

  // At the end the clock stops and the info has no deadline.
  act(*black, Json{{"type", "resign"}}, ls);
  const Json stopped = nextClock(*white);
  EXPECT_TRUE(stopped.at("running").is_null());
  const Json over = nextInfo(*white, "over");
  EXPECT_TRUE(over.at("deadline").is_null());
  EXPECT_EQ(info(table), over);
  const Json story = http("GET", "/api/games/" + table.at("table").get<std::string>()).json();
  EXPECT_EQ(story.at("clock"), want_setup);
}

TEST_F(CorrespondenceTest, FischerFormsKeepTheirFieldsAndSayTheirKind) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}},
                                 {"clock", Json{{"main_seconds", 60}, {"increment_seconds", 2}}}});
  const Json& c = table.at("info").at("clock");
  EXPECT_EQ(c.at("kind"), "fischer");
  EXPECT_EQ(c.at("main_seconds"), 60);
  EXPECT_EQ(c.at("increment_seconds"), 2);
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  const Json clock = lastClock(*white);
  EXPECT_EQ(clock.at("kind"), "fischer");
  EXPECT_EQ(clock.at("main_ms"), 60000);
  EXPECT_EQ(clock.at("increment_ms"), 2000);
  EXPECT_FALSE(clock.contains("days_per_move"));
  // A live clock online waits for each side's first move (abort_test.cpp): no deadline yet.
  EXPECT_TRUE(nextInfo(*white, "playing").at("deadline").is_null());
}

TEST_F(CorrespondenceTest, RestartDoesNotChargeTheDowntime) {
  const Json table =
      create(Json{{"rules", Json{{"size", 5}}}, {"clock", Json{{"days_per_move", 1}}}});
  {
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    act(*black, Json{{"type", "try"}, {"point", "C3"}}, {{black.get(), "black"}});
  }
  server_.reset();
  std::this_thread::sleep_for(1500ms);  // downtime: not charged
  startServer();
  auto white = joinSeat(table, "white");
  const Json clock = lastClock(*white);
  ASSERT_FALSE(clock.is_null());
  EXPECT_EQ(clock.at("kind"), "correspondence");
  EXPECT_EQ(clock.at("running"), "white");
  EXPECT_EQ(clock.at("black_ms"), kDayMs);
  EXPECT_GT(clock.at("white_ms").get<int64_t>(), kDayMs - 1000);
  EXPECT_EQ(info(table).at("clock").at("days_per_move"), 1);
}

TEST_F(CorrespondenceTest, BadClocksAreRefusedWithAReason) {
  const std::vector<std::pair<Json, std::string>> bad{
      {Json{{"days_per_move", 4}}, "'days_per_move' must be 1, 2, 3 or 7"},
      {Json{{"days_per_move", 0}}, "'days_per_move' must be 1, 2, 3 or 7"},
      {Json{{"days_per_move", 2.5}}, "'days_per_move' must be 1, 2, 3 or 7"},
      {Json{{"days_per_move", "3"}}, "'days_per_move' must be 1, 2, 3 or 7"},
      {Json{{"days_per_move", 3}, {"main_seconds", 600}},
       "'days_per_move' may not be mixed with 'main_seconds' or 'increment_seconds'"},
      {Json{{"days_per_move", 3}, {"increment_seconds", 5}},
       "'days_per_move' may not be mixed with 'main_seconds' or 'increment_seconds'"},
      {Json{{"kind", "correspondence"}}, "missing clock field 'days_per_move'"},
      {Json{{"kind", "fischer"}, {"days_per_move", 3}},
       "'days_per_move' is only for a correspondence clock"},
      {Json{{"kind", "hourglass"}}, "the clock's 'kind' must be fischer or correspondence"},
  };
  for (const auto& [clock, message] : bad) {
    const HttpResult r = http("POST", "/api/tables", Json{{"clock", clock}}.dump());
    EXPECT_EQ(r.status, 400) << clock.dump();
    const Json j = r.json();
    EXPECT_EQ(j.at("error").at("code"), "bad-request") << clock.dump();
    EXPECT_NE(j.at("error").at("message").get<std::string>().find(message), std::string::npos)
        << j.dump();
  }
}

}  // namespace
}  // namespace pg::test
