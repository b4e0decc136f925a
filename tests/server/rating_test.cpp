// Rated games against the real server (docs/protocol.md, "Rated games", "Players and the
// leaderboard"): a rated table needs a signed-in creator; each player's page takes their seat;
// the end updates both ratings as Glicko-2 computes them, in the end's own write; the players'
// pages and the leaderboard show only finished games; a game with an unbound seat or no result
// changes nobody's rating; a computer level has a rating of its own.
#include "account_support.h"
#include "rating/glicko2.h"

namespace pg::test {
namespace {

using passkey::Alg;
using passkey::test::SoftAuthenticator;

class RatingTest : public AccountServerTest {
 protected:
  /// Creates a rated table as `cookie`'s player; returns the creation's answer.
  Json createRated(const std::string& cookie, Json req) {
    req["rated"] = true;
    const HttpResult r = call("POST", "/api/tables", req, cookie);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json();
  }
  HttpResult takeSeat(const Json& table, const std::string& seat, const std::string& cookie) {
    return call("POST", "/api/tables/" + table.at("table").get<std::string>() + "/seat",
                Json{{"token", table.at("seats").at(seat).at("token")}}, cookie);
  }
  /// Both pass: the game ends, White wins by komi.
  static void passTwice(Online& g) {
    act(*g.black, Json{{"type", "pass"}}, g.all());
    act(*g.white, Json{{"type", "pass"}}, g.all());
  }
  Online join(const Json& table) {
    Online g;
    g.table = table;
    g.black = joinSeat(table, "black");
    g.white = joinSeat(table, "white");
    g.spectator = watch(table);
    return g;
  }
  Json game(const std::string& id) {
    const HttpResult r = http("GET", "/api/games/" + id);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json();
  }
};

TEST_F(RatingTest, ARatedGameNeedsASignedInCreator) {
  const HttpResult r =
      call("POST", "/api/tables", Json{{"rules", Json{{"size", 9}}}, {"rated", true}});
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(code(r), "not-signed-in");
  SoftAuthenticator key(Alg::ES256);
  const std::string cookie = signUp("Creator", key).cookie;
  EXPECT_EQ(
      code(call("POST", "/api/tables",
                Json{{"rules", Json{{"size", 9}, {"handicap", 2}}}, {"rated", true}}, cookie)),
      "bad-request");
  EXPECT_EQ(code(call("POST", "/api/tables", Json{{"rules", Json{{"size", 11}}}, {"rated", true}},
                      cookie)),
            "bad-request");
  EXPECT_EQ(
      code(call("POST", "/api/tables",
                Json{{"mode", "hotseat"}, {"rules", Json{{"size", 9}}}, {"rated", true}}, cookie)),
      "bad-request");
  EXPECT_EQ(
      code(call("POST", "/api/challenges", Json{{"rules", Json{{"size", 9}}}, {"rated", true}})),
      "not-signed-in");
}

TEST_F(RatingTest, BothRatingsMoveAsGlicko2SaysInTheEndsOwnWrite) {
  SoftAuthenticator ka(Alg::ES256), kb(Alg::EdDSA);
  const std::string a = signUp("Aino", ka).cookie, b = signUp("Berk", kb).cookie;
  const Json table = createRated(a, Json{{"rules", Json{{"size", 5}}}});
  EXPECT_EQ(table.at("info").at("rated"), true);
  EXPECT_EQ(table.at("info").at("category"), "small-classical");
  ASSERT_EQ(takeSeat(table, "black", a).status, 200);
  EXPECT_EQ(code(takeSeat(table, "white", a)), "same-player");
  EXPECT_EQ(code(takeSeat(table, "black", b)), "seat-taken");
  EXPECT_EQ(code(takeSeat(table, "white", "")), "not-signed-in");
  ASSERT_EQ(takeSeat(table, "white", b).status, 200);
  EXPECT_EQ(takeSeat(table, "white", b).status, 200) << "taking one's own seat again is fine";
  const std::string id = table.at("table");
  const Json info = http("GET", "/api/tables/" + id).json();
  EXPECT_EQ(info.at("players").at("black").at("name"), "Aino");
  EXPECT_EQ(info.at("players").at("white").at("name"), "Berk");

  // Nothing of a game in progress is on the players' pages.
  Online g = join(table);
  EXPECT_TRUE(http("GET", "/api/players/Aino").json().at("games").empty());
  passTwice(g);

  const Json over = game(id);
  EXPECT_EQ(over.at("rated"), true);
  const Json changes = over.at("rating_changes");
  ASSERT_EQ(changes.size(), 2u) << over.dump();
  const glicko2::Rating fresh;
  const glicko2::Outcome lost{fresh, 0.0}, won{fresh, 1.0};
  const glicko2::Rating black = glicko2::update(fresh, std::span(&lost, 1));
  const glicko2::Rating white = glicko2::update(fresh, std::span(&won, 1));
  EXPECT_EQ(changes[0].at("color"), "black");
  EXPECT_EQ(changes[0].at("name"), "Aino");
  EXPECT_DOUBLE_EQ(changes[0].at("before").get<double>(), 1500.0);
  EXPECT_NEAR(changes[0].at("after").get<double>(), black.rating, 1e-6);
  EXPECT_NEAR(changes[1].at("after").get<double>(), white.rating, 1e-6);
  EXPECT_TRUE(changes[1].at("provisional"));

  const Json page = http("GET", "/api/players/berk").json();
  EXPECT_EQ(page.at("name"), "Berk");
  ASSERT_EQ(page.at("ratings").size(), 1u);
  EXPECT_EQ(page.at("ratings")[0].at("category"), "small-classical");
  EXPECT_EQ(page.at("ratings")[0].at("games"), 1);
  ASSERT_EQ(page.at("history").size(), 1u);
  ASSERT_EQ(page.at("games").size(), 1u);
  EXPECT_EQ(page.at("games")[0].at("table"), id);
  EXPECT_EQ(page.at("games")[0].at("opponent").at("name"), "Aino");
  EXPECT_EQ(page.at("games")[0].at("rating_change").at("after"), changes[1].at("after"));
  EXPECT_EQ(code(http("GET", "/api/players/Nobody")), "no-such-player");
  // Provisional ratings are on no leaderboard.
  EXPECT_TRUE(http("GET", "/api/leaderboard/small-classical").json().at("players").empty());
  EXPECT_EQ(http("GET", "/api/leaderboard").json().at("categories").size(), 9u);
}

TEST_F(RatingTest, AnUnboundSeatOrAVoidGameChangesNoRating) {
  SoftAuthenticator ka(Alg::ES256);
  const std::string a = signUp("Solo", ka).cookie;
  const Json unbound = createRated(a, Json{{"rules", Json{{"size", 5}}}});
  ASSERT_EQ(takeSeat(unbound, "black", a).status, 200);
  Online g = join(unbound);
  passTwice(g);
  EXPECT_TRUE(game(unbound.at("table")).at("rating_changes").empty());

  SoftAuthenticator kb(Alg::ES256);
  const std::string b = signUp("Duo", kb).cookie;
  const Json aborted = createRated(a, Json{{"rules", Json{{"size", 5}}}});
  ASSERT_EQ(takeSeat(aborted, "black", a).status, 200);
  ASSERT_EQ(takeSeat(aborted, "white", b).status, 200);
  Online h = join(aborted);
  act(*h.black, Json{{"type", "abort"}}, h.all());
  EXPECT_TRUE(game(aborted.at("table")).at("rating_changes").empty());
  EXPECT_TRUE(http("GET", "/api/players/Solo").json().at("ratings").empty());
}

TEST_F(RatingTest, AComputerLevelHasARatingOfItsOwn) {
  SoftAuthenticator key(Alg::ES256);
  const std::string a = signUp("Veera", key).cookie;
  const Json table =
      createRated(a, Json{{"mode", "computer"},
                          {"rules", Json{{"size", 5}}},
                          {"computer", Json{{"color", "white"}, {"strength", "beginner"}}}});
  const std::string id = table.at("table");
  EXPECT_EQ(http("GET", "/api/tables/" + id).json().at("players").at("white").at("computer"),
            "beginner");
  ASSERT_EQ(takeSeat(table, "black", a).status, 200);
  auto black = joinSeat(table, "black");
  act(*black, Json{{"type", "resign"}}, {{black.get(), "black"}});
  const Json changes = game(id).at("rating_changes");
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[1].at("computer"), "beginner");
  EXPECT_GT(changes[1].at("after").get<double>(), 1500.0);
  const Json page = http("GET", "/api/players/Veera").json();
  ASSERT_EQ(page.at("computer").size(), 1u);
  EXPECT_EQ(page.at("computer")[0].at("level"), "beginner");
  EXPECT_EQ(page.at("computer")[0].at("losses"), 1);
  const Json board = http("GET", "/api/leaderboard/small-classical").json();
  ASSERT_EQ(board.at("computer").size(), 1u) << board.dump();
  EXPECT_EQ(board.at("computer")[0].at("computer"), "beginner");
  EXPECT_TRUE(board.at("computer")[0].at("provisional"));
  EXPECT_TRUE(board.at("players").empty()) << "a provisional level is on no leaderboard";
}

TEST_F(RatingTest, AGuestAttachesTheGamesOfThisDevice) {
  const Json t1 = create(Json{{"rules", Json{{"size", 5}}}});
  Online g = join(t1);
  passTwice(g);
  SoftAuthenticator key(Alg::ES256);
  const std::string a = signUp("Late", key).cookie;
  const HttpResult r =
      call("POST", "/api/account/games",
           Json{{"games", Json::array({Json{{"table", t1.at("table")},
                                            {"token", t1.at("seats").at("white").at("token")}},
                                       Json{{"table", t1.at("table")}, {"token", "wrong"}}})}},
           a);
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_EQ(r.json().at("attached").size(), 1u);
  const Json page = http("GET", "/api/players/Late").json();
  ASSERT_EQ(page.at("games").size(), 1u);
  EXPECT_EQ(page.at("games")[0].at("color"), "white");
  EXPECT_EQ(page.at("games")[0].at("rated"), false);
  EXPECT_TRUE(page.at("ratings").empty()) << "attaching rates nothing";
}

}  // namespace
}  // namespace pg::test
