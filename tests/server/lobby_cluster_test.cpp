// The lobby of a cluster: two full `phantomgo serve` nodes (Server, each with its own port,
// PgStore and ChallengeStore) on one real PostgreSQL database (support/pg_test_server.h). A
// challenge opened on one node is listed by the other, and of many takers racing on both
// nodes exactly one gets the seat; the limits per address count the challenges of both nodes.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "client/ws_client.h"
#include "cluster_nodes.h"
#include "server/server.h"
#include "support/pg_test_server.h"

namespace pg {
namespace {

class LobbyCluster : public test::ClusterNodes {
 protected:
  void SetUp() override { startNodes(2); }
  HttpResult call(int node, const std::string& method, const std::string& target,
                  const std::string& body, const std::string& address) {
    return httpRequest("127.0.0.1", ports_[static_cast<std::size_t>(node)], method, target, body,
                       "application/json", {{"X-Real-IP", address}});
  }
};

TEST_F(LobbyCluster, OneTakerWinsAcrossNodes) {
  for (int round = 0; round < 3; ++round) {
    const HttpResult made = call(0, "POST", "/api/challenges", R"({"rules": {"size": 5}})",
                                 "192.0.2." + std::to_string(round));
    ASSERT_EQ(made.status, 201) << made.body;
    const std::string id = made.json().at("challenge");
    const Json listed = call(1, "GET", "/api/challenges", "", "198.51.100.1").json();
    ASSERT_EQ(listed.at("challenges").size(), 1u) << "the other node lists it";
    EXPECT_EQ(listed.at("challenges")[0].at("id"), id);

    constexpr int kTakers = 8;
    std::atomic<int> won{0}, taken{0}, other{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> takers;
    for (int i = 0; i < kTakers; ++i)
      takers.emplace_back([&, i] {
        while (!go) std::this_thread::yield();
        const HttpResult r = call(i % 2, "POST", "/api/challenges/" + id + "/take", "",
                                  "203.0.113." + std::to_string(i));
        if (r.status == 200)
          ++won;
        else if (r.status == 409)
          ++taken;
        else
          ++other;
      });
    go = true;
    for (auto& t : takers) t.join();
    EXPECT_EQ(won, 1) << "round " << round;
    EXPECT_EQ(taken, kTakers - 1);
    EXPECT_EQ(other, 0);
    EXPECT_TRUE(
        call(0, "GET", "/api/challenges", "", "198.51.100.1").json().at("challenges").empty());
  }
}

TEST_F(LobbyCluster, TheLimitsCountBothNodes) {
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(call(i % 2, "POST", "/api/challenges", "{}", "192.0.2.77").status, 201);
  EXPECT_EQ(call(0, "POST", "/api/challenges", "{}", "192.0.2.77").status, 429);
  EXPECT_EQ(call(1, "POST", "/api/challenges", "{}", "192.0.2.77").status, 429);
  EXPECT_EQ(call(1, "POST", "/api/challenges", "{}", "192.0.2.78").status, 201);
}

}  // namespace
}  // namespace pg
