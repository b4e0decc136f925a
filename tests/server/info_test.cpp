// The `info` frame: every subscriber hears the table's public info whenever it changes (the
// state, who is connected, how many watch, the turn, the result), exactly as GET
// /api/tables/<id> gives it, and never again while it has not changed.
#include "game_driver.h"

namespace pg::test {
namespace {

class InfoTest : public ServerTest {
 protected:
  /// The info frames `c` receives up to the table's answer to a command that is refused
  /// without changing anything (the table answers in order, so everything the table sent c
  /// before has arrived by then).
  std::vector<Json> infosUpToBarrier(Client& c) {
    const auto from = c.received().size();
    c.send(Json{{"type", "mark"}, {"point", "A1"}, {"set", false}});
    c.nextError();
    std::vector<Json> out;
    for (std::size_t i = from; i < c.received().size(); ++i)
      if (c.received()[i].value("type", "") == "info") {
        EXPECT_EQ(c.received()[i].size(), 2u) << "an info frame is {type, info} only";
        out.push_back(c.received()[i].at("info"));
      }
    return out;
  }
  Json apiInfo(const Json& table) {
    return http("GET", "/api/tables/" + table.at("table").get<std::string>()).json();
  }
};

TEST_F(InfoTest, FollowsTheStateAndIsTheApisInfo) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}});
  auto black = joinSeat(table, "black");
  auto infos = infosUpToBarrier(*black);
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].at("state"), "waiting");
  EXPECT_EQ(infos[0].at("seats").at("black").at("connected"), true);
  EXPECT_EQ(infos[0].at("seats").at("white").at("connected"), false);
  EXPECT_EQ(infos[0], apiInfo(table));

  auto white = joinSeat(table, "white");
  infos = infosUpToBarrier(*black);
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].at("state"), "playing");
  EXPECT_EQ(infos[0].at("seats").at("white").at("connected"), true);
  EXPECT_EQ(infos[0], apiInfo(table));

  auto spectator = watch(table);
  infos = infosUpToBarrier(*black);
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].at("spectators"), 1);
  infosUpToBarrier(*white);
  infosUpToBarrier(*spectator);

  std::vector<Listener> ls{
      {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
  act(*black, Json{{"type", "try"}, {"point", "C3"}}, ls);
  for (Client* c : {black.get(), white.get(), spectator.get()}) {
    infos = infosUpToBarrier(*c);
    ASSERT_EQ(infos.size(), 1u);
    EXPECT_EQ(infos[0].at("to_move"), "white");
    EXPECT_EQ(infos[0].at("turn"), 1);
    EXPECT_EQ(infos[0], apiInfo(table));
  }

  // A rejected try and a mark change no public info: no info frame.
  act(*white, Json{{"type", "try"}, {"point", "C3"}}, ls);
  white->send(Json{{"type", "mark"}, {"point", "B2"}, {"set", true}});
  white->nextEvent("white");
  for (Client* c : {black.get(), white.get(), spectator.get()})
    EXPECT_TRUE(infosUpToBarrier(*c).empty());

  // A connection leaving is public: one fewer spectator.
  spectator->drop();
  spectator.reset();
  black->until([](const Json& m) { return m.value("type", "") == "presence"; });
  infos = infosUpToBarrier(*black);
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].at("spectators"), 0);

  act(*white, Json{{"type", "resign"}}, {{black.get(), "black"}, {white.get(), "white"}});
  infos = infosUpToBarrier(*black);
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].at("state"), "over");
  EXPECT_EQ(infos[0].at("result").at("winner"), "black");
  EXPECT_EQ(infos[0], apiInfo(table));
}

}  // namespace
}  // namespace pg::test
