// Abandoned games: on an online table without a clock, once the player on turn has had no
// connection for the abandon time, the opponent may end the game: a win after two moves, no
// result before. The public info says when; refusals change nothing.
#include <thread>

#include "game_driver.h"

namespace pg::test {
namespace {

constexpr int64_t kAbandonMs = 300;

class AbandonTest : public OnlineTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    server_.reset();
    settings_.abandon_after_ms = kAbandonMs;
    startServer();
  }

  /// Sends a claim and expects the refusal `code`.
  static void refused(Client& c, const std::string& code) {
    c.send(Json{{"type", "claim-abandoned"}});
    EXPECT_EQ(c.nextError().value("code", ""), code);
  }
};

TEST_F(AbandonTest, AWinOnceThePlayerOnTurnHasBeenAwayLongEnough) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "try"}, {"point", "B2"}}, g.all());
  act(*g.black, Json{{"type", "try"}, {"point", "D4"}}, g.all());
  // White is on turn and goes away.
  const auto left = std::chrono::steady_clock::now();
  g.white->drop();
  const Json away = g.black->nextInfo(
      [](const Json& i) { return !i.at("seats").at("white").at("connected").get<bool>(); });
  EXPECT_EQ(away.at("abandon_after_ms"), kAbandonMs);
  EXPECT_TRUE(away.at("seats").at("white").at("away_since").is_number());
  EXPECT_TRUE(away.at("seats").at("black").at("away_since").is_null());
  EXPECT_TRUE(away.at("claim_at").is_number());
  EXPECT_TRUE(away.at("may_claim").is_null());
  refused(*g.black, "not-abandoned");  // too early

  // The info says when Black may end it, without anyone sending anything.
  const Json ready = g.black->nextInfo([](const Json& i) { return i.at("may_claim") == "black"; });
  EXPECT_GE(std::chrono::steady_clock::now() - left, std::chrono::milliseconds(kAbandonMs));
  EXPECT_EQ(ready.at("claim_at"), away.at("claim_at"));
  refused(*g.spectator, "spectator");

  g.black->send(Json{{"type", "claim-abandoned"}});
  for (Client* c : {g.black.get(), g.spectator.get()}) {
    const std::string seat = c == g.black.get() ? "black" : "spectator";
    const Json e = c->nextEvent(seat).at("event");
    EXPECT_EQ(e.at("kind"), "abandon");
    EXPECT_EQ(e.at("player"), "white");
    EXPECT_FALSE(e.contains("point"));
    const Json end = c->nextEvent(seat).at("event");
    EXPECT_EQ(end.at("kind"), "end");
    EXPECT_EQ(end.at("reveal").at("result").at("winner"), "black");
    EXPECT_EQ(end.at("reveal").at("result").at("reason"), "abandoned");
    EXPECT_EQ(end.at("reveal").at("turns").back().at("end"), "abandoned");
  }
  const std::string id = g.table.at("table").get<std::string>();
  EXPECT_EQ(http("GET", "/api/games/" + id).json().at("result").at("reason"), "abandoned");
  const std::string sgf = http("GET", "/api/games/" + id + "/sgf").body;
  EXPECT_NE(sgf.find("RE[B+F]"), std::string::npos) << sgf;
  refused(*g.black, "game-over");

  // White comes back to the finished game and hears the story from where it left.
  auto white = joinSeat(g.table, "white", Json(3), {g.white->seat("white")});
  const SeatTracker& t = white->seat("white");
  ASSERT_TRUE(t.over());
  ASSERT_GE(t.events().size(), 2u);
  EXPECT_EQ(t.events()[t.events().size() - 2].at("kind"), "abandon");
  EXPECT_EQ(t.events().back().at("reveal").at("result").at("winner"), "black");
}

