// The lobby against the real server: a challenge created at once as a waiting online table,
// listed without any secret, taken by exactly one visitor (the second gets 409), played by
// both; cancelled with its secret only; expired; bad input refused with 400 and nothing
// changed; the limits per address, with the address taken from a trusted proxy's headers only.
#include <set>
#include <thread>

#include "game_driver.h"
#include "server/net/client_address.h"

namespace pg::test {
namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

class ChallengeTest : public ServerTest {
 protected:
  HttpResult call(const std::string& method, const std::string& target, const std::string& body,
                  const std::string& address = "192.0.2.10", Headers extra = {}) {
    if (!address.empty()) extra.emplace_back("X-Real-IP", address);
    return httpRequest("127.0.0.1", port_, method, target, body, "application/json", extra);
  }
  HttpResult createChallenge(const Json& req, const std::string& address = "192.0.2.10") {
    return call("POST", "/api/challenges", req.dump(), address);
  }
  Json lobby() {
    const HttpResult r = http("GET", "/api/challenges");
    EXPECT_EQ(r.status, 200);
    return r.json().at("challenges");
  }
  /// The shape joinSeat() takes, for one seat link of a 5x5 table.
  static Json seatTable(const std::string& table, const std::string& color, const Json& seat) {
    return Json{{"table", table},
                {"info", Json{{"rules", Json{{"size", 5}}}}},
                {"seats", Json{{color, seat}}}};
  }
  void restartWith(const std::function<void(ServerSettings&)>& change) {
    server_.reset();
    change(settings_);
    startServer();
  }
};

TEST_F(ChallengeTest, CreatedListedTakenOnceAndPlayed) {
  const HttpResult made = createChallenge(
      Json{{"rules", Json{{"size", 5}, {"komi", 3.5}}}, {"color", "black"}, {"name", "Ann"}});
  ASSERT_EQ(made.status, 201) << made.body;
  const Json c = made.json();
  const std::string id = c.at("challenge"), table = c.at("table");
  const std::string creator_token = c.at("seat").at("token"), secret = c.at("cancel_secret");
  EXPECT_EQ(c.at("color"), "black");
  EXPECT_NE(c.at("seat").at("url").get<std::string>().find("#table=" + table + "&token="),
            std::string::npos);
  EXPECT_EQ(c.at("info").at("state"), "waiting");
  EXPECT_EQ(c.at("info").at("names").at("black"), "Ann");

  const HttpResult listed = http("GET", "/api/challenges");
  ASSERT_EQ(listed.status, 200);
  const Json list = listed.json().at("challenges");
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].at("id"), id);
  EXPECT_EQ(list[0].at("color"), "black");
  EXPECT_EQ(list[0].at("name"), "Ann");
  EXPECT_EQ(list[0].at("rules").at("size"), 5);
  EXPECT_EQ(list[0].at("rules").at("komi"), 3.5);
  EXPECT_EQ(list[0].at("rules").at("ko"), "superko");
  EXPECT_TRUE(list[0].at("clock").is_null());
  EXPECT_EQ(list[0].at("expires_at").get<int64_t>() - list[0].at("created_at").get<int64_t>(),
            15 * 60 * 1000);
  EXPECT_EQ(listed.body.find(creator_token), std::string::npos);
  EXPECT_EQ(listed.body.find(secret), std::string::npos);
  EXPECT_EQ(listed.body.find("192.0.2.10"), std::string::npos);
  EXPECT_EQ(listed.body.find("token"), std::string::npos);
  EXPECT_EQ(listed.body.find(table), std::string::npos) << "the table id is the taker's to learn";

  auto black = joinSeat(seatTable(table, "black", c.at("seat")), "black");

  const HttpResult took = call("POST", "/api/challenges/" + id + "/take", "", "198.51.100.20");
  ASSERT_EQ(took.status, 200) << took.body;
  const Json t = took.json();
  EXPECT_EQ(t.at("table"), table);
  EXPECT_EQ(t.at("color"), "white");
  EXPECT_NE(t.at("seat").at("token"), creator_token);
  const HttpResult again = call("POST", "/api/challenges/" + id + "/take", "{}", "198.51.100.21");
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.json().at("error").at("code"), "taken");
  EXPECT_TRUE(lobby().empty());
  EXPECT_EQ(call("DELETE", "/api/challenges/" + id, Json{{"cancel_secret", secret}}.dump()).status,
            410);

  auto white = joinSeat(seatTable(table, "white", t.at("seat")), "white");
  black->until([](const Json& m) {
    return m.value("type", "") == "info" && m.at("info").value("state", "") == "playing";
  });
  black->send(Json{{"type", "try"}, {"point", "C3"}});
  EXPECT_EQ(black->nextEvent("black").at("event").at("kind"), "stone");
  EXPECT_EQ(white->nextEvent("white").at("event").at("kind"), "moved");
}

