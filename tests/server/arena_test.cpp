// Arena tournaments on one node (docs/arena.md, docs/protocol.md "Arenas"): creating one needs
// a signed-in player and good input (a refusal creates nothing); players join, and the node's
// director pairs the present ones at once, each with their seat token on their own page only;
// the games are ordinary tables whose stored ends score the standings (2 a win), the next
// round pairs the winners together and never the same opponents again; a paused player waits,
// a player who left is not paired and keeps their points.
#include <set>
#include <thread>

#include "account_support.h"

namespace pg::test {
namespace {

using passkey::Alg;
using passkey::test::SoftAuthenticator;

int64_t arenaNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class ArenaTest : public AccountServerTest {
 protected:
  Json arenaRequest(const std::string& name = "Friday blitz") {
    return Json{{"name", name},
                {"starts_at", arenaNowMs()},
                {"duration_s", 300},
                {"size", 5},
                {"clock", Json{{"main_seconds", 60}, {"increment_seconds", 1}}}};
  }
  std::string createArena(const std::string& cookie) {
    const HttpResult r = call("POST", "/api/arenas", arenaRequest(), cookie);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json().value("id", "");
  }
  Json page(const std::string& id, const std::string& cookie = "") {
    const HttpResult r = call("GET", "/api/arenas/" + id, nullptr, cookie);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json();
  }
  /// Polls the player's page until they have a game (their "me.game"); null after 10 s.
  Json gameOf(const std::string& id, const std::string& cookie) {
    for (int i = 0; i < 100; ++i) {
      const Json p = page(id, cookie);
      if (p.at("me").is_object() && p.at("me").at("game").is_object()) return p.at("me").at("game");
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return nullptr;
  }
  /// Joins the game's seat and resigns it.
  void resign(const Json& game) {
    Client c(port_, 5);
    const Json joined =
        c.join(Json{{"type", "join"}, {"table", game.at("table")}, {"token", game.at("token")}});
    ASSERT_EQ(joined.value("type", ""), "joined") << joined.dump();
    c.send(Json{{"type", "resign"}});
    c.until([](const Json& m) {
      return m.value("type", "") == "event" && m.at("event").value("kind", "") == "end";
    });
  }
  /// The standing line of `name` on the arena's page.
  static Json lineOf(const Json& page, const std::string& name) {
    for (const Json& l : page.at("standings"))
      if (l.at("name") == name) return l;
    return nullptr;
  }
};

TEST_F(ArenaTest, CreatingNeedsASignedInPlayerAndGoodInput) {
  EXPECT_EQ(code(call("POST", "/api/arenas", arenaRequest())), "not-signed-in");
  SoftAuthenticator key(Alg::ES256);
  const std::string cookie = signUp("Orla", key).cookie;
  const auto refused = [&](const std::function<void(Json&)>& change) {
    Json req = arenaRequest();
    change(req);
    const HttpResult r = call("POST", "/api/arenas", req, cookie);
    EXPECT_EQ(r.status, 400) << req.dump() << " " << r.body;
    EXPECT_EQ(code(r), "bad-request") << req.dump();
  };
  refused([](Json& r) { r["name"] = ""; });
  refused([](Json& r) { r["name"] = std::string(41, 'x'); });
  refused([](Json& r) { r["name"] = "tab\there"; });
  refused([](Json& r) { r["starts_at"] = arenaNowMs() - 3'600'000; });
  refused([](Json& r) { r["starts_at"] = arenaNowMs() + 8LL * 24 * 3'600'000; });
  refused([](Json& r) { r["starts_at"] = "soon"; });
  refused([](Json& r) { r["duration_s"] = 299; });
  refused([](Json& r) { r["duration_s"] = 14401; });
  refused([](Json& r) { r.erase("duration_s"); });
  refused([](Json& r) { r["size"] = 4; });
  refused([](Json& r) { r["clock"] = Json{{"days_per_move", 1}}; });
  refused([](Json& r) { r["rules"] = Json{{"handicap", 9}}; });
  refused([](Json& r) { r["colour"] = "black"; });
  EXPECT_EQ(code(call("POST", "/api/arenas", nullptr, cookie)), "bad-request");
  EXPECT_TRUE(call("GET", "/api/arenas", nullptr).json().at("arenas").empty())
      << "no refusal created anything";

  const HttpResult made = call("POST", "/api/arenas", arenaRequest("Tuesday"), cookie);
  ASSERT_EQ(made.status, 201) << made.body;
  const Json a = made.json();
  EXPECT_EQ(a.at("name"), "Tuesday");
  EXPECT_EQ(a.at("creator"), "Orla");
  EXPECT_EQ(a.at("status"), "running");
  EXPECT_EQ(a.at("rules").at("size"), 5);
  EXPECT_EQ(a.at("rated"), true);
  EXPECT_EQ(a.at("ends_at").get<int64_t>() - a.at("starts_at").get<int64_t>(), 300'000);
  const Json later = [&] {
    Json r = arenaRequest("Later");
    r["starts_at"] = arenaNowMs() + 3'600'000;
    r["rules"] = Json{{"topology", "torus"}};
    return call("POST", "/api/arenas", r, cookie).json();
  }();
  EXPECT_EQ(later.at("status"), "upcoming");
  EXPECT_EQ(later.at("rated"), false) << "a torus game has no rating";
  const Json list = call("GET", "/api/arenas", nullptr).json().at("arenas");
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].at("name"), "Tuesday");
  EXPECT_EQ(code(call("GET", "/api/arenas/nosucharena1", nullptr)), "not-found");
  EXPECT_EQ(code(call("GET", "/api/arenas/..", nullptr)), "not-found");
  EXPECT_EQ(code(call("DELETE", "/api/arenas/" + a.at("id").get<std::string>(), nullptr, cookie)),
            "method-not-allowed");
  // The limit per account and day (5 by default).
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(call("POST", "/api/arenas", arenaRequest(), cookie).status, 201);
  EXPECT_EQ(code(call("POST", "/api/arenas", arenaRequest(), cookie)), "rate-limited");
}

TEST_F(ArenaTest, JoinedPlayersArePairedScoredAndPairedAgainByScore) {
  std::vector<std::unique_ptr<SoftAuthenticator>> keys;
  std::map<std::string, std::string> cookies;
  for (const char* name : {"Ann", "Bob", "Cid", "Dan"}) {
    keys.push_back(std::make_unique<SoftAuthenticator>(Alg::ES256));
    cookies[name] = signUp(name, *keys.back()).cookie;
  }
  const std::string id = createArena(cookies["Ann"]);
  ASSERT_FALSE(id.empty());
  EXPECT_EQ(code(call("POST", "/api/arenas/" + id + "/join", nullptr)), "not-signed-in");
  EXPECT_EQ(code(call("POST", "/api/arenas/" + id + "/pause", nullptr, cookies["Bob"])),
            "bad-request")
      << "not joined";
  EXPECT_EQ(code(call("GET", "/api/arenas/" + id + "/join", nullptr, cookies["Bob"])),
            "method-not-allowed");
  for (const auto& [name, cookie] : cookies)
    ASSERT_EQ(call("POST", "/api/arenas/" + id + "/join", nullptr, cookie).status, 200) << name;

  std::map<std::string, Json> games;
  for (const auto& [name, cookie] : cookies) {
    games[name] = gameOf(id, cookie);
    ASSERT_TRUE(games[name].is_object()) << name << " was not paired";
  }
  // Two tables, each seat its own player's; a page holds no token but its own player's.
  std::set<std::string> tables;
  for (const auto& [name, g] : games) tables.insert(g.at("table").get<std::string>());
  EXPECT_EQ(tables.size(), 2U);
  const std::string ann_page = call("GET", "/api/arenas/" + id, nullptr, cookies["Ann"]).body;
  for (const auto& [name, g] : games)
    EXPECT_EQ(ann_page.find(g.at("token").get<std::string>()) != std::string::npos, name == "Ann")
        << name;
  const std::string anonymous = call("GET", "/api/arenas/" + id, nullptr).body;
  for (const auto& [name, g] : games)
    EXPECT_EQ(anonymous.find(g.at("token").get<std::string>()), std::string::npos);
  EXPECT_EQ(page(id).at("playing").size(), 2U);

  // The black players pause (one) and leave (the other), then resign their games: the white
  // players lead with 2 points each and meet next, never their last opponents again.
  std::set<std::string> winners, losers;
  for (const auto& [name, g] : games) (g.at("color") == "black" ? losers : winners).insert(name);
  ASSERT_EQ(losers.size(), 2U);
  const std::string loser = *losers.begin(), leaver = *losers.rbegin();
  ASSERT_EQ(call("POST", "/api/arenas/" + id + "/pause", nullptr, cookies[loser]).status, 200);
  ASSERT_EQ(call("POST", "/api/arenas/" + id + "/leave", nullptr, cookies[leaver]).status, 200);
  for (const std::string& l : losers) resign(games[l]);
  std::map<std::string, Json> second;
  for (const std::string& w : winners) {
    second[w] = gameOf(id, cookies[w]);
    ASSERT_TRUE(second[w].is_object()) << w;
  }
  EXPECT_EQ(second.begin()->second.at("table"), second.rbegin()->second.at("table"))
      << "the two leaders play each other";
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  const Json now = page(id, cookies[loser]);
  EXPECT_TRUE(now.at("me").at("game").is_null()) << "a paused player is not paired";
  EXPECT_EQ(now.at("me").at("state"), "paused");
  for (const std::string& w : winners) {
    EXPECT_EQ(lineOf(now, w).at("score"), 2) << w;
    EXPECT_EQ(lineOf(now, w).at("wins"), 1) << w;
    EXPECT_EQ(lineOf(now, w).at("rank"), 1) << w;
  }
  for (const std::string& l : losers) {
    EXPECT_EQ(lineOf(now, l).at("score"), 0) << l;
    EXPECT_EQ(lineOf(now, l).at("games"), 1) << l;
  }
  EXPECT_EQ(lineOf(now, leaver).at("state"), "left");
  EXPECT_EQ(lineOf(now, loser).at("state"), "paused");

  // A player's games with their points.
  const Json mine =
      call("GET", "/api/arenas/" + id + "/players/" + *winners.begin(), nullptr).json();
  ASSERT_EQ(mine.at("games").size(), 1U);
  EXPECT_EQ(mine.at("games")[0].at("points"), 2);
  EXPECT_EQ(mine.at("games")[0].at("color"), "white");
  EXPECT_EQ(mine.at("score"), 2);
  EXPECT_TRUE(mine.at("playing").is_object());
  EXPECT_EQ(code(call("GET", "/api/arenas/" + id + "/players/Nobody", nullptr)), "no-such-player");
}

}  // namespace
}  // namespace pg::test
