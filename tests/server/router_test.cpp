// The router on its own: a join of a table that is not in memory is handed back as a lookup
// (which reads the store, so the server runs it off the network thread) and goes on once found;
// what needs no store (a table in memory, an id remembered as missing, a ping, bad input) is
// answered at once.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <memory>
#include <string>
#include <vector>

#include "server/table/router.h"
#include "server/table/table.h"
#include "server/table/table_registry.h"
#include "store/sqlite_store.h"
#include "table_test_support.h"

namespace pg {
namespace {

class RouterTest : public ::testing::Test {
 protected:
  RouterTest() : bots_(1) {
    spdlog::set_level(spdlog::level::off);
    registry_ = std::make_unique<TableRegistry>(test::tableContext(io_, store_, bots_, settings_));
    id_ = registry_->create(Json{{"rules", {{"size", 5}}}}).record.id;
  }
  ~RouterTest() override {
    registry_->shutdown();
    poll();
    registry_.reset();
    bots_.join();
  }
  void poll() {
    io_.restart();
    io_.poll();
  }
  std::string joinText(const std::string& id) const {
    return Json{{"type", "join"}, {"table", id}, {"watch", true}}.dump();
  }

  ServerSettings settings_;
  boost::asio::io_context io_;
  SqliteStore store_{":memory:", Durability::Normal, /*group_commit=*/false};
  boost::asio::thread_pool bots_;
  std::unique_ptr<TableRegistry> registry_;
  std::string id_;
};

TEST_F(RouterTest, AJoinOfATableNotInMemoryIsALookupThenGoesOn) {
  auto peer = std::make_shared<test::RecordingPeer>();
  std::shared_ptr<Table> table;
  auto lookup = routeMessage(joinText(id_), "", peer, table, *registry_);
  ASSERT_TRUE(lookup.has_value()) << "the store must be read: not on this thread";
  EXPECT_TRUE(peer->frames.empty());
  EXPECT_EQ(table, nullptr);
  EXPECT_EQ(registry_->size(), 0u) << "nothing was loaded on the caller's thread";
  completeJoin(*lookup, lookUp(*registry_, *lookup), peer, table);
  ASSERT_NE(table, nullptr);
  poll();
  EXPECT_EQ(peer->types().front(), "joined");

  // Now in memory: a second connection's join needs no store and goes on at once.
  auto other = std::make_shared<test::RecordingPeer>();
  std::shared_ptr<Table> other_table;
  EXPECT_FALSE(routeMessage(joinText(id_), "", other, other_table, *registry_).has_value());
  EXPECT_EQ(other_table, table);
  poll();
  EXPECT_EQ(other->types().front(), "joined");
}

TEST_F(RouterTest, AnUnknownTableIsLookedUpOnceThenRememberedAsMissing) {
  auto peer = std::make_shared<test::RecordingPeer>();
  std::shared_ptr<Table> table;
  const std::string unknown = "zzzzzzzzzzzz";
  auto lookup = routeMessage(joinText(unknown), "", peer, table, *registry_);
  ASSERT_TRUE(lookup.has_value());
  completeJoin(*lookup, lookUp(*registry_, *lookup), peer, table);
  EXPECT_EQ(peer->types(), std::vector<std::string>{"error"});
  EXPECT_EQ(peer->frames[0]["code"], "no-such-table");
  EXPECT_FALSE(peer->closed);
  // The miss is remembered: the next join is answered without the store.
  EXPECT_FALSE(routeMessage(joinText(unknown), "", peer, table, *registry_).has_value());
  EXPECT_EQ(peer->frames.size(), 2u);
  EXPECT_EQ(peer->frames[1]["code"], "no-such-table");
}

TEST_F(RouterTest, WhatNeedsNoStoreIsAnsweredAtOnce) {
  auto peer = std::make_shared<test::RecordingPeer>();
  std::shared_ptr<Table> table;
  EXPECT_FALSE(routeMessage(R"({"type":"ping"})", "", peer, table, *registry_).has_value());
  EXPECT_FALSE(routeMessage("{nope", "", peer, table, *registry_).has_value());
  EXPECT_FALSE(routeMessage(R"({"type":"pass"})", "", peer, table, *registry_).has_value());
  EXPECT_FALSE(routeMessage(joinText("not an id"), "", peer, table, *registry_).has_value());
  // A join for another table than the connection's route.
  EXPECT_FALSE(routeMessage(joinText(id_), "bbbbbbbbbbbb", peer, table, *registry_).has_value());
  const std::vector<std::string> types = peer->types();
  ASSERT_EQ(types.size(), 5u);
  EXPECT_EQ(types[0], "pong");
  EXPECT_EQ(peer->frames[1]["code"], "bad-json");
  EXPECT_EQ(peer->frames[2]["code"], "not-joined");
  EXPECT_EQ(peer->frames[3]["code"], "no-such-table");
  EXPECT_EQ(peer->frames[4]["code"], "wrong-table");
  EXPECT_EQ(registry_->size(), 0u);
}

}  // namespace
}  // namespace pg
