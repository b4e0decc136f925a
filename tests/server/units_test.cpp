// The server's small parts on their own: tokens, static paths and MIME types, the Fischer clock
// (with its cap, and as a correspondence clock), the computer's thinking time on it, the table
// setup's JSON, the rate limiter, the exceptions' texts for the log.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "client/latency_probe.h"
#include "server/api/accept_language.h"
#include "server/api/module_imports.h"
#include "server/api/static_files.h"
#include "server/node/exception_text.h"
#include "server/node/rate_limiter.h"
#include "server/node/tokens.h"
#include "server/table/bot_time.h"
#include "server/table/fischer_clock.h"
#include "server/table/table_setup.h"

namespace pg {
namespace {

TEST(Tokens, SeatTokensAreLongRandomAndUrlSafe) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string t = newSeatToken();
    EXPECT_EQ(t.size(), 32u);  // 192 bits
    for (char c : t)
      EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_');
    EXPECT_TRUE(seen.insert(t).second);
  }
}

TEST(Tokens, TableIds) {
  const std::string id = newTableId();
  EXPECT_TRUE(isTableId(id));
  EXPECT_FALSE(isTableId("short"));
  EXPECT_FALSE(isTableId("ABCDEFGHIJKL"));
  EXPECT_FALSE(isTableId("../../etc/pw"));
  EXPECT_NE(newTableId(), newTableId());
}

// A JSON parse error's what() quotes what it read (a stored event's point, a chat line); the log
// gets its position only. Other exceptions keep their text.
TEST(ExceptionText, AJsonParseErrorIsToldByItsPositionOnly) {
  try {
    const nlohmann::json parsed = nlohmann::json::parse(R"({"kind": "try", "point": "D4)");
    ADD_FAILURE() << "parsed " << parsed.dump();
  } catch (const std::exception& e) {
    ASSERT_NE(std::string(e.what()).find("D4"), std::string::npos) << "what() quotes it";
    const std::string text = exceptionText(e);
    EXPECT_EQ(text.find("D4"), std::string::npos) << text;
    EXPECT_NE(text.find("at byte"), std::string::npos) << text;
    EXPECT_EQ(exceptionText(std::current_exception()), text);
  }
  EXPECT_EQ(exceptionText(std::runtime_error("disk full")), "disk full");
  EXPECT_EQ(exceptionText(std::make_exception_ptr(42)), "unknown error");
}

TEST(Tokens, ConstantTimeEquals) {
  EXPECT_TRUE(constantTimeEquals("abc", "abc"));
  EXPECT_FALSE(constantTimeEquals("abc", "abd"));
  EXPECT_FALSE(constantTimeEquals("abc", "abcd"));
  EXPECT_FALSE(constantTimeEquals("", "a"));
  EXPECT_TRUE(constantTimeEquals("", ""));
}

TEST(StaticFiles, PathsStayInsideTheFolder) {
  EXPECT_EQ(staticPath("/"), "index.html");
  EXPECT_EQ(staticPath("/app.js"), "app.js");
  EXPECT_EQ(staticPath("/lib/x.mjs?v=2"), "lib/x.mjs");
  EXPECT_EQ(staticPath("/i18n/"), "i18n/index.html");
  EXPECT_EQ(staticPath("/a%20b.txt"), "a b.txt");
  for (const char* bad : {"", "app.js", "/../x", "/a/../../x", "/%2e%2e/x", "/..%2fx", "/a/./b",
                          "/a//b", "/a\\b", "/a%00b", "/%zz", "/%2"})
    EXPECT_FALSE(staticPath(bad).has_value()) << bad;
}

TEST(StaticFiles, EntityTagsFollowTheBytes) {
  const std::string a = entityTag("export const x = 1;\n");
  EXPECT_EQ(a.size(), 18u);
  EXPECT_EQ(a.front(), '"');
  EXPECT_EQ(a.back(), '"');
  EXPECT_EQ(entityTag("export const x = 1;\n"), a);
  EXPECT_NE(entityTag("export const x = 2;\n"), a);
  EXPECT_NE(entityTag(""), a);
}