TEST_F(ChallengeTest, RandomColourIsDecidedAtCreation) {
  std::set<std::string> colours;
  for (int i = 0; i < 12 && colours.size() < 2; ++i) {
    const std::string address = "203.0.113." + std::to_string(i);
    const HttpResult r = createChallenge(Json{{"rules", Json{{"size", 5}}}}, address);
    ASSERT_EQ(r.status, 201) << r.body;
    const Json c = r.json();
    colours.insert(c.at("color").get<std::string>());
    const Json took =
        call("POST", "/api/challenges/" + c.at("challenge").get<std::string>() + "/take", "",
             address)
            .json();
    EXPECT_NE(took.at("color"), c.at("color"));
  }
  EXPECT_EQ(colours.size(), 2u) << "twelve random colours, all the same";
}

TEST_F(ChallengeTest, BadInputIsRefusedAndChangesNothing) {
  const std::size_t tables = server_->tablesInMemory();
  for (const std::string& body :
       {std::string("{oops"), std::string("[]"), std::string(R"({"mode": "online"})"),
        std::string(R"({"rules": {"size": 4}})"), std::string(R"({"rules": {"handicap": 1}})"),
        std::string(R"({"rules": {"size": 9, "extra": 1}})"), std::string(R"({"color": "b"})"),
        std::string(R"({"color": "green"})"), std::string(R"({"color": 1})"),
        std::string(R"({"name": 5})"), std::string(R"({"name": ")") + std::string(41, 'x') + "\"}",
        std::string(R"({"name": "a\u0007b"})"), std::string(R"({"clock": {"main_seconds": 0}})"),
        std::string(R"({"clock": {"main_seconds": 60, "increment_seconds": 1, "x": 2}})")}) {
    const HttpResult r = call("POST", "/api/challenges", body);
    EXPECT_EQ(r.status, 400) << body;
    EXPECT_EQ(r.json().at("error").at("code"), "bad-request") << body;
    EXPECT_FALSE(r.json().at("error").at("message").get<std::string>().empty());
  }
  EXPECT_TRUE(lobby().empty());
  EXPECT_EQ(server_->tablesInMemory(), tables);
  // Bad input does not count against the address.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(createChallenge(Json::object()).status, 201);

  EXPECT_EQ(call("POST", "/api/challenges/not-an-id!/take", "").status, 400);
  EXPECT_EQ(call("POST", "/api/challenges/../../x/take", "").status, 400);
  EXPECT_EQ(call("POST", "/api/challenges/zzzzzzzzzzzz/take", "{oops").status, 400);
  EXPECT_EQ(call("POST", "/api/challenges/zzzzzzzzzzzz/take", R"({"a": 1})").status, 400);
  const HttpResult unknown = call("POST", "/api/challenges/zzzzzzzzzzzz/take", "");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.json().at("error").at("code"), "no-such-challenge");
  EXPECT_EQ(call("DELETE", "/api/challenges/zzzzzzzzzzzz", "{}").status, 400);
  EXPECT_EQ(call("DELETE", "/api/challenges/zzzzzzzzzzzz", R"({"cancel_secret": 1})").status, 400);
  EXPECT_EQ(call("DELETE", "/api/challenges/zzzzzzzzzzzz", R"({"cancel_secret": "s"})").status,
            404);
  EXPECT_EQ(call("PUT", "/api/challenges", "").status, 405);
  EXPECT_EQ(call("GET", "/api/challenges/zzzzzzzzzzzz/take", "").status, 405);
  EXPECT_EQ(call("GET", "/api/challenges/zzzzzzzzzzzz", "").status, 405);
  EXPECT_EQ(lobby().size(), 3u);
}

TEST_F(ChallengeTest, CancelledWithItsSecretOnly) {
  const Json c = createChallenge(Json{{"rules", Json{{"size", 5}}}}).json();
  const std::string id = c.at("challenge"), secret = c.at("cancel_secret");
  const HttpResult wrong =
      call("DELETE", "/api/challenges/" + id, Json{{"cancel_secret", secret + "x"}}.dump());
  EXPECT_EQ(wrong.status, 403);
  EXPECT_EQ(wrong.json().at("error").at("code"), "bad-secret");
  EXPECT_EQ(lobby().size(), 1u);
  const HttpResult ok =
      call("DELETE", "/api/challenges/" + id, Json{{"cancel_secret", secret}}.dump());
  EXPECT_EQ(ok.status, 200) << ok.body;
  EXPECT_TRUE(lobby().empty());
  EXPECT_EQ(call("POST", "/api/challenges/" + id + "/take", "").status, 404);
  EXPECT_EQ(call("DELETE", "/api/challenges/" + id, Json{{"cancel_secret", secret}}.dump()).status,
            410);
}

