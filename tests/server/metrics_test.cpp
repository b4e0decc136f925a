// GET /metrics: Prometheus' text format, the counts of a game played over real connections, and
// nothing in it that names a table, a seat token or a point.
#include <cctype>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include "game_driver.h"
#include "server/node/metrics.h"

namespace pg::test {
namespace {

/// Every sample of a Prometheus text page, keyed by name and labels as written
/// (`phantomgo_actions_total{kind="try"}`). A line that is neither a comment nor
/// `name{labels} value` fails the test.
std::map<std::string, double> samples(const std::string& body) {
  std::map<std::string, double> out;
  std::istringstream in(body);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.rfind(' ');
    EXPECT_NE(space, std::string::npos) << line;
    if (space == std::string::npos) continue;
    const std::string key = line.substr(0, space);
    const std::string value = line.substr(space + 1);
    std::size_t name_end = 0;
    while (name_end < key.size() && (std::isalnum(static_cast<unsigned char>(key[name_end])) ||
                                     key[name_end] == '_' || key[name_end] == ':'))
      ++name_end;
    EXPECT_GT(name_end, 0u) << line;
    EXPECT_TRUE(name_end == key.size() || (key[name_end] == '{' && key.back() == '}')) << line;
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(value, &used);
    } catch (const std::exception&) {
    }
    EXPECT_EQ(used, value.size()) << "not a number: " << line;
    EXPECT_TRUE(out.emplace(key, v).second) << "twice: " << line;
  }
  return out;
}

double at(const std::map<std::string, double>& m, const std::string& key) {
  const auto it = m.find(key);
  EXPECT_NE(it, m.end()) << "no sample " << key;
  return it == m.end() ? -1 : it->second;
}

class MetricsTest : public ServerTest {
 protected:
  std::map<std::string, double> scrape() {
    const HttpResult r = http("GET", "/metrics");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.content_type, "text/plain; version=0.0.4; charset=utf-8");
    EXPECT_EQ(r.headers.count("cache-control") ? r.headers.at("cache-control") : "", "no-store");
    last_body_ = r.body;
    return samples(r.body);
  }
  std::string last_body_;
};

TEST_F(MetricsTest, CountsAGameAndNamesNothingHidden) {
  const auto before = scrape();
  EXPECT_EQ(at(before, "phantomgo_tables"), 0);
  EXPECT_EQ(at(before, R"(phantomgo_actions_total{kind="try"})"), 0);
  EXPECT_GT(at(before, "phantomgo_connections_max"), 0);
  EXPECT_NE(last_body_.find("# HELP phantomgo_commit_seconds "), std::string::npos);
  EXPECT_NE(last_body_.find("phantomgo_build_info{"), std::string::npos);

  const Json t = create(Json{{"rules", Json{{"size", 5}}}});
  auto black = joinSeat(t, "black");
  auto white = joinSeat(t, "white");
  const std::vector<Listener> ls{{black.get(), "black"}, {white.get(), "white"}};
  EXPECT_EQ(act(*black, Json{{"type", "try"}, {"point", "C3"}}, ls)[0].at("event").at("kind"),
            "stone");
  EXPECT_EQ(act(*white, Json{{"type", "try"}, {"point", "C3"}}, ls)[1].at("event").at("kind"),
            "illegal");
  act(*white, Json{{"type", "try"}, {"point", "D4"}}, ls);
  act(*black, Json{{"type", "pass"}}, ls);
  // Refused as bad input (a point already tried this turn is not a try): not counted.
  white->send(Json{{"type", "try"}, {"point", "D4"}});
  white->nextError();

  const auto after = scrape();
  EXPECT_EQ(at(after, R"(phantomgo_actions_total{kind="try"})"), 3);
  EXPECT_EQ(at(after, R"(phantomgo_actions_total{kind="pass"})"), 1);
  EXPECT_EQ(at(after, R"(phantomgo_actions_total{kind="resign"})"), 0);
  EXPECT_EQ(at(after, "phantomgo_commit_seconds_count"), 4);
  EXPECT_GT(at(after, "phantomgo_commit_seconds_sum"), 0);
  EXPECT_EQ(at(after, R"(phantomgo_commit_seconds_bucket{le="+Inf"})"), 4);
  EXPECT_EQ(at(after, "phantomgo_tables"), 1);
  EXPECT_GE(at(after, "phantomgo_connections"), 2);  // the two seats (and this request)
  EXPECT_EQ(at(after, R"(phantomgo_store_errors_total{where="table"})"), 0);
  EXPECT_EQ(at(after, R"(phantomgo_store_errors_total{where="http"})"), 0);
  EXPECT_EQ(at(after, "phantomgo_table_claims_total"), 0);
  EXPECT_EQ(at(after, "phantomgo_table_claims_refused_total"), 0);
  EXPECT_EQ(at(after, "phantomgo_tables_dropped_total"), 0);

  for (const std::string& secret :
       {t.at("table").get<std::string>(), t.at("seats").at("black").at("token").get<std::string>(),
        t.at("seats").at("white").at("token").get<std::string>(), std::string("C3"),
        std::string("D4")})
    EXPECT_EQ(last_body_.find(secret), std::string::npos) << secret;
}

