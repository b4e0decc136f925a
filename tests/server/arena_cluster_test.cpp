// Arenas on a cluster: two full `phantomgo serve` nodes on one real PostgreSQL database. Both
// run an arena director, but only the node holding the arena's claim pairs it; when that node
// stops, the other claims the arena and pairs on from what the store holds.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "../passkey/soft_authenticator.h"
#include "client/ws_client.h"
#include "cluster_nodes.h"
#include "server/server.h"

namespace pg {
namespace {

using passkey::Alg;
using passkey::Bytes;
using passkey::test::SoftAuthenticator;

constexpr const char* kArenaSite = "http://phantom.test";
constexpr const char* kArenaRp = "phantom.test";

int64_t clusterNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class ArenaCluster : public test::ClusterNodes {
 protected:
  void SetUp() override {
    startNodes(2, [](ServerSettings& s) { s.public_url = kArenaSite; });
  }
  HttpResult call(int node, const std::string& method, const std::string& target, const Json& body,
                  const std::string& cookie = "", const std::string& from = "192.0.2.1") {
    std::vector<std::pair<std::string, std::string>> h{{"Origin", kArenaSite}, {"X-Real-IP", from}};
    if (!cookie.empty()) h.emplace_back("Cookie", cookie);
    return httpRequest("127.0.0.1", ports_[static_cast<std::size_t>(node)], method, target,
                       method == "GET" ? "" : body.dump(), "application/json", h);
  }
  /// Signs `name` up on `node` from an address of its own; returns the session cookie.
  std::string signUp(int node, const std::string& name, int n) {
    keys_.push_back(std::make_unique<SoftAuthenticator>(Alg::ES256));
    SoftAuthenticator& key = *keys_.back();
    const std::string from = "192.0.2." + std::to_string(10 + n);
    const Json b =
        call(node, "POST", "/api/account/sign-up/begin", Json{{"name", name}}, "", from).json();
    const Bytes challenge =
        *passkey::fromBase64url(b.at("options").at("challenge").get<std::string>());
    const passkey::Registration reg = key.create(kArenaRp, kArenaSite, challenge);
    const HttpResult up = call(
        node, "POST", "/api/account/sign-up/finish",
        Json{{"ceremony", b.at("ceremony")},
             {"credential",
              Json{{"id", passkey::base64url(key.id)},
                   {"type", "public-key"},
                   {"response",
                    Json{{"clientDataJSON", passkey::base64url(reg.client_data_json)},
                         {"attestationObject", passkey::base64url(reg.attestation_object)}}}}}},
        "", from);
    EXPECT_EQ(up.status, 201) << up.body;
    const auto it = up.headers.find("set-cookie");
    return it == up.headers.end() ? "" : it->second.substr(0, it->second.find(';'));
  }
  /// Polls the player's arena page on `node` until they have a game; null after 10 s.
  Json gameOf(int node, const std::string& id, const std::string& cookie) {
    for (int i = 0; i < 100; ++i) {
      const Json p = call(node, "GET", "/api/arenas/" + id, nullptr, cookie).json();
      if (p.contains("me") && p.at("me").is_object() && p.at("me").at("game").is_object())
        return p.at("me").at("game");
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return nullptr;
  }
  /// The nodes (by index, among those running) holding the arena's claim.
  std::vector<int> holders(const std::string& id) {
    std::vector<int> out;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      if (!nodes_[i]) continue;
      const auto held = nodes_[i]->arenasHeld();
      if (std::find(held.begin(), held.end(), id) != held.end()) out.push_back(static_cast<int>(i));
    }
    return out;
  }
  /// Joins the game's seat on `node` and resigns.
  void resign(int node, const Json& game) {
    WsClient ws("127.0.0.1", port(node), "/ws");
    ws.send(Json{{"type", "join"}, {"table", game.at("table")}, {"token", game.at("token")}});
    bool joined = false, ended = false;
    for (int i = 0; i < 200 && !ended; ++i) {
      const auto m = ws.recvJson(std::chrono::milliseconds(5000));
      if (!m) break;
      if (m->value("type", "") == "joined" && !joined) {
        joined = true;
        ws.send(Json{{"type", "resign"}});
      }
      if (m->value("type", "") == "error") ADD_FAILURE() << m->dump();
      ended = m->value("type", "") == "event" && m->at("event").value("kind", "") == "end";
    }
    EXPECT_TRUE(ended) << game.dump();
  }

  std::vector<std::unique_ptr<SoftAuthenticator>> keys_;
};

TEST_F(ArenaCluster, OnlyTheClaimHolderPairsAndTheOtherTakesOverWhenItStops) {
  std::map<std::string, std::string> cookies;
  int n = 0;
  for (const char* name : {"Ann", "Bob", "Cid", "Dan"}) {
    cookies[name] = signUp(n % 2, name, n);
    ++n;
  }
  const HttpResult made = call(
      0, "POST", "/api/arenas",
      Json{
          {"name", "Cluster cup"}, {"starts_at", clusterNowMs()}, {"duration_s", 300}, {"size", 5}},
      cookies["Ann"]);
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.json().at("id");
  n = 0;
  for (const auto& [name, cookie] : cookies)
    ASSERT_EQ(call(n++ % 2, "POST", "/api/arenas/" + id + "/join", nullptr, cookie).status, 200);
  std::map<std::string, Json> games;
  for (const auto& [name, cookie] : cookies) {
    games[name] = gameOf(1, id, cookie);
    ASSERT_TRUE(games[name].is_object()) << name;
  }
  const std::vector<int> first = holders(id);
  ASSERT_EQ(first.size(), 1U) << "exactly one node pairs the arena";
  const int holder = first[0], other = 1 - holder;

  // The holder stops (handing its claims over); the other pairs the next round.
  nodes_[static_cast<std::size_t>(holder)].reset();
  for (const auto& [name, g] : games)
    if (g.at("color") == "black") resign(other, g);
  for (const auto& [name, g] : games) {
    const Json next = gameOf(other, id, cookies[name]);
    ASSERT_TRUE(next.is_object()) << name << " was not paired again";
    EXPECT_NE(next.at("table"), g.at("table"));
  }
  EXPECT_EQ(holders(id), std::vector<int>{other});
  const Json page = call(other, "GET", "/api/arenas/" + id, nullptr).json();
  EXPECT_EQ(page.at("games"), 4);
  EXPECT_EQ(page.at("finished_games"), 2);
}

}  // namespace
}  // namespace pg
