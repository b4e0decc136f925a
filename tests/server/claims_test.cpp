// Two server nodes on one real PostgreSQL (support/pg_test_server.h): each a TableRegistry with
// its own PgStore, network io_context and computer pool, as `phantomgo serve --db postgresql://`
// builds them. A table is served by one node at a time: created anywhere, claimed by the node
// that is asked for it, refused elsewhere (TableElsewhere) until its holder hands it over or
// loses its lease; a node whose claim is gone drops the table and closes its connections,
// and can no longer store anything for it.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/table/table.h"
#include "server/table/table_registry.h"
#include "store/pg_store.h"
#include "support/pg_test_server.h"

namespace pg {
namespace {

using namespace std::chrono_literals;

/// A connection as a table sees it: keeps its frames, knows whether it was closed.
class TestPeer : public Peer {
 public:
  void send(std::shared_ptr<const std::string> frame) override {
    std::lock_guard lock(m_);
    frames_.push_back(Json::parse(*frame));
  }
  void joined() override {}
  void close() override { closed_ = true; }
  const std::string& label() const override { return label_; }
  bool closed() const { return closed_; }
  std::vector<Json> frames() const {
    std::lock_guard lock(m_);
    return frames_;
  }
  /// The frames of one type so far.
  std::vector<Json> of(const std::string& type) const {
    std::vector<Json> out;
    for (const Json& f : frames())
      if (f.value("type", "") == type) out.push_back(f);
    return out;
  }

 private:
  mutable std::mutex m_;
  std::vector<Json> frames_;
  std::atomic<bool> closed_{false};
  std::string label_ = "test";
};

/// One node: its store session, its network threads and its tables.
struct Node {
  explicit Node(const std::string& uri, int hand_over_after_ms = 0)
      : store(uri), work(boost::asio::make_work_guard(io)), thread([this] { io.run(); }) {
    settings.bot_seconds = 0.01;
    settings.hand_over_after_ms = hand_over_after_ms;
    TableContext ctx;
    ctx.io = &io;
    ctx.store = &store;
    ctx.bots = &bots;
    ctx.settings = &settings;
    registry = std::make_unique<TableRegistry>(ctx);
  }
  ~Node() {
    registry->shutdown();
    work.reset();
    io.stop();
    thread.join();
    bots.join();
    registry.reset();
  }