TEST_F(MetricsTest, TimesTheComputer) {
  const Json t = create(Json{{"rules", Json{{"size", 5}}},
                             {"mode", "computer"},
                             {"computer", Json{{"color", "white"}, {"strength", "easy"}}}});
  auto black = joinSeat(t, "black");
  const std::vector<Listener> ls{{black.get(), "black"}};
  act(*black, Json{{"type", "try"}, {"point", "C3"}}, ls);
  black->nextEvent("black");  // the computer's action
  double thought = 0;
  for (int i = 0; i < 100 && thought == 0; ++i) {
    thought = at(scrape(), "phantomgo_bot_thinking_seconds_count");
    if (thought == 0) std::this_thread::sleep_for(20ms);
  }
  EXPECT_GE(thought, 1);
  EXPECT_GE(at(scrape(), R"(phantomgo_actions_total{kind="try"})") +
                at(scrape(), R"(phantomgo_actions_total{kind="pass"})"),
            2);
}

TEST_F(MetricsTest, OnlyGet) {
  EXPECT_EQ(http("POST", "/metrics").status, 405);
  EXPECT_EQ(http("DELETE", "/metrics").status, 405);
}

TEST(Metrics, OwnershipCountersStartAtZeroAndCount) {
  Metrics m;
  auto s = samples(m.text());
  EXPECT_EQ(at(s, "phantomgo_table_claims_total"), 0);
  EXPECT_EQ(at(s, "phantomgo_tables"), 0);  // no source: stays 0
  m.tableClaimed();
  m.claimRefused();
  m.claimRefused();
  m.tablesDropped(5);
  m.storeError(Metrics::StoreErrorAt::Http);
  m.connectionRefused();
  m.readAtScrape([] { return std::size_t{7}; }, [] { return std::size_t{9}; });
  s = samples(m.text());
  EXPECT_EQ(at(s, "phantomgo_table_claims_total"), 1);
  EXPECT_EQ(at(s, "phantomgo_table_claims_refused_total"), 2);
  EXPECT_EQ(at(s, "phantomgo_tables_dropped_total"), 5);
  EXPECT_EQ(at(s, R"(phantomgo_store_errors_total{where="http"})"), 1);
  EXPECT_EQ(at(s, "phantomgo_connections_refused_total"), 1);
  EXPECT_EQ(at(s, "phantomgo_tables"), 7);
  EXPECT_EQ(at(s, "phantomgo_connections"), 9);
}

TEST(Metrics, CommitBucketsFromHalfAMillisecondToTwoSeconds) {
  Metrics m;
  m.commitLatency(std::chrono::microseconds(300));
  m.commitLatency(std::chrono::milliseconds(3));
  m.commitLatency(std::chrono::seconds(5));
  const auto s = samples(m.text());
  EXPECT_EQ(at(s, R"(phantomgo_commit_seconds_bucket{le="0.0005"})"), 1);
  EXPECT_EQ(at(s, R"(phantomgo_commit_seconds_bucket{le="0.005"})"), 2);
  EXPECT_EQ(at(s, R"(phantomgo_commit_seconds_bucket{le="2"})"), 2);
  EXPECT_EQ(at(s, R"(phantomgo_commit_seconds_bucket{le="+Inf"})"), 3);
  EXPECT_EQ(at(s, "phantomgo_commit_seconds_count"), 3);
}

}  // namespace
}  // namespace pg::test
