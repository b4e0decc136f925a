// Whole games through real WebSocket clients against the server in-process: online to two
// passes, resignation, loss on time, hot seat, against the computer, and the rule variants.
#include "game_driver.h"

namespace pg::test {
namespace {

class GameTest : public OnlineTest {
 protected:
  std::string id(const Online& g) { return g.id(); }
};

TEST_F(GameTest, OnlineGameToTwoPasses) {
  Online g = online(Json{{"rules", Json{{"size", 5}}}, {"mode", "online"}});
  EXPECT_EQ(g.table.at("mode"), "online");
  EXPECT_TRUE(g.table.at("seats").contains("black"));
  EXPECT_TRUE(g.table.at("seats").contains("white"));
  EXPECT_NE(g.table.at("watch_url").get<std::string>().find(id(g)), std::string::npos);
  EXPECT_EQ(g.black->seat("black").version(), 0);

  // Before the end, the record is secret.
  EXPECT_EQ(http("GET", "/api/games/" + id(g)).status, 403);
  EXPECT_EQ(http("GET", "/api/games/" + id(g) + "/sgf").status, 403);
  EXPECT_EQ(http("GET", "/api/tables/" + id(g)).json().at("state"), "playing");

  std::mt19937 rng(7);
  for (int i = 0; i < 16; ++i) {
    const std::string on_turn = g.black->seat("black").toMove();
    Client* mover = on_turn == "black" ? g.black.get() : g.white.get();
    act(*mover, randomAction(mover->seat(on_turn), rng, 0.0), g.all());
  }
  for (int i = 0; i < 2; ++i) {
    const std::string on_turn = g.black->seat("black").toMove();
    Client* mover = on_turn == "black" ? g.black.get() : g.white.get();
    act(*mover, Json{{"type", "pass"}}, g.all());
  }
  for (const Listener& l : g.all()) {
    const SeatTracker& t = l.client->seat(l.seat);
    ASSERT_TRUE(t.over()) << l.seat;
    const Json& end = t.events().back();
    EXPECT_EQ(end.at("kind"), "end");
    EXPECT_EQ(end.at("reveal").at("result").at("reason"), "two-passes");
  }
  const HttpResult game = http("GET", "/api/games/" + id(g));
  ASSERT_EQ(game.status, 200) << game.body;
  const Json story = game.json();
  EXPECT_TRUE(story.at("computer").is_null());
  EXPECT_EQ(story.at("result").at("reason"), "two-passes");
  EXPECT_EQ(story.at("reveal"), g.spectator->seat("spectator").events().back().at("reveal"));
  const HttpResult sgf = http("GET", "/api/games/" + id(g) + "/sgf");
  ASSERT_EQ(sgf.status, 200);
  EXPECT_NE(sgf.content_type.find("application/x-go-sgf"), std::string::npos);
  EXPECT_NE(sgf.headers.at("content-disposition").find("attachment"), std::string::npos);
  EXPECT_EQ(sgf.body.rfind("(;FF[4]GM[1]", 0), 0u);
  EXPECT_NE(sgf.body.find("SZ[5]"), std::string::npos);
  EXPECT_NE(sgf.body.find("RE["), std::string::npos);
  EXPECT_EQ(http("GET", "/api/tables/" + id(g)).json().at("state"), "over");
}

TEST_F(GameTest, Resignation) {
  Online g = online(Json{{"rules", Json{{"size", 5}}}});
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  // White resigns on turn; Black may resign off turn too, but the game is over by then.
  act(*g.white, Json{{"type", "resign"}}, g.all());
  const Json& end = g.spectator->seat("spectator").events().back();
  EXPECT_EQ(end.at("reveal").at("result").at("winner"), "black");
  EXPECT_EQ(end.at("reveal").at("result").at("reason"), "resignation");
  g.black->send(Json{{"type", "resign"}});
  EXPECT_EQ(g.black->nextError().at("code"), "game-over");
  const HttpResult sgf = http("GET", "/api/games/" + id(g) + "/sgf");
  EXPECT_NE(sgf.body.find("RE[B+R]"), std::string::npos) << sgf.body;
}

TEST_F(GameTest, ResignOffTurn) {
  Online g = online(Json{{"rules", Json{{"size", 5}}}});
  act(*g.white, Json{{"type", "resign"}}, g.all());  // Black is on turn
  EXPECT_EQ(g.black->seat("black").events().back().at("reveal").at("result").at("winner"), "black");
}

TEST_F(GameTest, LossOnTime) {
  Online g = online(Json{{"rules", Json{{"size", 5}}},
                         {"clock", Json{{"main_seconds", 0.4}, {"increment_seconds", 0}}}});
  // The clock waits until each side has moved once (abort_test.cpp), then runs.
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "try"}, {"point", "B2"}}, g.all());
  const Json clock = g.black->until(
      [](const Json& m) { return m.value("type", "") == "clock" && m.at("running") == "black"; });
  EXPECT_EQ(clock.at("main_ms"), 400);
  EXPECT_FALSE(clock.contains("first_move"));
  const auto start = std::chrono::steady_clock::now();
  for (const Listener& l : g.all()) {
    const Json e = l.client->nextEvent(l.seat);
    EXPECT_EQ(e.at("event").at("kind"), "timeout");
    EXPECT_EQ(e.at("event").at("player"), "black");
    EXPECT_EQ(l.client->nextEvent(l.seat).at("event").at("kind"), "end");
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 3s);
  const Json& end = g.white->seat("white").events().back();
  EXPECT_EQ(end.at("reveal").at("result").at("winner"), "white");
  EXPECT_EQ(end.at("reveal").at("result").at("reason"), "time");
  const Json last_clock =
      g.white->until([](const Json& m) { return m.value("type", "") == "clock"; });
  EXPECT_TRUE(last_clock.at("running").is_null());
  EXPECT_EQ(last_clock.at("black_ms"), 0);
}