TEST_F(AbandonTest, BeforeTheSecondMoveTheGameEndsWithoutAResult) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  g.white->drop();
  g.black->nextInfo([](const Json& i) { return i.at("may_claim") == "black"; });
  g.black->send(Json{{"type", "claim-abandoned"}});
  EXPECT_EQ(g.black->nextEvent("black").at("event").at("kind"), "abandon");
  const Json end = g.black->nextEvent("black").at("event");
  EXPECT_TRUE(end.at("reveal").at("result").at("winner").is_null());
  EXPECT_EQ(end.at("reveal").at("result").at("reason"), "abandoned");
  const std::string id = g.table.at("table").get<std::string>();
  EXPECT_NE(http("GET", "/api/games/" + id + "/sgf").body.find("RE[Void]"), std::string::npos);
}

TEST_F(AbandonTest, OnlyThePlayerOnTurnCanBeClaimedAgainst) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "try"}, {"point", "B2"}}, g.all());
  // Black, on turn, is here; White leaves while Black thinks: nothing to claim for anyone.
  g.white->drop();
  g.black->nextInfo(
      [](const Json& i) { return !i.at("seats").at("white").at("connected").get<bool>(); });
  EXPECT_TRUE(http("GET", "/api/tables/" + g.table.at("table").get<std::string>())
                  .json()
                  .at("claim_at")
                  .is_null());
  std::this_thread::sleep_for(std::chrono::milliseconds(2 * kAbandonMs));
  refused(*g.black, "not-abandoned");
  // Once Black moves, White's turn starts: the time counts from then, not from when White left.
  act(*g.black, Json{{"type", "try"}, {"point", "D4"}},
      {{g.black.get(), "black"}, {g.spectator.get(), "spectator"}});
  refused(*g.black, "not-abandoned");
  g.black->nextInfo([](const Json& i) { return i.at("may_claim") == "black"; });
}

TEST_F(AbandonTest, ComingBackInTimeKeepsTheGame) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  g.white->drop();
  g.black->nextInfo([](const Json& i) { return i.at("claim_at").is_number(); });
  auto white = joinSeat(g.table, "white", Json(1), {g.white->seat("white")});
  const Json back = g.black->nextInfo(
      [](const Json& i) { return i.at("seats").at("white").at("connected").get<bool>(); });
  EXPECT_TRUE(back.at("claim_at").is_null());
  EXPECT_TRUE(back.at("seats").at("white").at("away_since").is_null());
  std::this_thread::sleep_for(std::chrono::milliseconds(2 * kAbandonMs));
  refused(*g.black, "not-abandoned");
  act(*white, Json{{"type", "try"}, {"point", "B2"}},
      {{g.black.get(), "black"}, {white.get(), "white"}});
}

TEST_F(AbandonTest, AClockOrTheComputerDecidesInstead) {
  // With a clock, the clock decides: the rule is off.
  Online timed = online(Json{{"rules", Json{{"size", 5}}},
                             {"clock", Json{{"main_seconds", 600}, {"increment_seconds", 0}}}});
  timed.white->drop();
  const Json info = timed.black->nextInfo(
      [](const Json& i) { return !i.at("seats").at("white").at("connected").get<bool>(); });
  EXPECT_TRUE(info.at("abandon_after_ms").is_null());
  EXPECT_TRUE(info.at("claim_at").is_null());
  act(*timed.black, Json{{"type", "try"}, {"point", "C3"}},
      {{timed.black.get(), "black"}, {timed.spectator.get(), "spectator"}});
  std::this_thread::sleep_for(std::chrono::milliseconds(2 * kAbandonMs));
  refused(*timed.black, "not-abandoned");

  const Json computer = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "computer"}});
  EXPECT_TRUE(computer.at("info").at("abandon_after_ms").is_null());
  const Json hotseat = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "hotseat"}});
  EXPECT_TRUE(hotseat.at("info").at("abandon_after_ms").is_null());
}

TEST_F(AbandonTest, ClaimOfAWaitingTableIsRefused) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}});
  auto black = joinSeat(table, "black");
  std::this_thread::sleep_for(std::chrono::milliseconds(2 * kAbandonMs));
  refused(*black, "not-abandoned");  // White never came: the game has not started
  EXPECT_EQ(http("GET", "/api/tables/" + table.at("table").get<std::string>()).json().at("state"),
            "waiting");
}

}  // namespace
}  // namespace pg::test