TEST_F(ChallengeTest, ExpiresAfterItsTime) {
  restartWith([](ServerSettings& s) { s.limits.challenge_ttl = std::chrono::milliseconds(300); });
  const Json c = createChallenge(Json::object()).json();
  EXPECT_EQ(lobby().size(), 1u);
  std::this_thread::sleep_for(400ms);
  EXPECT_TRUE(lobby().empty());
  const HttpResult r =
      call("POST", "/api/challenges/" + c.at("challenge").get<std::string>() + "/take", "");
  EXPECT_EQ(r.status, 410);
  EXPECT_EQ(r.json().at("error").at("code"), "expired");
}

TEST_F(ChallengeTest, LimitsPerAddressWithRetryAfter) {
  for (int i = 0; i < 3; ++i) ASSERT_EQ(createChallenge(Json::object(), "192.0.2.1").status, 201);
  const HttpResult r = createChallenge(Json::object(), "192.0.2.1");
  EXPECT_EQ(r.status, 429);
  EXPECT_EQ(r.json().at("error").at("code"), "rate-limited");
  const int retry = std::stoi(r.headers.at("retry-after"));
  EXPECT_GT(retry, 880);
  EXPECT_LE(retry, 900);
  EXPECT_EQ(lobby().size(), 3u);
  EXPECT_EQ(createChallenge(Json::object(), "192.0.2.2").status, 201);
  // X-Forwarded-For: the last entry is the one the proxy appended.
  const HttpResult spoofed = call("POST", "/api/challenges", "{}", "",
                                  Headers{{"X-Forwarded-For", "192.0.2.9, 192.0.2.1"}});
  EXPECT_EQ(spoofed.status, 429);
  EXPECT_EQ(call("POST", "/api/challenges", "{}", "",
                 Headers{{"X-Forwarded-For", "192.0.2.1, 192.0.2.3"}})
                .status,
            201);
  // A taken challenge is not open any more.
  const Json c = createChallenge(Json::object(), "192.0.2.4").json();
  for (int i = 0; i < 2; ++i) ASSERT_EQ(createChallenge(Json::object(), "192.0.2.4").status, 201);
  EXPECT_EQ(createChallenge(Json::object(), "192.0.2.4").status, 429);
  ASSERT_EQ(
      call("POST", "/api/challenges/" + c.at("challenge").get<std::string>() + "/take", "").status,
      200);
  EXPECT_EQ(createChallenge(Json::object(), "192.0.2.4").status, 201);
}

TEST_F(ChallengeTest, HourlyLimitCountsCancelledOnes) {
  restartWith([](ServerSettings& s) { s.limits.challenges_per_hour_per_address = 4; });
  for (int i = 0; i < 4; ++i) {
    const Json c = createChallenge(Json::object()).json();
    ASSERT_EQ(call("DELETE", "/api/challenges/" + c.at("challenge").get<std::string>(),
                   Json{{"cancel_secret", c.at("cancel_secret")}}.dump())
                  .status,
              200);
  }
  const HttpResult r = createChallenge(Json::object());
  EXPECT_EQ(r.status, 429);
  EXPECT_GT(std::stoi(r.headers.at("retry-after")), 3500);
}

TEST_F(ChallengeTest, HeadersOfAnUntrustedPeerAreIgnored) {
  restartWith([](ServerSettings& s) { s.trusted_proxies.clear(); });
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(createChallenge(Json::object(), "192.0.2." + std::to_string(i)).status, 201);
  EXPECT_EQ(createChallenge(Json::object(), "192.0.2.99").status, 429)
      << "every request is the loopback peer's own";
}

TEST(ClientAddress, FromATrustedProxyOnly) {
  const std::vector<std::string> loopback{"127.0.0.1", "::1"};
  EXPECT_EQ(clientAddress("127.0.0.1", "192.0.2.5", "", loopback), "192.0.2.5");
  EXPECT_EQ(clientAddress("::1", "", "10.0.0.1, 192.0.2.6", loopback), "192.0.2.6");
  EXPECT_EQ(clientAddress("::ffff:127.0.0.1", " 2001:db8::1 ", "", loopback), "2001:db8::1");
  EXPECT_EQ(clientAddress("127.0.0.1", "junk", "also junk", loopback), "127.0.0.1");
  EXPECT_EQ(clientAddress("127.0.0.1", "", "", loopback), "127.0.0.1");
  EXPECT_EQ(clientAddress("198.51.100.1", "192.0.2.5", "192.0.2.6", loopback), "198.51.100.1");
  EXPECT_EQ(clientAddress("::ffff:198.51.100.1", "", "", loopback), "198.51.100.1");
  EXPECT_EQ(clientAddress("127.0.0.1", "192.0.2.5", "", {}), "127.0.0.1");
  EXPECT_EQ(normalizedAddress("not an address"), "");
}

}  // namespace
}  // namespace pg::test
