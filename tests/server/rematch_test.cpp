// Rematch: after the end either seat offers, the other accepts; the server makes a new table
// with the same setup and the colours swapped, and each connection of the old table gets its
// own way there (a seat's new token only to that seat). Against the computer and on a hot seat
// the offer is the rematch. The link survives a restart.
#include "game_driver.h"

namespace pg::test {
namespace {

class RematchTest : public OnlineTest {
 protected:
  /// An online 5x5 game that White resigned.
  Online finished(const Json& extra = Json::object()) {
    Json req{{"rules", Json{{"size", 5}}}, {"names", Json{{"black", "Ann"}, {"white", "Bo"}}}};
    req.update(extra);
    Online g = online(req);
    act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
    act(*g.white, Json{{"type", "resign"}}, g.all());
    return g;
  }
  static Json nextOfType(Client& c, const std::string& type) {
    return c.until([&](const Json& m) { return m.value("type", "") == type; });
  }
  /// Joins `table` with `token` on a new connection; returns the joined message.
  Json joinWith(const std::string& table, const std::string& token) {
    Client c(port_, 5);
    return c.join(Json{{"type", "join"}, {"table", table}, {"token", token}});
  }
};

TEST_F(RematchTest, AcceptedOfferSwapsTheColoursAndGivesEachSeatOnlyItsOwnToken) {
  Online g = finished();
  const std::string old_id = g.table.at("table").get<std::string>();
  g.black->send(Json{{"type", "rematch"}});
  for (Client* c : {g.black.get(), g.white.get(), g.spectator.get()})
    c->nextInfo([](const Json& i) { return i.at("rematch").at("offered_by") == "black"; });
  g.black->send(Json{{"type", "rematch"}});
  EXPECT_EQ(g.black->nextError().value("code", ""), "rematch-offered");

  g.white->send(Json{{"type", "rematch"}});
  const Json to_black = nextOfType(*g.black, "rematch");
  const Json to_white = nextOfType(*g.white, "rematch");
  const Json to_spectator = nextOfType(*g.spectator, "rematch");
  const std::string new_id = to_black.at("table").get<std::string>();
  EXPECT_NE(new_id, old_id);
  EXPECT_EQ(to_white.at("table"), new_id);
  EXPECT_EQ(to_spectator.at("table"), new_id);
  EXPECT_EQ(to_black.at("seat"), "white");
  EXPECT_EQ(to_white.at("seat"), "black");
  EXPECT_FALSE(to_spectator.contains("token"));
  const std::string black_token = to_black.at("token").get<std::string>();
  const std::string white_token = to_white.at("token").get<std::string>();
  // Each token was sent to its own seat only.
  EXPECT_FALSE(g.white->heard(black_token));
  EXPECT_FALSE(g.spectator->heard(black_token));
  EXPECT_FALSE(g.black->heard(white_token));
  EXPECT_FALSE(g.spectator->heard(white_token));

  const Json old_info =
      g.spectator->nextInfo([](const Json& i) { return !i.at("rematch").at("table").is_null(); });
  EXPECT_EQ(old_info.at("rematch").at("table"), new_id);
  EXPECT_TRUE(old_info.at("rematch").at("offered_by").is_null());

  // The new table: the same rules, the colours (and names) swapped, waiting for both.
  const Json info = http("GET", "/api/tables/" + new_id).json();
  EXPECT_EQ(info.at("rules"), g.table.at("info").at("rules"));
  EXPECT_EQ(info.at("names").at("black"), "Bo");
  EXPECT_EQ(info.at("names").at("white"), "Ann");
  EXPECT_EQ(info.at("state"), "waiting");
  EXPECT_EQ(joinWith(new_id, black_token).at("role"), "white");
  Client second(port_, 5);
  EXPECT_EQ(
      second.join(Json{{"type", "join"}, {"table", new_id}, {"token", white_token}}).at("role"),
      "black");
  // The start is stored once both seats have joined, and only then does the info say so: the
  // joined frame itself still said "waiting" (a GET right after it may too).
  second.nextInfo([](const Json& i) { return i.at("state") == "playing"; });
  EXPECT_EQ(http("GET", "/api/tables/" + new_id).json().at("state"), "playing");

  // Asked again once made: the same way there, no second table.
  g.white->send(Json{{"type", "rematch"}});
  EXPECT_EQ(nextOfType(*g.white, "rematch"), to_white);
}

TEST_F(RematchTest, TheWayThereOutlivesTheConnectionsAndARestart) {
  Online g = finished();
  const std::string old_id = g.table.at("table").get<std::string>();
  const std::string old_black = g.table.at("seats").at("black").at("token").get<std::string>();
  g.black->send(Json{{"type", "rematch"}});
  g.white->send(Json{{"type", "rematch"}});
  const Json to_black = nextOfType(*g.black, "rematch");
  g = Online{};  // everyone leaves

  // Black comes back to the old game later: its join is followed by the way to the rematch.
  {
    Client c(port_, 5);
    c.join(Json{{"type", "join"}, {"table", old_id}, {"token", old_black}});
    EXPECT_EQ(c.received().size() > 0, true);
    bool found = false;
    for (const Json& m : c.received()) found |= m.value("type", "") == "rematch" && m == to_black;
    EXPECT_TRUE(found);
  }
  server_.reset();
  startServer();
  Client c(port_, 5);
  c.join(Json{{"type", "join"}, {"table", old_id}, {"token", old_black}});
  bool found = false;
  for (const Json& m : c.received()) found |= m.value("type", "") == "rematch" && m == to_black;
  EXPECT_TRUE(found) << "after a restart";
}

TEST_F(RematchTest, DeclineAndWithdraw) {
  Online g = finished();
  g.black->send(Json{{"type", "rematch"}});
  // Black first reads its own offer, so the info before it (offered_by null) is behind it.
  g.black->nextInfo([](const Json& i) { return i.at("rematch").at("offered_by") == "black"; });
  g.white->nextInfo([](const Json& i) { return i.at("rematch").at("offered_by") == "black"; });
  g.white->send(Json{{"type", "decline-rematch"}});
  // The offerer (and everyone) is told who declined.
  const Json told =
      g.black->until([](const Json& m) { return m.value("type", "") == "rematch-declined"; });
  EXPECT_EQ(told.value("by", ""), "white");
  g.black->nextInfo([](const Json& i) { return i.at("rematch").at("offered_by").is_null(); });
  g.black->send(Json{{"type", "decline-rematch"}});
  EXPECT_EQ(g.black->nextError().value("code", ""), "no-rematch-offer");
  // Offered and taken back by the same seat: no one declined.
  g.white->send(Json{{"type", "rematch"}});
  g.black->nextInfo([](const Json& i) { return i.at("rematch").at("offered_by") == "white"; });
  g.white->send(Json{{"type", "decline-rematch"}});
  g.black->nextInfo([](const Json& i) { return i.at("rematch").at("offered_by").is_null(); });
  EXPECT_EQ(g.black->heard("rematch-declined") ? 1 : 0, 1) << "told once, for White's decline";
  int declined = 0;
  for (const std::string& f : g.black->ws().history())
    declined += f.find("rematch-declined") != std::string::npos;
  EXPECT_EQ(declined, 1);
  g.spectator->send(Json{{"type", "rematch"}});
  EXPECT_EQ(g.spectator->nextError().value("code", ""), "spectator");
}

TEST_F(RematchTest, NotBeforeTheEnd) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}});
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  black->send(Json{{"type", "rematch"}});
  EXPECT_EQ(black->nextError().value("code", ""), "not-over");
  EXPECT_TRUE(http("GET", "/api/tables/" + table.at("table").get<std::string>())
                  .json()
                  .at("rematch")
                  .at("offered_by")
                  .is_null());
}

