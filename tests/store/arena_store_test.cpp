// The arenas, one suite for both databases (SQLite on a temporary file, PostgreSQL on a fresh
// database): an arena and its players as stored; a pairing (PairArena) stores its tables, their
// seat players and the arena's games in one transaction, and is refused whole when a player is
// already in an unfinished arena game; the games read their results from the tables' own ends,
// finished first in the order they finished; on PostgreSQL only the holder of the arena's
// claim can pair, and a node whose claim moved on cannot.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "store/open_store.h"
#include "store_test_support.h"

namespace pg::arena_store_test {
namespace {

using test::sampleTable;

constexpr int64_t kAt = 1'800'000'000'000;

class ArenaContract : public test::EachStoreTest {
 protected:
  void SetUp() override {
    EachStoreTest::SetUp();
    if (location_.empty()) return;  // no PostgreSQL: the base has failed the test
    tables_ = openStore(location_, Durability::Normal, true);
    accounts_ = openAccountStore(location_, Durability::Normal);
    arenas_ = openArenaStore(location_, Durability::Normal);
    for (const char* who : {"ann", "bob", "cid", "dan"}) {
      StoredPasskey key;
      key.credential_id = {static_cast<uint8_t>(who[0]), 1};
      key.public_key = {1};
      ASSERT_TRUE(accounts_->createAccount(Account{std::string("acc-") + who, who, kAt}, key, {}));
    }
    arenas_->createArena(arena("arena0000001"));
  }
  void TearDown() override {
    arenas_.reset();
    accounts_.reset();
    tables_.reset();
    EachStoreTest::TearDown();
  }
  static StoredArena arena(const std::string& id, int64_t starts_at = kAt) {
    return StoredArena{id,
                       "Friday blitz",
                       "acc-ann",
                       kAt - 1000,
                       starts_at,
                       starts_at + 3'600'000,
                       R"({"rules":{"size":9}})"};
  }
  /// A pairing of `games` ({table id, black, white}) at `at`.
  static PairArena pairing(const std::string& arena_id,
                           const std::vector<std::array<std::string, 3>>& games, int64_t at) {
    PairArena p{arenaClaimKey(arena_id), arena_id, at, {}};
    for (const auto& [id, black, white] : games) {
      StoredTable t = sampleTable(id, at);
      t.started_at = at;
      p.games.push_back(ArenaPairing{t, "acc-" + black, "acc-" + white});
    }
    return p;
  }
  void finish(const std::string& table_id, int64_t at, const std::string& result) {
    ASSERT_TRUE(tables_->claim(table_id));
    tables_->append(table_id, {{0, at, "end"}}, StoredEnd{at, result});
  }