  ServerSettings settings;
  PgStore store;
  boost::asio::io_context io;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work;
  boost::asio::thread_pool bots{1};
  std::unique_ptr<TableRegistry> registry;
  std::thread thread;
};

/// Waits up to 10 s for `pred`.
bool eventually(const std::function<bool()>& pred) {
  for (int i = 0; i < 1000; ++i) {
    if (pred()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return pred();
}

/// find() on `node`, retried while another node still holds the table (it hands it over).
std::shared_ptr<Table> findEventually(Node& node, const std::string& id) {
  std::shared_ptr<Table> t;
  eventually([&] {
    try {
      t = node.registry->find(id);
      return t != nullptr;
    } catch (const TableElsewhere&) {
      return false;
    } catch (const StoreError&) {  // a node that lost its lease, until it has a new one
      return false;
    }
  });
  return t;
}

class ClaimsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    spdlog::set_level(spdlog::level::warn);
    try {
      uri_ = test::PgTestServer::get().freshDatabase();
    } catch (const std::exception& e) {
      GTEST_FAIL() << e.what();
    }
  }
  /// A two-player table created on `node`, with both seats joined on `table` and one try
  /// played by black; returns black's and white's peers.
  static std::pair<std::shared_ptr<TestPeer>, std::shared_ptr<TestPeer>> play(
      Table& table, const TableRegistry::Created& c) {
    auto black = std::make_shared<TestPeer>();
    auto white = std::make_shared<TestPeer>();
    table.join(black, JoinRequest{c.record.id, c.record.black_token, {}});
    table.join(white, JoinRequest{c.record.id, c.record.white_token, {}});
    EXPECT_TRUE(eventually([&] { return !white->of("presence").empty(); }));
    table.command(black, TryCommand{"C3", {}});
    EXPECT_TRUE(eventually([&] { return white->of("event").size() >= 1; }));
    return {black, white};
  }

  /// The database's name in uri_ ("t_3").
  std::string database() const {
    const auto from = uri_.find(":///") + 4;
    return uri_.substr(from, uri_.find('?') - from);
  }

  std::string uri_;
};

TEST_F(ClaimsTest, ATableIsServedByTheNodeAskedForItAndRefusedElsewhere) {
  Node a(uri_, /*hand_over_after_ms=*/60000), b(uri_, 60000);
  const TableRegistry::Created c = a.registry->create(Json{{"rules", {{"size", 9}}}});
  // The creating node only stored it: the node the id routes to claims it on its first join.
  EXPECT_EQ(a.registry->size(), 0u);
  const auto on_b = b.registry->find(c.record.id);
  ASSERT_NE(on_b, nullptr);
  EXPECT_EQ(b.registry->size(), 1u);
  EXPECT_THROW(a.registry->find(c.record.id), TableElsewhere);
  // Remembered for a moment: no database read for the next requests.
  EXPECT_THROW(a.registry->find(c.record.id), TableElsewhere);
  EXPECT_EQ(a.registry->find("aaaaaaaaaaaa"), nullptr);  // no such table
  play(*on_b, c);
  EXPECT_EQ(b.store.events(c.record.id).size(), 1u);
}

TEST_F(ClaimsTest, TheHolderHandsATableOverWhenAnotherNodeIsAskedForIt) {
  Node a(uri_), b(uri_);
  const TableRegistry::Created c = a.registry->create(Json{{"rules", {{"size", 9}}}});
  const auto on_b = b.registry->find(c.record.id);
  ASSERT_NE(on_b, nullptr);
  // Named pointers, not structured bindings: the lambdas below capture them (clang 14).
  const auto seats = play(*on_b, c);
  const auto& black = seats.first;
  const auto& white = seats.second;

  // Node a is asked for the table: refused now, and b is asked to hand it over. It closes its
  // connections (the clients reconnect, and land on a) and gives up the claim.
  EXPECT_THROW(a.registry->find(c.record.id), TableElsewhere);
  EXPECT_TRUE(eventually([&] { return black->closed() && white->closed(); }));
  EXPECT_TRUE(eventually([&] { return b.registry->size() == 0; }));
  const auto on_a = findEventually(a, c.record.id);
  ASSERT_NE(on_a, nullptr);

  // The clients resume on a with the versions they had: the game goes on from the log.
  auto black2 = std::make_shared<TestPeer>();
  auto white2 = std::make_shared<TestPeer>();
  on_a->join(black2, JoinRequest{c.record.id, c.record.black_token, LastVersion{int64_t{1}}});
  on_a->join(white2, JoinRequest{c.record.id, c.record.white_token, LastVersion{int64_t{1}}});
  ASSERT_TRUE(eventually([&] { return !white2->of("presence").empty(); }));
  EXPECT_TRUE(white2->of("snapshot").empty());  // a resume: events only, none missed
  on_a->command(white2, TryCommand{"D4", {}});
  ASSERT_TRUE(eventually([&] { return black2->of("event").size() >= 1; }));
  EXPECT_EQ(a.store.events(c.record.id).size(), 2u);
}

TEST_F(ClaimsTest, AJoinDuringAHandOverWaitsForTheReleaseAndKeepsItsClaim) {
  Node b(uri_);
  const TableRegistry::Created c = b.registry->create(Json{{"rules", {{"size", 9}}}});
  const auto on_b = b.registry->find(c.record.id);
  ASSERT_NE(on_b, nullptr);
  const auto seats = play(*on_b, c);
  const auto& black = seats.first;

  // b's only network thread is held, so the dropped table cannot queue its release yet: the
  // window in which a busy node's join used to load the table again, claim it, and then lose
  // that claim to the release queued behind it.
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  boost::asio::post(b.io, [opened] { opened.wait(); });
  b.registry->handOver(c.record.id);
  auto again = std::async(std::launch::async, [&] { return b.registry->find(c.record.id); });
  EXPECT_EQ(again.wait_for(200ms), std::future_status::timeout);  // waits for the release
  gate.set_value();
  const auto reloaded = again.get();
  ASSERT_NE(reloaded, nullptr);
  EXPECT_NE(reloaded.get(), on_b.get());
  EXPECT_TRUE(eventually([&] { return black->closed(); }));

  // The reloaded copy still holds its claim: its next move is stored and announced.
  auto black2 = std::make_shared<TestPeer>();
  auto white2 = std::make_shared<TestPeer>();
  reloaded->join(black2, JoinRequest{c.record.id, c.record.black_token, LastVersion{int64_t{1}}});
  reloaded->join(white2, JoinRequest{c.record.id, c.record.white_token, LastVersion{int64_t{1}}});
  ASSERT_TRUE(eventually([&] { return !white2->of("presence").empty(); }));
  reloaded->command(white2, TryCommand{"D4", {}});
  EXPECT_TRUE(eventually([&] { return black2->of("event").size() >= 1; }));
  EXPECT_FALSE(white2->closed());
  EXPECT_EQ(b.store.events(c.record.id).size(), 2u);
}

TEST_F(ClaimsTest, ANodeThatLosesItsLeaseDropsItsTablesAndCannotWriteThem) {
  Node a(uri_), b(uri_);
  const TableRegistry::Created c = a.registry->create(Json{{"rules", {{"size", 9}}}});
  const auto on_b = b.registry->find(c.record.id);
  ASSERT_NE(on_b, nullptr);
  // Named pointers, not structured bindings: the lambdas below capture them (clang 14).
  const auto seats = play(*on_b, c);
  const auto& black = seats.first;
  const auto& white = seats.second;

  // b's lease ends in the database (as when b could not renew it in time): every claim goes
  // with it.
  test::PgTestServer::get().exec(database(),
                                 "UPDATE node_leases SET expires_at = clock_timestamp() - "
                                 "interval '1 second' WHERE lease = " +
                                     std::to_string(b.store.leaseId()));
  EXPECT_TRUE(eventually([&] { return black->closed() && white->closed(); }));
  EXPECT_TRUE(eventually([&] { return b.registry->size() == 0; }));

  // The old table object (still held by a late connection) can store nothing any more.
  on_b->command(white, TryCommand{"D4", {}});
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(a.store.events(c.record.id).size(), 1u);

  // a takes the table over from the log; b serves new tables again.
  ASSERT_NE(findEventually(a, c.record.id), nullptr);
  const TableRegistry::Created d = a.registry->create(Json{{"rules", {{"size", 9}}}});
  EXPECT_NE(findEventually(b, d.record.id), nullptr);
}

}  // namespace
}  // namespace pg