TEST(StaticFiles, IfNoneMatchListsCompareWeakly) {
  const std::string tag = "\"0123456789abcdef\"";
  EXPECT_TRUE(noneMatchHits(tag, tag));
  EXPECT_TRUE(noneMatchHits("W/" + tag, tag));
  EXPECT_TRUE(noneMatchHits("\"x\", " + tag + " ,\"y\"", tag));
  EXPECT_TRUE(noneMatchHits("\t*", tag));
  EXPECT_FALSE(noneMatchHits("", tag));
  EXPECT_FALSE(noneMatchHits(",", tag));
  EXPECT_FALSE(noneMatchHits("\"0123456789abcdee\"", tag));
  EXPECT_FALSE(noneMatchHits("0123456789abcdef", tag));  // unquoted: another tag
  EXPECT_FALSE(noneMatchHits("W/", tag));
}

TEST(StaticFiles, StaticImportsAreFoundAsWrittenAndMinified) {
  const std::string src =
      "import { a } from './a.js';\n"
      "import b from \"b\";\n"
      "// import c from './comment.js'\n"
      " * import d from './doc.js'\n"
      "import './side.js';\n"
      "export * from './re.js';\n"
      "const lazy = () => import('./lazy.js'), f = Array.from('xy');\n"
      "import{options as n}from\"preact\";export{x}from'./min.js';\n"
      "import LEVELS from './levels.json' with { type: 'json' };\n";
  EXPECT_EQ(staticImports(src), (std::vector<std::string>{"./a.js", "b", "./side.js", "./re.js",
                                                          "preact", "./min.js", "./levels.json"}));
}

TEST(StaticFiles, TheFirstKnownLanguageIsPicked) {
  const std::vector<std::string> codes{"cs", "de", "en", "fi"};
  EXPECT_EQ(pickLanguage("de-CH,de;q=0.9,en;q=0.8", codes), "de");
  EXPECT_EQ(pickLanguage("fr-FR, fr;q=0.9, CS;q=0.5", codes), "cs");
  EXPECT_EQ(pickLanguage("fi", codes), "fi");
  EXPECT_EQ(pickLanguage("fr", codes), "en");
  EXPECT_EQ(pickLanguage("", codes), "en");
  EXPECT_EQ(pickLanguage("*", codes), "en");
}

