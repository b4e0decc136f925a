// A node asked to stop (SIGTERM: Server::stop) first leaves the proxy's ring (/readyz answers
// 503 for --drain-ms while it serves on), then hands its tables over: what is queued is
// committed, every claim released, and only then are the clients told "going away" (close code
// 1001), so that the node they reconnect to claims the table at its first try and resumes the
// game from the log. Two full nodes on one real PostgreSQL (support/pg_test_server.h).
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "client/ws_client.h"
#include "cluster_nodes.h"
#include "server/server.h"
#include "support/pg_programs.h"

namespace pg {
namespace {

using namespace std::chrono_literals;

class HandOverCluster : public test::ClusterNodes {
 protected:
  /// Node 0's drain before it hands its tables over: long enough for the checks below to run
  /// within it on a loaded machine.
  static constexpr int kDrainMs = 5000;
  void SetUp() override {
    startNodes(2, [node = 0](ServerSettings& s) mutable {
      s.limits.liftPerAddress();
      s.drain_ms = node++ == 0 ? kDrainMs : 0;  // node 0 is the one stopped
      s.health_port = 0;                        // the proxy's checks on a port of their own
    });
  }
  void TearDown() override {
    for (auto& n : nodes_) n->stop();
  }
  /// A seat joined on node `node`; its first frames (joined, snapshot, presence) are read.
  std::unique_ptr<WsClient> seat(int node, const std::string& table, const std::string& token,
                                 std::optional<int64_t> last_version = std::nullopt) {
    auto c = std::make_unique<WsClient>("127.0.0.1", ports_[static_cast<std::size_t>(node)],
                                        "/ws?table=" + table);
    Json join{{"type", "join"}, {"table", table}, {"token", token}};
    if (last_version) join["last_version"] = *last_version;
    c->send(join);
    return c;
  }
  /// A game on node 0: both seats joined there, black's first try (E5) played.
  struct Game {
    std::string id, black_token, white_token;
    std::unique_ptr<WsClient> black, white;
  };
  Game startGame() {
    Game g;
    const HttpResult created = httpRequest("127.0.0.1", port(0), "POST", "/api/tables",
                                           Json{{"rules", Json{{"size", 9}}}}.dump());
    EXPECT_EQ(created.status, 201) << created.body;
    const Json t = created.json();
    g.id = t.at("table");
    g.black_token = t.at("seats").at("black").at("token");
    g.white_token = t.at("seats").at("white").at("token");
    g.black = seat(0, g.id, g.black_token);
    g.white = seat(0, g.id, g.white_token);
    EXPECT_TRUE(g.black->recvType("presence", 5s));
    EXPECT_TRUE(g.white->recvType("presence", 5s));
    g.black->send(Json{{"type", "try"}, {"point", "E5"}});
    EXPECT_TRUE(g.white->recvType("event", 5s));
    return g;
  }
};

TEST_F(HandOverCluster, AStoppingNodeReleasesItsTablesBeforeItsClientsHearGoingAway) {
  // Both nodes hold a live lease: ready, on the main port and on the checks' own.
  for (int i = 0; i < 2; ++i) {
    for (const uint16_t p : {port(i), nodes_[static_cast<std::size_t>(i)]->healthPort()}) {
      const HttpResult ready = httpRequest("127.0.0.1", p, "GET", "/readyz");
      EXPECT_EQ(ready.status, 200);
      EXPECT_EQ(ready.body, "ready\n");
    }
  }
  Game g;
  ASSERT_NO_FATAL_FAILURE(g = startGame());
  const std::string& id = g.id;
  const std::string& black_token = g.black_token;
  const std::string& white_token = g.white_token;
  auto& black = g.black;
  auto& white = g.white;

  // Node 0 stops as on SIGTERM (Server::stop blocks until its threads are done). First it
  // leaves the proxy's ring: /readyz fails while the game is still served here.
  std::thread stopping([&] { nodes_[0]->stop(); });
  HttpResult ready;
  for (int i = 0; i < 500; ++i) {
    ready = httpRequest("127.0.0.1", port(0), "GET", "/readyz");
    if (ready.status != 200) break;
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_EQ(ready.status, 503);
  EXPECT_EQ(ready.body, "not ready: this node is stopping\n");
  // The same on the port of the proxy's checks.
  const HttpResult checked = httpRequest("127.0.0.1", nodes_[0]->healthPort(), "GET", "/readyz");
  EXPECT_EQ(checked.status, 503);
  EXPECT_EQ(checked.body, "not ready: this node is stopping\n");
  white->send(Json{{"type", "try"}, {"point", "C3"}});
  const auto drained = white->recvType("event", 5s);
  ASSERT_TRUE(drained);
  EXPECT_TRUE(black->recvType("event", 5s));
  EXPECT_FALSE(black->closed());
  const int64_t version = drained->at("version").get<int64_t>();
  for (auto* c : {black.get(), white.get()}) {
    for (int i = 0; i < 1500 && !c->closed(); ++i) std::this_thread::sleep_for(10ms);
    ASSERT_TRUE(c->closed());
    EXPECT_EQ(c->closeCode(), 1001);
  }
  // At its first try, with no wait: node 1 claims the table (node 0 released it before it said
  // "going away") and resumes the seat from the version it had.
  auto again = seat(1, id, white_token, version);
  const auto first = again->recvJson(5s);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->value("type", ""), "joined") << first->dump();
  EXPECT_TRUE(again->recvType("presence", 5s));
  stopping.join();
  // The game goes on at node 1.
  auto black_again = seat(1, id, black_token, version);
  ASSERT_TRUE(black_again->recvType("presence", 5s));
  black_again->send(Json{{"type", "try"}, {"point", "D4"}});
  EXPECT_TRUE(again->recvType("event", 5s));
}

TEST_F(HandOverCluster, TheHolderHandsATableOverToTheNodeItsClientsAreSentTo) {
  const HttpResult created = httpRequest("127.0.0.1", port(0), "POST", "/api/tables",
                                         Json{{"rules", Json{{"size", 9}}}}.dump());
  ASSERT_EQ(created.status, 201) << created.body;
  const Json t = created.json();
  const std::string id = t.at("table");
  const std::string black_token = t.at("seats").at("black").at("token");
  auto black = seat(0, id, black_token);
  ASSERT_TRUE(black->recvType("presence", 5s));
  // The proxy sends the table's clients to node 1 now: refused at first, node 0 is asked to hand
  // the table over, and a later try on node 1 gets it.
  bool moved = false;
  for (int i = 0; i < 100 && !moved; ++i) {
    auto again = seat(1, id, black_token);
    const auto first = again->recvJson(5s);
    ASSERT_TRUE(first);
    moved = first->value("type", "") == "joined";
    if (!moved) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(moved);
}

TEST_F(HandOverCluster, ADrainingNodeGivesUpATableAsSoonAsItsLastConnectionGoes) {
  Game g;
  ASSERT_NO_FATAL_FAILURE(g = startGame());
  const std::string& id = g.id;
  const std::string& white_token = g.white_token;
  auto& black = g.black;
  auto& white = g.white;

  const auto stop_began = std::chrono::steady_clock::now();
  std::thread stopping([&] { nodes_[0]->stop(); });
  for (int i = 0; i < 500 && httpRequest("127.0.0.1", port(0), "GET", "/readyz").status == 200; ++i)
    std::this_thread::sleep_for(10ms);
  // The proxy takes node 0 out and closes its connections: the table, left without any, is
  // given up at once, and node 1 (where the proxy sends its clients now) claims it while node 0
  // is still draining, long before the drain's end would have handed it over.
  black.reset();
  white.reset();
  const std::string held =
      "SELECT count(*) FROM claims WHERE table_id = '" + id + "' AND lease IS NOT NULL";
  for (int i = 0; i < 300 && test::querySql(uri_, held) != "0"; ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_EQ(test::querySql(uri_, held), "0") << "the claim is given up within 3 s";
  EXPECT_LT(std::chrono::steady_clock::now() - stop_began, std::chrono::milliseconds(kDrainMs));
  // Node 1 claims it at the first try, and the game goes on from where it was.
  auto again = seat(1, id, white_token, int64_t{1});
  const auto first = again->recvJson(5s);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->value("type", ""), "joined") << first->dump();
  stopping.join();
}

}  // namespace
}  // namespace pg
