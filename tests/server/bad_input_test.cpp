// Every kind of bad input gets its error, to its sender only, and changes nothing.
#include "game_driver.h"

namespace pg::test {
namespace {

class BadInputTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    table = create(Json{{"rules", Json{{"size", 5}}}});
    black = joinSeat(table, "black");
    white = joinSeat(table, "white");
    spectator = watch(table);
    ls = {{black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
    act(*black, Json{{"type", "try"}, {"point", "C3"}}, ls);  // White is on turn
  }

  /// Sends raw text from c and expects an error with `code`, and nothing else for anyone.
  void expectError(Client& c, const std::string& text, const std::string& code) {
    SCOPED_TRACE(text);
    const int vb = black->seat("black").version(), vw = white->seat("white").version(),
              vs = spectator->seat("spectator").version();
    const Json before = http("GET", "/api/tables/" + id()).json();
    ASSERT_TRUE(c.ws().send(text));
    const Json e = c.nextError();
    ASSERT_FALSE(e.is_null());
    EXPECT_EQ(e.at("code"), code) << e.dump();
    EXPECT_FALSE(e.at("message").get<std::string>().empty());
    EXPECT_EQ(e.size(), 3u) << "an error is {type, code, message} only";
    EXPECT_EQ(black->seat("black").version(), vb);
    EXPECT_EQ(white->seat("white").version(), vw);
    EXPECT_EQ(spectator->seat("spectator").version(), vs);
    const Json after = http("GET", "/api/tables/" + id()).json();
    EXPECT_EQ(before.at("turn"), after.at("turn"));
    EXPECT_EQ(before.at("to_move"), after.at("to_move"));
  }
  std::string id() const { return table.at("table").get<std::string>(); }

  Json table;
  std::unique_ptr<Client> black, white, spectator;
  std::vector<Listener> ls;
};

TEST_F(BadInputTest, EachKindGetsItsErrorAndChangesNothing) {
  expectError(*white, "{not json", "bad-json");
  expectError(*white, "[1, 2]", "bad-json");
  expectError(*white, R"({"point": "A1"})", "bad-request");
  expectError(*white, R"({"type": "dance"})", "unknown-command");
  expectError(*white, R"({"type": "try"})", "bad-request");
  expectError(*white, R"({"type": "try", "point": 12})", "bad-request");
  expectError(*white, R"({"type": "try", "point": "Z9"})", "off-board");
  expectError(*white, R"({"type": "try", "point": "A6"})", "off-board");
  expectError(*white, R"({"type": "try", "point": "pass"})", "off-board");
  expectError(*white, R"({"type": "mark", "point": "A6", "set": true})", "off-board");
  expectError(*white, R"({"type": "mark", "point": "A1"})", "bad-request");
  expectError(*white, R"({"type": "mark", "point": "A1", "set": false})", "no-change");
  expectError(*black, R"({"type": "try", "point": "D4"})", "not-your-turn");
  expectError(*black, R"({"type": "pass"})", "not-your-turn");
  expectError(*black, R"({"type": "pass", "seat": "white"})", "not-your-seat");
  expectError(*white, R"({"type": "pass", "seat": "purple"})", "bad-request");
  expectError(*spectator, R"({"type": "try", "point": "D4"})", "spectator");
  expectError(*spectator, R"({"type": "resign"})", "spectator");
  expectError(*white, R"({"type": "join", "table": ")" + id() + R"(", "watch": true})",
              "already-joined");

  // A point already tried this turn: the first try is a real (illegal) try, the second is not.
  const auto answers = act(*white, Json{{"type", "try"}, {"point", "C3"}}, ls);
  EXPECT_EQ(answers[1].at("event").at("kind"), "illegal");
  expectError(*white, R"({"type": "try", "point": "C3"})", "already-tried");
  act(*white, Json{{"type", "try"}, {"point", "D4"}}, ls);
  // Black's own stone.
  expectError(*black, R"({"type": "try", "point": "C3"})", "occupied-visible");

  // Forged and missing credentials.
  Client stranger(port_, 5);
  expectError(stranger, R"({"type": "try", "point": "B2"})", "not-joined");
  expectError(stranger,
              R"({"type": "join", "table": ")" + id() +
                  R"(", "token": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})",
              "bad-token");
  std::string forged = table.at("seats").at("black").at("token").get<std::string>();
  forged.back() = forged.back() == 'A' ? 'B' : 'A';
  expectError(stranger, Json{{"type", "join"}, {"table", id()}, {"token", forged}}.dump(),
              "bad-token");
  expectError(stranger, R"({"type": "join", "table": ")" + id() + R"("})", "bad-request");
  expectError(stranger, R"({"type": "pass"})", "not-joined");
  Client lost(port_, 5);
  expectError(lost, R"({"type": "join", "table": "aaaaaaaaaaaa", "watch": true})", "no-such-table");
  expectError(lost, R"({"type": "join", "table": "../../etc", "watch": true})", "no-such-table");

  // Nobody else heard anything: the next action is the next version for everyone.
  const int vw = white->seat("white").version();
  const auto next = act(*black, Json{{"type", "try"}, {"point", "B2"}}, ls);
  EXPECT_EQ(next[1].at("version"), vw + 1);
}

TEST_F(BadInputTest, ErrorsGoOnlyToTheSender) {
  white->ws().send(std::string(R"({"type": "dance"})"));
  EXPECT_EQ(white->nextError().at("code"), "unknown-command");
  black->ws().send(std::string(R"({"type": "dance"})"));
  EXPECT_EQ(black->nextError().at("code"), "unknown-command");
  act(*white, Json{{"type", "pass"}}, ls);
  int errors = 0;
  for (const Json& m : spectator->received()) errors += m.value("type", "") == "error";
  EXPECT_EQ(errors, 0);
  errors = 0;
  for (const Json& m : black->received()) errors += m.value("type", "") == "error";
  EXPECT_EQ(errors, 1);
}

TEST_F(BadInputTest, MovesWaitForEverySeat) {
  const Json t = create(Json{{"rules", Json{{"size", 5}}}});
  auto b = joinSeat(t, "black");
  b->ws().send(std::string(R"({"type": "try", "point": "C3"})"));
  EXPECT_EQ(b->nextError().at("code"), "not-started");
  EXPECT_EQ(http("GET", "/api/tables/" + t.at("table").get<std::string>()).json().at("state"),
            "waiting");
  b->ws().send(std::string(R"({"type": "mark", "point": "C3", "set": true})"));  // marks are fine
  EXPECT_EQ(b->nextEvent("black").at("event").at("kind"), "mark");
}

}  // namespace
}  // namespace pg::test