TEST_F(GameTest, ClockIncrementAndIllegalTriesKeepRunning) {
  Online g = online(Json{{"rules", Json{{"size", 5}}},
                         {"clock", Json{{"main_seconds", 30}, {"increment_seconds", 2}}}});
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  act(*g.white, Json{{"type", "try"}, {"point", "B2"}}, g.all());  // the clock starts: Black's
  act(*g.black, Json{{"type", "try"}, {"point", "D4"}}, g.all());
  const Json c = g.white->until(
      [](const Json& m) { return m.value("type", "") == "clock" && m.at("running") == "white"; });
  EXPECT_GT(c.at("black_ms").get<int64_t>(), 30000);  // the increment was added
  EXPECT_LE(c.at("black_ms").get<int64_t>(), 32000);
  act(*g.white, Json{{"type", "try"}, {"point", "C3"}}, g.all());  // illegal: still White's turn
  const Json c2 = g.white->until([](const Json& m) { return m.value("type", "") == "clock"; });
  EXPECT_EQ(c2.at("running"), "white");
}

TEST_F(GameTest, HotSeat) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "hotseat"}});
  ASSERT_TRUE(table.at("seats").contains("hotseat"));
  EXPECT_FALSE(table.at("seats").contains("black"));
  auto hot = std::make_unique<Client>(port_, 5);
  const Json joined = hot->join(Json{{"type", "join"},
                                     {"table", table.at("table")},
                                     {"token", table.at("seats").at("hotseat").at("token")}});
  EXPECT_EQ(joined.at("role"), "hotseat");
  EXPECT_EQ(joined.at("seats"), Json::array({"black", "white"}));
  ASSERT_TRUE(hot->holds("black") && hot->holds("white"));
  // A private mark for White while Black is on turn: only White's stream hears of it.
  hot->send(Json{{"type", "mark"}, {"point", "A1"}, {"set", true}, {"seat", "white"}});
  EXPECT_EQ(hot->nextEvent("white").at("event").at("kind"), "mark");
  EXPECT_EQ(hot->seat("black").version(), 0);
  std::vector<Listener> ls{{hot.get(), "black"}, {hot.get(), "white"}};
  std::mt19937 rng(3);
  playOut({{"black", hot.get()}, {"white", hot.get()}}, ls, *hot, "black", rng, 0.15);
  EXPECT_TRUE(hot->seat("black").over());
  EXPECT_TRUE(hot->seat("white").over());
  EXPECT_EQ(hot->seat("black").events().back(), hot->seat("white").events().back());
}

/// Plays as `seat` against the computer until the end, with random tries.
void playAgainstComputer(Client& c, const std::string& seat, std::mt19937& rng) {
  SeatTracker& t = c.seat(seat);
  int actions = 0;
  while (!t.over() && actions < 2000 && !::testing::Test::HasFailure()) {
    if (t.toMove() != seat) {
      c.nextEvent(seat);
      continue;
    }
    c.send(randomAction(t, rng, 0.02));
    c.nextEvent(seat);
    ++actions;
  }
}

