// The JSON log lines (server/node/json_log_formatter.h): one valid object a line whatever the
// message holds, the time in UTC with milliseconds, the level as --log-level names it, the node,
// and the table lifted out of a message that begins "table <id>: ".
#include "server/node/json_log_formatter.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>
#include <sstream>

namespace pg {
namespace {

using namespace std::chrono_literals;

/// The line the formatter makes of one message.
std::string jsonLine(std::string_view payload,
                     spdlog::level::level_enum level = spdlog::level::info,
                     spdlog::log_clock::time_point at = spdlog::log_clock::time_point{},
                     const std::string& node = "web1:8081") {
  JsonLogFormatter f(node);
  const spdlog::details::log_msg msg(at, spdlog::source_loc{}, "phantomgo", level,
                                     spdlog::string_view_t(payload.data(), payload.size()));
  spdlog::memory_buf_t out;
  f.format(msg, out);
  return std::string(out.data(), out.size());
}

/// The object of a line, which must be exactly one line of valid JSON.
nlohmann::json parsedLine(const std::string& line) {
  EXPECT_FALSE(line.empty());
  EXPECT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line: " << line;
  return nlohmann::json::parse(line.substr(0, line.size() - 1));
}

TEST(JsonLogFormatter, SplitsATablesPrefixOnly) {
  const auto t = splitTableMessage("table k2mbq7xzaa3p: black joined (127.0.0.1)");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->table, "k2mbq7xzaa3p");
  EXPECT_EQ(t->message, "black joined (127.0.0.1)");
  for (const char* other :
       {"tables: 3", "table : x", "table k2m: ", "the table k2m: x", "table k2m x: y",
        "table k2m:x", "table k2m", "", "table \"x\": y", "challenge c1: taken"}) {
    if (std::string_view(other) == "table k2m: ") {
      ASSERT_TRUE(splitTableMessage(other)) << "an empty message is still a message";
      EXPECT_EQ(splitTableMessage(other)->message, "");
      continue;
    }
    EXPECT_FALSE(splitTableMessage(other)) << other;
  }
  EXPECT_FALSE(splitTableMessage("table " + std::string(65, 'a') + ": x"));
  EXPECT_TRUE(splitTableMessage("table " + std::string(64, 'a') + ": x"));
}

TEST(JsonLogFormatter, EachLineIsOneObjectWithItsFields) {
  const auto at = spdlog::log_clock::time_point{} + 1796465277s + 123ms;  // 2026-12-05
  const nlohmann::json j = parsedLine(
      jsonLine("table k2mbq7xzaa3p: over, black wins (resign)", spdlog::level::warn, at));
  EXPECT_EQ(j.at("time"), "2026-12-05T10:07:57.123Z");
  EXPECT_EQ(j.at("level"), "warn");
  EXPECT_EQ(j.at("node"), "web1:8081");
  EXPECT_EQ(j.at("table"), "k2mbq7xzaa3p");
  EXPECT_EQ(j.at("message"), "over, black wins (resign)");
  EXPECT_EQ(j.size(), 5u);

  const nlohmann::json plain = parsedLine(jsonLine("listening on http://127.0.0.1:8081"));
  EXPECT_FALSE(plain.contains("table")) << "no table: no field";
  EXPECT_EQ(plain.at("message"), "listening on http://127.0.0.1:8081");
  EXPECT_EQ(plain.at("time"), "1970-01-01T00:00:00.000Z");

  // The names --log-level takes, not spdlog's own ("warning", "err").
  const std::pair<spdlog::level::level_enum, const char*> levels[] = {
      {spdlog::level::trace, "trace"}, {spdlog::level::debug, "debug"},
      {spdlog::level::info, "info"},   {spdlog::level::warn, "warn"},
      {spdlog::level::err, "error"},   {spdlog::level::critical, "critical"}};
  for (const auto& [level, name] : levels)
    EXPECT_EQ(parsedLine(jsonLine("x", level)).at("level"), name);
  // Milliseconds pad, and a time before 1970 counts them up from the second before.
  EXPECT_EQ(parsedLine(jsonLine("x", spdlog::level::info, spdlog::log_clock::time_point{} + 7ms))
                .at("time"),
            "1970-01-01T00:00:00.007Z");
  EXPECT_EQ(parsedLine(jsonLine("x", spdlog::level::info, spdlog::log_clock::time_point{} - 500ms))
                .at("time"),
            "1969-12-31T23:59:59.500Z");
}

TEST(JsonLogFormatter, QuotesNewlinesControlsAndBadBytesAreEscaped) {
  // A message may carry what a client wrote (a path, a passkey's origin): it must not end the
  // line, forge another, or break the JSON.
  const std::string nasty =
      "a \"quoted\" \\ path\nforged {\"level\":\"critical\"}\r\t\x01\x1f\x7f end ✓ \xff\xc3 "
      "\xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82";
  const std::string line = jsonLine("table abc: " + nasty, spdlog::level::info, {}, "n\"1\n");
  const nlohmann::json j = parsedLine(line);
  EXPECT_EQ(j.at("node"), "n\"1\n");
  EXPECT_EQ(j.at("table"), "abc");
  const std::string bad = "\xef\xbf\xbd";  // U+FFFD, for each byte that is not UTF-8
  EXPECT_EQ(j.at("message"),
            "a \"quoted\" \\ path\nforged {\"level\":\"critical\"}\r\t\x01\x1f\x7f end ✓ " + bad +
                bad + " " + bad + bad + bad + " " + bad + bad + bad + bad + " " + bad + bad);
  for (const char* escaped : {"\\\"quoted\\\"", "\\\\ path", "\\n", "\\r", "\\t", "\\u0001",
                              "\\u001f", "\\u007f", "\\ufffd"})
    EXPECT_NE(line.find(escaped), std::string::npos) << escaped;
  // Every byte of the line is printable ASCII or part of valid UTF-8 (the ✓).
  for (const char c : line.substr(0, line.size() - 1)) {
    const auto b = static_cast<unsigned char>(c);
    EXPECT_TRUE(b >= 0x20 && b != 0x7f) << int(b);
  }
}

TEST(JsonLogFormatter, ALoggerWritesOneLineAMessage) {
  std::ostringstream out;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
  spdlog::logger logger("json-formatter-test", sink);
  logger.set_formatter(std::make_unique<JsonLogFormatter>("web2:8082"));
  logger.info("table {}: {} joined ({})", "k2mbq7xzaa3p", "white", "127.0.0.1");
  logger.error("store failure on {} {}: {}", "GET", "/api/tables/x", "disk full");
  std::istringstream in(out.str());
  std::vector<nlohmann::json> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].at("table"), "k2mbq7xzaa3p");
  EXPECT_EQ(lines[0].at("message"), "white joined (127.0.0.1)");
  EXPECT_EQ(lines[1].at("level"), "error");
  EXPECT_EQ(lines[1].at("node"), "web2:8082");
  EXPECT_FALSE(lines[1].contains("table"));
}

}  // namespace
}  // namespace pg