  std::unique_ptr<Store> tables_;
  std::unique_ptr<AccountStore> accounts_;
  std::unique_ptr<ArenaStore> arenas_;
};

TEST_P(ArenaContract, AnArenaAndItsPlayers) {
  EXPECT_EQ(arenas_->arena("arena0000001"), arena("arena0000001"));
  EXPECT_FALSE(arenas_->arena("nosucharena0"));
  arenas_->createArena(arena("arena0000002", kAt + 10'000'000));
  EXPECT_EQ(arenas_->arenas(0, 10).size(), 2U);
  ASSERT_EQ(arenas_->arenas(kAt + 3'700'000, 10).size(), 1U) << "the first one has ended";
  EXPECT_EQ(arenas_->arenas(0, 1).front().id, "arena0000001") << "the earliest start first";
  EXPECT_EQ(arenas_->createdSince("acc-ann", 0), 2);
  EXPECT_EQ(arenas_->createdSince("acc-ann", kAt), 0);
  EXPECT_EQ(arenas_->createdSince("acc-bob", 0), 0);

  arenas_->setPlayerState("arena0000001", "acc-bob", ArenaPlayerState::Active, kAt + 5);
  arenas_->setPlayerState("arena0000001", "acc-ann", ArenaPlayerState::Active, kAt + 7);
  arenas_->setPlayerState("arena0000001", "acc-bob", ArenaPlayerState::Paused, kAt + 9);
  arenas_->markSeen("arena0000001", "acc-ann", kAt + 20);
  arenas_->markSeen("arena0000001", "acc-ann", kAt + 15);  // older: kept as it was
  arenas_->markSeen("arena0000001", "acc-cid", kAt + 20);  // never joined: nothing
  const auto players = arenas_->players("arena0000001");
  ASSERT_EQ(players.size(), 2U);
  EXPECT_EQ(players[0],
            (ArenaPlayer{"acc-bob", "bob", kAt + 5, ArenaPlayerState::Paused, kAt + 9}));
  EXPECT_EQ(players[1],
            (ArenaPlayer{"acc-ann", "ann", kAt + 7, ArenaPlayerState::Active, kAt + 20}));
}

TEST_P(ArenaContract, APairingStoresItsTablesSeatsAndGamesAndResultsComeFromTheTables) {
  auto ratings = openRatingStore(location_, Durability::Normal);
  ASSERT_TRUE(tables_->claim(arenaClaimKey("arena0000001")));
  tables_->writeAndWait(pairing(
      "arena0000001", {{"game00000001", "ann", "bob"}, {"game00000002", "cid", "dan"}}, kAt + 100));
  EXPECT_TRUE(tables_->table("game00000001"));
  EXPECT_EQ(ratings->seatPlayer("game00000001", kBlackSeat), "acc-ann");
  EXPECT_EQ(ratings->seatPlayer("game00000002", kWhiteSeat), "acc-dan");
  for (const char* who : {"acc-ann", "acc-bob", "acc-cid", "acc-dan"})
    arenas_->setPlayerState("arena0000001", who, ArenaPlayerState::Active, kAt);
  EXPECT_EQ(arenas_->playersInGames("arena0000001"),
            (std::vector<std::string>{"acc-ann", "acc-bob", "acc-cid", "acc-dan"}));

  finish("game00000002", kAt + 500, R"({"winner":"white"})");
  finish("game00000001", kAt + 900, R"({"winner":"black"})");
  EXPECT_TRUE(arenas_->playersInGames("arena0000001").empty());
  tables_->writeAndWait(pairing("arena0000001", {{"game00000003", "bob", "ann"}}, kAt + 1000));
  const auto games = arenas_->games("arena0000001");
  ASSERT_EQ(games.size(), 3U);
  EXPECT_EQ(games[0], (ArenaGame{"game00000002", "acc-cid", "acc-dan", kAt + 100, kAt + 500,
                                 R"({"winner":"white"})"}))
      << "the first to finish first";
  EXPECT_EQ(games[1].table_id, "game00000001");
  EXPECT_EQ(games[2],
            (ArenaGame{"game00000003", "acc-bob", "acc-ann", kAt + 1000, std::nullopt, ""}));
}

TEST_P(ArenaContract, APlayerInAnUnfinishedArenaGameIsNeverPairedAgain) {
  ASSERT_TRUE(tables_->claim(arenaClaimKey("arena0000001")));
  tables_->writeAndWait(pairing("arena0000001", {{"game00000001", "ann", "bob"}}, kAt));
  // cid and dan are free, bob is not: the whole pairing is refused.
  EXPECT_THROW(tables_->writeAndWait(pairing(
                   "arena0000001", {{"game00000002", "cid", "dan"}, {"game00000003", "bob", "cid"}},
                   kAt + 1)),
               StoreError);
  EXPECT_FALSE(tables_->table("game00000002")) << "nothing of a refused pairing is stored";
  // In another arena too.
  arenas_->createArena(arena("arena0000002"));
  ASSERT_TRUE(tables_->claim(arenaClaimKey("arena0000002")));
  EXPECT_THROW(
      tables_->writeAndWait(pairing("arena0000002", {{"game00000004", "dan", "ann"}}, kAt)),
      StoreError);
  // One player twice in one pairing.
  EXPECT_THROW(
      tables_->writeAndWait(pairing(
          "arena0000002", {{"game00000005", "cid", "dan"}, {"game00000006", "dan", "cid"}}, kAt)),
      StoreError);
  EXPECT_EQ(arenas_->games("arena0000001").size(), 1U);
  EXPECT_TRUE(arenas_->games("arena0000002").empty());
  finish("game00000001", kAt + 50, R"({"winner":"black"})");
  tables_->writeAndWait(pairing("arena0000002", {{"game00000007", "bob", "ann"}}, kAt + 60));
  EXPECT_EQ(arenas_->games("arena0000002").size(), 1U);
}

TEST_P(ArenaContract, OnlyTheHolderOfTheArenasClaimPairs) {
  if (!postgres()) GTEST_SKIP() << "one node has the SQLite file: every claim holds";
  auto node_b = openStore(location_, Durability::Normal, true);
  EXPECT_THROW(
      tables_->writeAndWait(pairing("arena0000001", {{"game00000001", "ann", "bob"}}, kAt)),
      ClaimLost)
      << "no claim: no pairing";
  ASSERT_TRUE(tables_->claim(arenaClaimKey("arena0000001")));
  EXPECT_FALSE(node_b->claim(arenaClaimKey("arena0000001")));
  EXPECT_THROW(node_b->writeAndWait(pairing("arena0000001", {{"game00000001", "ann", "bob"}}, kAt)),
               ClaimLost);
  tables_->writeAndWait(pairing("arena0000001", {{"game00000001", "ann", "bob"}}, kAt));
  // The holder gives it up: the other node claims it, and the first can no longer pair.
  tables_->release(arenaClaimKey("arena0000001"));  // queued behind its writes
  bool claimed = false;
  for (int i = 0; i < 200 && !claimed; ++i) {
    claimed = node_b->claim(arenaClaimKey("arena0000001"));
    if (!claimed) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(claimed);
  node_b->writeAndWait(pairing("arena0000001", {{"game00000002", "cid", "dan"}}, kAt + 1));
  EXPECT_THROW(
      tables_->writeAndWait(pairing("arena0000001", {{"game00000003", "cid", "dan"}}, kAt)),
      ClaimLost);
  EXPECT_EQ(arenas_->games("arena0000001").size(), 2U);
}

INSTANTIATE_TEST_SUITE_P(Stores, ArenaContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace pg::arena_store_test