TEST_F(GameTest, AgainstTheComputer) {
  const Json table = create(Json{{"rules", Json{{"size", 5}, {"turn_cap", 30}}},
                                 {"mode", "computer"},
                                 {"computer", Json{{"color", "white"}, {"strength", "easy"}}}});
  EXPECT_TRUE(table.at("seats").contains("black"));
  EXPECT_FALSE(table.at("seats").contains("white"));
  EXPECT_EQ(table.at("info").at("seats").at("white").at("player"), "computer");
  auto black = joinSeat(table, "black");
  std::mt19937 rng(11);
  playAgainstComputer(*black, "black", rng);
  ASSERT_TRUE(black->seat("black").over());
  bool thinking = false;
  for (const Json& m : black->received()) thinking |= m.value("type", "") == "thinking";
  EXPECT_TRUE(thinking);
  const HttpResult game = http("GET", "/api/games/" + table.at("table").get<std::string>());
  ASSERT_EQ(game.status, 200);
  // The game's page knows which seat the computer played, whatever the names say.
  EXPECT_EQ(game.json().at("computer"), (Json{{"color", "white"}, {"strength", "easy"}}));
}

TEST_F(GameTest, ComputerTakesBlackWithHandicap) {
  const Json table = create(Json{{"rules", Json{{"size", 7}, {"handicap", 2}, {"turn_cap", 30}}},
                                 {"mode", "computer"},
                                 {"computer", Json{{"color", "black"}, {"strength", "hard"}}},
                                 {"clock", Json{{"main_seconds", 60}, {"increment_seconds", 1}}}});
  auto white = joinSeat(table, "white");
  const SeatTracker& t = white->seat("white");
  EXPECT_EQ(t.toMove(), "white");  // White moves first after handicap stones
  const Json snap = white->received().at(1);
  ASSERT_EQ(snap.at("type"), "snapshot");
  EXPECT_EQ(snap.at("view").at("handicap").size(), 2u);
  EXPECT_EQ(snap.at("view").at("stones").at("black").size(), 2u);  // public handicap stones
  std::mt19937 rng(5);
  playAgainstComputer(*white, "white", rng);
  EXPECT_TRUE(t.over());
  const HttpResult sgf = http("GET", "/api/games/" + table.at("table").get<std::string>() + "/sgf");
  EXPECT_NE(sgf.body.find("HA[2]AB["), std::string::npos) << sgf.body;
  EXPECT_NE(sgf.body.find("PL[W]"), std::string::npos);
}

TEST_F(GameTest, Variants) {
  const std::vector<Json> rules{
      Json{{"size", 9}, {"handicap", 4}},
      Json{{"size", 5}, {"atari_go", true}},
      Json{{"size", 5}, {"topology", "torus"}},
      Json{{"size", 6}, {"topology", "torus"}, {"atari_go", true}, {"ko", "simple"}},
      Json{{"size", 7}, {"topology", "torus"}, {"handicap", 2}, {"atari_go", true}},
  };
  std::mt19937 rng(21);
  for (const Json& r : rules) {
    SCOPED_TRACE(r.dump());
    Online g = online(Json{{"rules", r}});
    if (r.value("handicap", 0) > 0) {
      const Json snap = g.spectator->received().at(1);
      EXPECT_EQ(snap.at("view").at("handicap").size(), r.at("handicap").get<std::size_t>());
      EXPECT_EQ(g.spectator->seat("spectator").toMove(), "white");
    }
    playOut(g.movers(), g.all(), *g.spectator, "spectator", rng, 0.01);
    ASSERT_TRUE(g.spectator->seat("spectator").over());
    const Json story = http("GET", "/api/games/" + id(g)).json();
    EXPECT_EQ(story.at("rules").at("topology"), r.value("topology", "planar"));
    if (r.value("atari_go", false) && story.at("result").at("reason") == "capture") {
      EXPECT_FALSE(story.at("result").at("winner").is_null());
    }
    const std::string sgf = http("GET", "/api/games/" + id(g) + "/sgf").body;
    if (r.value("topology", "") == "torus") {
      EXPECT_NE(sgf.find("Torus"), std::string::npos);
    }
    if (r.value("atari_go", false)) {
      EXPECT_NE(sgf.find("Atari Go"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace pg::test
