// The limits per client address (issue #34, docs/security.md "One address against the site"),
// each against the real server over loopback. Every 127.x.y.z is loopback, so the tests play
// several client addresses by choosing their connections' source address; none of them is a
// trusted proxy (only 127.0.0.1 is), so the server takes each for the client's own.
#include <gtest/gtest.h>

#include <regex>
#include <thread>

#include "server/server_harness.h"

namespace pg::test {
namespace {

constexpr const char* kOneAddress = "127.0.0.2";
constexpr const char* kAnotherAddress = "127.0.0.3";

class AddressLimitsTest : public ServerTest {
 protected:
  void SetUp() override {
    spdlog::set_level(spdlog::level::warn);
    settings_ = testSettings(dir_);
  }
  void start() { startServer(); }

  HttpResult from(const std::string& address, const std::string& method, const std::string& target,
                  const std::string& body = "") {
    return httpRequest("127.0.0.1", port_, method, target, body, "application/json", {}, address);
  }
  /// POST /api/tables from `address`.
  HttpResult createFrom(const std::string& address, const Json& req = Json{{"mode", "online"}}) {
    return from(address, "POST", "/api/tables", req.dump());
  }
  /// A connection from `address` that joins `table` (as a spectator without a seat); returns
  /// the reply (`joined` or `error`).
  Json joinFrom(const std::string& address, const Json& table, std::unique_ptr<Client>& out,
                const std::string& seat = "") {
    out = std::make_unique<Client>(port_, 9, address);
    Json j{{"type", "join"}, {"table", table.at("table")}};
    if (seat.empty())
      j["watch"] = true;
    else
      j["token"] = table.at("seats").at(seat).at("token");
    return out->join(j);
  }
  /// The counter phantomgo_rate_limited_total{kind="<kind>"}.
  double limited(const std::string& kind) { return metric("phantomgo_rate_limited_total", kind); }
  double metric(const std::string& name, const std::string& kind = "") {
    const HttpResult r = http("GET", "/metrics");
    const std::string labels = kind.empty() ? "" : "\\{kind=\"" + kind + "\"\\}";
    const std::regex line("\\n" + name + labels + " ([0-9.e+]+)");
    std::smatch m;
    if (!std::regex_search(r.body, m, line)) return -1;
    return std::stod(m[1]);
  }
  static void expectLimited(const HttpResult& r) {
    EXPECT_EQ(r.status, 429) << r.body;
    EXPECT_EQ(r.json().at("error").at("code"), "rate-limited") << r.body;
    ASSERT_TRUE(r.headers.count("retry-after")) << r.body;
    EXPECT_GE(std::stoi(r.headers.at("retry-after")), 1);
  }
};

TEST_F(AddressLimitsTest, TheInfoNamesTheLimitsPerAddress) {
  settings_.limits.tables_per_minute_per_address = 7;
  start();
  const Json info = http("GET", "/api/info").json();
  EXPECT_EQ(info.at("per_address").at("tables_per_minute"), 7);
  EXPECT_EQ(info.at("per_address").at("waiting_table_ttl_ms"), 24 * 3600 * 1000);
}

TEST_F(AddressLimitsTest, ConnectionsFromOneAddressHaveACeiling) {
  settings_.limits.connections_per_address = 3;
  start();
  std::vector<std::unique_ptr<WsClient>> held;
  for (int i = 0; i < 3; ++i)
    held.push_back(std::make_unique<WsClient>("127.0.0.1", port_, "/ws", kOneAddress));
  // The fourth is answered before any upgrade; a request as well.
  EXPECT_THROW(WsClient("127.0.0.1", port_, "/ws", kOneAddress), std::runtime_error);
  expectLimited(from(kOneAddress, "GET", "/api/info"));
  // Another address is not concerned.
  EXPECT_EQ(from(kAnotherAddress, "GET", "/api/info").status, 200);
  EXPECT_GE(limited("connections"), 2);
  // Once one closes, the address may connect again.
  held.pop_back();
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline &&
         (status = from(kOneAddress, "GET", "/api/info").status) != 200)
    std::this_thread::sleep_for(20ms);
  EXPECT_EQ(status, 200);
}

TEST_F(AddressLimitsTest, ConnectionsBehindTheTrustedProxyCountForTheAddressItNames) {
  settings_.limits.connections_per_address = 1;
  start();
  // A connection from the proxy that names no client counts for the proxy's own address ...
  const WsClient held("127.0.0.1", port_, "/ws");
  const auto viaProxy = [&](const std::string& client) {
    return httpRequest("127.0.0.1", port_, "GET", "/api/info", "", "application/json",
                       {{"X-Real-IP", client}});
  };
  EXPECT_EQ(httpRequest("127.0.0.1", port_, "GET", "/api/info").status, 429);
  // ... and each request that names one counts for that client, not for the proxy.
  EXPECT_EQ(viaProxy("192.0.2.7").status, 200);
  EXPECT_EQ(viaProxy("192.0.2.8").status, 200);
}

TEST_F(AddressLimitsTest, JoinsFromOneAddressAreRateLimited) {
  settings_.limits.joins_per_second_per_address = 0.01;
  settings_.limits.join_burst_per_address = 3;
  start();
  const Json table = create(Json{{"mode", "online"}});
  std::vector<std::unique_ptr<Client>> clients(5);
  int joined = 0;
  int refused = 0;
  for (auto& c : clients) {
    const Json reply = joinFrom(kOneAddress, table, c);
    if (reply.value("type", "") == "joined") ++joined;
    if (reply.value("type", "") == "error") {
      EXPECT_EQ(reply.at("code"), "rate-limited") << reply.dump();
      ++refused;
    }
  }
  EXPECT_EQ(joined, 3);
  EXPECT_EQ(refused, 2);
  EXPECT_EQ(limited("joins"), 2);
  // The players, from another address, are not concerned.
  std::unique_ptr<Client> black;
  EXPECT_EQ(joinFrom(kAnotherAddress, table, black, "black").value("type", ""), "joined");
}

TEST_F(AddressLimitsTest, ApiRequestsFromOneAddressAreRateLimited) {
  settings_.limits.api_requests_per_second_per_address = 0.01;
  settings_.limits.api_burst_per_address = 5;
  start();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(from(kOneAddress, "GET", "/api/info").status, 200);
  expectLimited(from(kOneAddress, "GET", "/api/info"));
  expectLimited(from(kOneAddress, "POST", "/api/tables", "{}"));
  // The page itself and the health check are not API requests.
  EXPECT_EQ(from(kOneAddress, "GET", "/").status, 200);
  EXPECT_EQ(from(kOneAddress, "GET", "/healthz").status, 200);
  EXPECT_EQ(from(kAnotherAddress, "GET", "/api/info").status, 200);
  EXPECT_EQ(limited("api_requests"), 2);
}

TEST_F(AddressLimitsTest, TablesAMinuteFromOneAddress) {
  settings_.limits.tables_per_minute_per_address = 3;
  start();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(createFrom(kOneAddress).status, 201);
  const HttpResult r = createFrom(kOneAddress);
  expectLimited(r);
  EXPECT_LE(std::stoi(r.headers.at("retry-after")), 60);
  EXPECT_EQ(createFrom(kAnotherAddress).status, 201);
  EXPECT_EQ(limited("tables_per_minute"), 1);
}

TEST_F(AddressLimitsTest, TablesAnHourFromOneAddress) {
  settings_.limits.tables_per_hour_per_address = 2;
  start();
  const Json computer{{"mode", "computer"}, {"computer", Json{{"strength", "beginner"}}}};
  for (int i = 0; i < 2; ++i) EXPECT_EQ(createFrom(kOneAddress, computer).status, 201);
  const HttpResult r = createFrom(kOneAddress, computer);
  expectLimited(r);
  EXPECT_GT(std::stoi(r.headers.at("retry-after")), 60);
  EXPECT_EQ(limited("tables_per_hour"), 1);
}

TEST_F(AddressLimitsTest, WaitingTablesFromOneAddressUntilOneStarts) {
  settings_.limits.waiting_tables_per_address = 2;
  start();
  const HttpResult first = createFrom(kOneAddress);
  ASSERT_EQ(first.status, 201);
  ASSERT_EQ(createFrom(kOneAddress).status, 201);
  expectLimited(createFrom(kOneAddress));
  EXPECT_EQ(limited("waiting_tables"), 1);
  // A bad request is refused as such, counting nothing.
  EXPECT_EQ(createFrom(kOneAddress, Json{{"mode", "nonsense"}}).status, 400);
  // Once both players of one have joined, it is in play and no longer waits.
  std::unique_ptr<Client> black;
  std::unique_ptr<Client> white;
  ASSERT_EQ(joinFrom(kAnotherAddress, first.json(), black, "black").value("type", ""), "joined");
  ASSERT_EQ(joinFrom(kAnotherAddress, first.json(), white, "white").value("type", ""), "joined");
  black->nextInfo([](const Json& info) { return info.value("state", "") == "playing"; });
  EXPECT_EQ(createFrom(kOneAddress).status, 201);
}

TEST_F(AddressLimitsTest, AChallengesTableCountsAmongItsCreatorsTables) {
  settings_.limits.waiting_tables_per_address = 1;
  start();
  const HttpResult c = from(kOneAddress, "POST", "/api/challenges", Json::object().dump());
  ASSERT_EQ(c.status, 201) << c.body;
  expectLimited(createFrom(kOneAddress));
  expectLimited(from(kOneAddress, "POST", "/api/challenges", Json::object().dump()));
}

TEST_F(AddressLimitsTest, SpectatorsOfOneTableFromOneAddress) {
  settings_.limits.spectators_per_table_per_address = 2;
  start();
  const Json table = create(Json{{"mode", "online"}});
  std::vector<std::unique_ptr<Client>> watchers(3);
  EXPECT_EQ(joinFrom(kOneAddress, table, watchers[0]).value("type", ""), "joined");
  EXPECT_EQ(joinFrom(kOneAddress, table, watchers[1]).value("type", ""), "joined");
  const Json third = joinFrom(kOneAddress, table, watchers[2]);
  EXPECT_EQ(third.value("code", ""), "rate-limited") << third.dump();
  EXPECT_EQ(limited("spectators"), 1);
  // A seat is never refused, nor a spectator from elsewhere.
  std::unique_ptr<Client> black;
  std::unique_ptr<Client> other;
  EXPECT_EQ(joinFrom(kOneAddress, table, black, "black").value("type", ""), "joined");
  EXPECT_EQ(joinFrom(kAnotherAddress, table, other).value("type", ""), "joined");
  // One spectator leaves: room for another.
  watchers[0].reset();
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  std::string type;
  while (std::chrono::steady_clock::now() < deadline && type != "joined") {
    type = joinFrom(kOneAddress, table, watchers[2]).value("type", "");
    if (type != "joined") std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(type, "joined");
}

TEST_F(AddressLimitsTest, SpectatorsOfOneAddressShareAChatRate) {
  start();
  const Json table = create(Json{{"mode", "online"}});
  std::vector<std::unique_ptr<Client>> watchers(4);
  for (auto& w : watchers) ASSERT_EQ(joinFrom(kOneAddress, table, w).value("type", ""), "joined");
  // Each connection stays within its own three lines at once; together, twelve lines pass the
  // address's six at once (and the two a second it gains back while they are handled, however
  // slow the machine is, unless that takes more than a second and a half).
  for (int round = 0; round < 3; ++round)
    for (auto& w : watchers) w->send(Json{{"type", "chat"}, {"text", "hello"}});
  auto count = [&](const std::string& text, bool all) {
    int n = 0;
    for (std::size_t i = 0; i < (all ? watchers.size() : 1); ++i)
      for (const std::string& f : watchers[i]->ws().history())
        n += f.find(text) != std::string::npos;
    return n;
  };
  const std::string refusal = "\"rate-limited\"";
  const std::string line = "\"type\":\"chat\"";
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (std::chrono::steady_clock::now() < deadline &&
         count(refusal, true) + count(line, false) < 12)
    std::this_thread::sleep_for(20ms);
  const int refused = count(refusal, true);
  const int lines = count(line, false);  // every spectator sees every line
  EXPECT_EQ(lines + refused, 12);
  EXPECT_GE(lines, 6);
  EXPECT_GE(refused, 3);
  EXPECT_EQ(limited("chat"), refused);
}

TEST_F(AddressLimitsTest, AWaitingTableExpiresAndIsForgotten) {
  settings_.limits.waiting_table_ttl = 1500ms;
  settings_.limits.expiry_interval = 100ms;
  start();
  const Json waiting = create(Json{{"mode", "online"}});
  const Json played =
      create(Json{{"mode", "computer"}, {"computer", Json{{"strength", "beginner"}}}});
  auto creator = joinSeat(waiting, "black");
  auto player = joinSeat(played, "black");
  // The creator's connection is told, then closed.
  const Json expired =
      creator->until([](const Json& m) { return m.value("type", "") == "error"; }, 20s);
  EXPECT_EQ(expired.value("code", ""), "table-expired") << expired.dump();
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!creator->ws().closed() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(creator->ws().closed());
  EXPECT_EQ(http("GET", "/api/tables/" + waiting.at("table").get<std::string>()).status, 404);
  // A waiting table nobody is at expires too (it is only in the store).
  const Json unvisited = create(Json{{"mode", "online"}});
  std::this_thread::sleep_for(1500ms);
  const auto until = std::chrono::steady_clock::now() + 10s;
  int status = 200;
  while (status != 404 && std::chrono::steady_clock::now() < until) {
    status = http("GET", "/api/tables/" + unvisited.at("table").get<std::string>()).status;
    if (status != 404) std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(status, 404);
  // The game in play stays.
  EXPECT_EQ(http("GET", "/api/tables/" + played.at("table").get<std::string>()).status, 200);
  EXPECT_FALSE(player->ws().closed());
  EXPECT_GE(metric("phantomgo_tables_expired_total"), 2);
  // Joining the expired table: there is no such table.
  std::unique_ptr<Client> late;
  EXPECT_EQ(joinFrom(kAnotherAddress, waiting, late, "white").value("code", ""), "no-such-table");
}

TEST_F(AddressLimitsTest, AWaitingTableOnlyWatchedLeavesMemoryWithItsLastConnection) {
  start();
  const Json table = create(Json{{"mode", "online"}});
  EXPECT_EQ(server_->tablesInMemory(), 0u);  // it waits in the store
  auto spectator = watch(table);
  spectator->send(Json{{"type", "chat"}, {"text", "anyone?"}});
  spectator->until([](const Json& m) { return m.value("type", "") == "chat"; });
  EXPECT_EQ(server_->tablesInMemory(), 1u);
  spectator.reset();
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (server_->tablesInMemory() != 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  EXPECT_EQ(server_->tablesInMemory(), 0u);
  // Loaded again, with what it held (the spectators' line).
  auto again = watch(table);
  EXPECT_TRUE(again->heard("anyone?"));
  again.reset();
  const auto left = std::chrono::steady_clock::now() + 10s;
  while (server_->tablesInMemory() != 0 && std::chrono::steady_clock::now() < left)
    std::this_thread::sleep_for(20ms);
  // A seat that joined keeps it in memory until the start.
  auto black = joinSeat(table, "black");
  black.reset();
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(server_->tablesInMemory(), 1u);
  auto white = joinSeat(table, "white");
  EXPECT_FALSE(
      white->nextInfo([](const Json& info) { return info.value("state", "") == "playing"; })
          .is_null());
}

TEST_F(AddressLimitsTest, ATableLoadedByItsInfoAloneLeavesMemory) {
  settings_.limits.expiry_interval = 100ms;
  start();
  const Json table = create(Json{{"mode", "online"}});
  EXPECT_EQ(http("GET", "/api/tables/" + table.at("table").get<std::string>()).status, 200);
  EXPECT_EQ(server_->tablesInMemory(), 1u);
  const auto deadline = std::chrono::steady_clock::now() + 15s;
  while (server_->tablesInMemory() != 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(50ms);
  EXPECT_EQ(server_->tablesInMemory(), 0u);
  // It is still there to join.
  auto black = joinSeat(table, "black");
  EXPECT_EQ(server_->tablesInMemory(), 1u);
}

TEST_F(AddressLimitsTest, ARestartLoadsNoTableUntilSomeoneJoins) {
  start();
  const Json table =
      create(Json{{"mode", "computer"}, {"computer", Json{{"strength", "beginner"}}}});
  {
    auto black = joinSeat(table, "black");
    black->send(Json{{"type", "try"}, {"point", "E5"}});
    black->nextEvent("black");
  }
  server_.reset();
  startServer();
  EXPECT_EQ(server_->tablesInMemory(), 0u);
  auto black = joinSeat(table, "black");
  EXPECT_EQ(server_->tablesInMemory(), 1u);
}

TEST_F(AddressLimitsTest, TheNodesTableLimitCountsTablesInMemory) {
  settings_.limits.max_tables = 1;
  start();
  const Json a = create(Json{{"mode", "online"}});
  const Json b = create(Json{{"mode", "online"}});  // neither is in memory yet
  auto first = joinSeat(a, "black");
  std::unique_ptr<Client> second;
  const Json refused = joinFrom(kAnotherAddress, b, second, "black");
  EXPECT_EQ(refused.value("code", ""), "server-full") << refused.dump();
  EXPECT_EQ(createFrom(kAnotherAddress).status, 503);
}

}  // namespace
}  // namespace pg::test