TEST(StaticFiles, MimeTypes) {
  EXPECT_EQ(mimeType("a.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mimeType("a.mjs"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mimeType("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(mimeType("s.CSS"), "text/css; charset=utf-8");
  EXPECT_EQ(mimeType("i.svg"), "image/svg+xml");
  EXPECT_EQ(mimeType("d.json"), "application/json");
  EXPECT_EQ(mimeType("m.wasm"), "application/wasm");
  EXPECT_EQ(mimeType("noext"), "application/octet-stream");
  EXPECT_EQ(mimeType("dir.d/noext"), "application/octet-stream");
}

TEST(FischerClock, ChargesTheMoverAndAddsTheIncrement) {
  FischerClock c(10000, 2000);
  EXPECT_EQ(c.running(), Color::Empty);
  EXPECT_EQ(c.remaining(Color::Black, 0), 10000);
  c.start(Color::Black, 1000);
  EXPECT_EQ(c.remaining(Color::Black, 4000), 7000);
  EXPECT_EQ(c.remaining(Color::White, 4000), 10000);
  c.switchTurn(4000);  // Black used 3 s, gets 2 s
  EXPECT_EQ(c.running(), Color::White);
  EXPECT_EQ(c.remaining(Color::Black, 9000), 9000);
  EXPECT_EQ(c.remaining(Color::White, 9000), 5000);
  EXPECT_EQ(c.deadline(), 14000);
  c.pause(9000, 60000);  // server down for 51 s: not charged
  EXPECT_EQ(c.remaining(Color::White, 60000), 5000);
  EXPECT_EQ(c.deadline(), 65000);
  c.stop(61000);
  EXPECT_EQ(c.running(), Color::Empty);
  EXPECT_EQ(c.remaining(Color::White, 99000), 4000);
  c.switchTurn(99000);  // no effect once stopped
  EXPECT_EQ(c.remaining(Color::Black, 99000), 9000);
}

TEST(FischerClock, TheCapBoundsWhatTheIncrementAdds) {
  FischerClock c(10000, 4000, 12000);
  EXPECT_EQ(c.capMs(), 12000);
  c.start(Color::Black, 0);
  c.switchTurn(1000);  // 9 s + 4 s, capped at 12 s
  EXPECT_EQ(c.remaining(Color::Black, 1000), 12000);
  c.switchTurn(8000);  // White used 7 s: 3 s + 4 s, under the cap
  EXPECT_EQ(c.remaining(Color::White, 8000), 7000);
}

TEST(BotTime, TheBaseWithoutAClockAndLessWhenTheClockRunsLow) {
  const SearchLimits free = botTime(1.0, std::nullopt, Color::White, 0);
  EXPECT_DOUBLE_EQ(free.seconds, 1.0);
  EXPECT_DOUBLE_EQ(free.max_seconds, 0.0) << "no clock: nothing to run out";

  std::optional<FischerClock> clock(FischerClock(60000, 0));
  EXPECT_DOUBLE_EQ(botTime(1.0, clock, Color::White, 0).max_seconds, 0.0) << "not started";
  clock->start(Color::White, 0);
  const SearchLimits plenty = botTime(1.0, clock, Color::White, 0);
  EXPECT_DOUBLE_EQ(plenty.seconds, 1.0);
  EXPECT_DOUBLE_EQ(plenty.max_seconds, 6.0) << "a tenth of the 60 s left";
  // 3 s left: a twentieth for the move, and saved time may take it to a tenth, no further.
  const SearchLimits low = botTime(1.0, clock, Color::White, 57000);
  EXPECT_DOUBLE_EQ(low.seconds, 0.15);
  EXPECT_DOUBLE_EQ(low.max_seconds, 0.3);
  const SearchLimits out = botTime(1.0, clock, Color::White, 60000);
  EXPECT_DOUBLE_EQ(out.seconds, 0.01);
  EXPECT_DOUBLE_EQ(out.max_seconds, 0.01);
}

TEST(FischerClock, CorrespondenceSetsTheMovesDaysBackAfterEachTurn) {
  constexpr int64_t day = 86400000;
  const ClockSetup s = correspondenceClock(3);
  EXPECT_TRUE(s.correspondence());
  EXPECT_EQ(s.main_ms, 3 * day);
  EXPECT_EQ(s.capMs(), 3 * day);
  FischerClock c(s.main_ms, s.increment_ms, s.capMs());
  c.start(Color::Black, 0);
  EXPECT_EQ(c.deadline(), 3 * day);
  c.switchTurn(2 * day + 5);  // Black took two days: three again, nothing saved up
  EXPECT_EQ(c.remaining(Color::Black, 2 * day + 5), 3 * day);
  EXPECT_EQ(c.running(), Color::White);
  EXPECT_EQ(c.deadline(), 5 * day + 5);
  c.switchTurn(2 * day + 10);  // White answered at once: still only three days
  EXPECT_EQ(c.remaining(Color::White, 9 * day), 3 * day);
  EXPECT_EQ(c.remaining(Color::Black, 3 * day), 2 * day + 10);
  c.pause(3 * day, 4 * day);  // a day of downtime is not charged
  EXPECT_EQ(c.remaining(Color::Black, 4 * day), 2 * day + 10);
  EXPECT_EQ(c.deadline(), 6 * day + 10);
  EXPECT_LE(c.remaining(Color::Black, 6 * day + 10), 0);  // the loss on time is due then
  const ClockSetup week = correspondenceClock(7);
  EXPECT_EQ(week.main_ms, 7 * day);
  EXPECT_EQ(ClockSetup{}.capMs(), 0);
}

TEST(TableSetup, CorrespondenceClock) {
  for (int days : correspondenceDays()) {
    const TableSetup s = setupFromJson(Json{{"clock", Json{{"days_per_move", days}}}});
    ASSERT_TRUE(s.clock);
    EXPECT_EQ(s.clock->days_per_move, days);
    EXPECT_EQ(s.clock->main_ms, days * 86400000LL);
    EXPECT_EQ(clockSetupToJson(s.clock),
              (Json{{"kind", "correspondence"}, {"days_per_move", days}}));
    EXPECT_EQ(setupToJson(s).at("clock"), (Json{{"days_per_move", days}}));  // as stored
    EXPECT_EQ(setupFromJson(setupToJson(s)), s);
  }
  const TableSetup k =
      setupFromJson(Json::parse(R"({"clock":{"kind":"correspondence","days_per_move":7}})"));
  EXPECT_EQ(k.clock->days_per_move, 7);
  // A stored Fischer setup from before the kind field reads as Fischer.
  const TableSetup f = setupFromJson(Json::parse(R"({"clock":{"main_seconds":60}})"));
  EXPECT_FALSE(f.clock->correspondence());
  EXPECT_EQ(f.clock->capMs(), 0);
  EXPECT_EQ(clockSetupToJson(f.clock).at("kind"), "fischer");
  // Stored as before: a server from before correspondence reads it.
  EXPECT_EQ(setupToJson(f).at("clock"), (Json{{"main_seconds", 60.0}, {"increment_seconds", 0.0}}));
  EXPECT_EQ(setupFromJson(setupToJson(f)), f);
  EXPECT_EQ(setupFromJson(Json{{"clock", clockSetupToJson(f.clock)}}).clock, f.clock);
  for (const char* bad :
       {R"({"clock":{"days_per_move":5}})", R"({"clock":{"days_per_move":-1}})",
        R"({"clock":{"days_per_move":1.5}})", R"({"clock":{"days_per_move":null}})",
        R"({"clock":{"days_per_move":3,"main_seconds":60}})",
        R"({"clock":{"days_per_move":3,"increment_seconds":0}})",
        R"({"clock":{"kind":"correspondence"}})",
        R"({"clock":{"kind":"fischer","days_per_move":1}})",
        R"({"clock":{"kind":"byoyomi","main_seconds":60}})", R"({"clock":{"kind":3}})"})
    EXPECT_THROW(setupFromJson(Json::parse(bad)), ProtocolError) << bad;
}

TEST(TableSetup, DefaultsAndRoundTrip) {
  const TableSetup d = setupFromJson(Json::object());
  EXPECT_EQ(d.rules.size, 9);
  EXPECT_EQ(d.mode, TableMode::Online);
  EXPECT_FALSE(d.clock);
  EXPECT_FALSE(d.computer);
  EXPECT_EQ(d.black_name, "Black");
  const TableSetup c = setupFromJson(Json::parse(
      R"({"mode":"computer","computer":{"color":"black","strength":"hard"},
          "clock":{"main_seconds":90.5,"increment_seconds":3},"rules":{"size":13,"topology":"torus"}})"));
  EXPECT_EQ(c.computer->color, Color::Black);
  EXPECT_EQ(c.computer->strength, "hard");
  EXPECT_EQ(c.clock->main_ms, 90500);
  EXPECT_EQ(c.clock->increment_ms, 3000);
  EXPECT_EQ(c.black_name, "phantomgo (hard)");
  EXPECT_FALSE(c.isHuman(Color::Black));
  EXPECT_TRUE(c.isHuman(Color::White));
  EXPECT_EQ(setupFromJson(setupToJson(c)), c);
  const TableSetup m = setupFromJson(Json{{"mode", "computer"}});
  EXPECT_EQ(m.computer->color, Color::White);
  EXPECT_EQ(m.computer->strength, "medium");
}

TEST(TableSetup, Errors) {
  for (const char* bad :
       {R"([])", R"({"mode":1})", R"({"clock":{"main_seconds":1e9}})",
        R"({"clock":{"increment_seconds":1}})", R"({"clock":{"main_seconds":10,"x":1}})",
        R"({"computer":{"color":"white"}})", R"({"mode":"computer","computer":{"color":"red"}})",
        R"({"names":{"black":"a\u0001"}})", R"({"names":{"grey":"x"}})",
        R"({"rules":{"size":9,"wrap":true}})"})
    EXPECT_THROW(setupFromJson(Json::parse(bad)), ProtocolError) << bad;
}

TEST(RateLimiter, BurstThenRate) {
  RateLimiter r(2, 3);
  const auto t0 = RateLimiter::Clock::now();
  EXPECT_TRUE(r.allow(t0));
  EXPECT_TRUE(r.allow(t0));
  EXPECT_TRUE(r.allow(t0));
  EXPECT_FALSE(r.allow(t0));
  EXPECT_TRUE(r.allow(t0 + std::chrono::milliseconds(500)));
  EXPECT_FALSE(r.allow(t0 + std::chrono::milliseconds(600)));
  EXPECT_TRUE(r.allow(t0 + std::chrono::seconds(10)));
}

TEST(LatencyProbe, Quantile) {
  std::vector<double> v;
  for (int i = 1; i <= 100; ++i) v.push_back(i);
  EXPECT_EQ(quantile(v, 0.5), 50);
  EXPECT_EQ(quantile(v, 0.99), 99);
  EXPECT_EQ(quantile(v, 1.0), 100);
  EXPECT_EQ(quantile({7}, 0.99), 7);
}

}  // namespace
}  // namespace pg
