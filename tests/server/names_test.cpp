// Display names: a seat names itself at the table; the public info tells everyone, the name is
// stored (it survives a restart) and goes into the SGF. Bad names are refused and change nothing.
#include "game_driver.h"

namespace pg::test {
namespace {

class NamesTest : public ServerTest {};

TEST_F(NamesTest, ASeatNamesItselfForEveryoneAndTheRecord) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}, {"names", {{"black", "Ann"}}}});
  const std::string id = table.at("table").get<std::string>();
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  auto spectator = watch(table);
  white->send(Json{{"type", "name"}, {"name", "Bo Øster"}});
  for (Client* c : {black.get(), white.get(), spectator.get()})
    c->nextInfo([](const Json& i) { return i.at("names").at("white") == "Bo Øster"; });
  EXPECT_EQ(http("GET", "/api/tables/" + id).json().at("names").at("black"), "Ann");

  white->send(Json{{"type", "name"}, {"name", "Bo Øster"}});
  EXPECT_EQ(white->nextError().value("code", ""), "name-unchanged");
  for (const Json& bad : {Json{{"type", "name"}}, Json{{"type", "name"}, {"name", 3}},
                          Json{{"type", "name"}, {"name", std::string(41, 'b')}},
                          Json{{"type", "name"}, {"name", "tab\there"}}}) {
    white->send(bad);
    EXPECT_EQ(white->nextError().value("code", ""), "bad-request") << bad.dump();
  }
  white->send(Json{{"type", "name"}, {"name", std::string(40, 'b')}});  // the longest
  black->nextInfo([](const Json& i) { return i.at("names").at("white") == std::string(40, 'b'); });
  white->send(Json{{"type", "name"}, {"name", "Bo"}});
  black->nextInfo([](const Json& i) { return i.at("names").at("white") == "Bo"; });
  spectator->send(Json{{"type", "name"}, {"name", "Eve"}});
  EXPECT_EQ(spectator->nextError().value("code", ""), "spectator");

  // Stored: a restart keeps it.
  black.reset();
  white.reset();
  spectator.reset();
  server_.reset();
  startServer();
  EXPECT_EQ(http("GET", "/api/tables/" + id).json().at("names").at("white"), "Bo");
  black = joinSeat(table, "black");
  black->send(Json{{"type", "resign"}});
  black->until([](const Json& m) {
    return m.value("type", "") == "event" && m.at("event").at("kind") == "end";
  });
  black->send(Json{{"type", "name"}, {"name", "Late"}});
  EXPECT_EQ(black->nextError().value("code", ""), "game-over");
  const std::string sgf = http("GET", "/api/games/" + id + "/sgf").body;
  EXPECT_NE(sgf.find("PB[Ann]PW[Bo]"), std::string::npos) << sgf;
}

TEST_F(NamesTest, AnEmptyNameIsTheColourAgainAndAHotSeatIsNamedAtCreation) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}, {"names", {{"black", "Ann"}}}});
  auto black = joinSeat(table, "black");
  black->send(Json{{"type", "name"}, {"name", ""}});
  black->nextInfo([](const Json& i) { return i.at("names").at("black") == "Black"; });
  // The creation's names are characters, not bytes: 40 of them, each two bytes, pass.
  std::string forty;
  for (int i = 0; i < 40; ++i) forty += "é";
  EXPECT_EQ(http("POST", "/api/tables",
                 Json{{"rules", Json{{"size", 5}}}, {"names", {{"black", forty}}}}.dump())
                .status,
            201);
  const Json hot = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "hotseat"}});
  Client device(port_, 5);
  device.join(Json{{"type", "join"},
                   {"table", hot.at("table")},
                   {"token", hot.at("seats").at("hotseat").at("token")}});
  device.send(Json{{"type", "name"}, {"name", "Ann"}});
  EXPECT_EQ(device.nextError().value("code", ""), "hotseat-names");
}

}  // namespace
}  // namespace pg::test