TEST_F(RematchTest, AgainstTheComputerTheOfferIsTheRematch) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}},
                                 {"mode", "computer"},
                                 {"computer", Json{{"color", "white"}, {"strength", "easy"}}}});
  auto human = joinSeat(table, "black");
  human->send(Json{{"type", "resign"}});
  human->until([](const Json& m) {
    return m.value("type", "") == "event" && m.at("event").at("kind") == "end";
  });
  human->send(Json{{"type", "rematch"}});
  const Json r = nextOfType(*human, "rematch");
  EXPECT_EQ(r.at("seat"), "white");
  const Json info = http("GET", "/api/tables/" + r.at("table").get<std::string>()).json();
  EXPECT_EQ(info.at("computer").at("color"), "black");
  EXPECT_EQ(info.at("computer").at("strength"), "easy");
  EXPECT_EQ(info.at("mode"), "computer");
  EXPECT_EQ(joinWith(r.at("table").get<std::string>(), r.at("token").get<std::string>()).at("role"),
            "white");
}

TEST_F(RematchTest, OnAHotSeatTheOfferIsTheRematch) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "hotseat"}});
  auto device = std::make_unique<Client>(port_, 5);
  device->join(Json{{"type", "join"},
                    {"table", table.at("table")},
                    {"token", table.at("seats").at("hotseat").at("token")}});
  device->send(Json{{"type", "resign"}, {"seat", "white"}});
  device->until([](const Json& m) {
    return m.value("type", "") == "event" && m.at("event").at("kind") == "end";
  });
  device->send(Json{{"type", "rematch"}});
  const Json r = nextOfType(*device, "rematch");
  EXPECT_EQ(r.at("seat"), "hotseat");
  EXPECT_EQ(joinWith(r.at("table").get<std::string>(), r.at("token").get<std::string>()).at("role"),
            "hotseat");
}

}  // namespace
}  // namespace pg::test
