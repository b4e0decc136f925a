// The seat players and the reads of the ratings, one suite for both databases (SQLite on a
// temporary file, PostgreSQL on a fresh database of a server the test starts): a seat is bound
// once, the first binding winning even when threads race for it, each on a connection of its own
// as on separate nodes; a player's finished games come latest first.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "store/open_store.h"
#include "store_test_support.h"

namespace pg::rating_test {
namespace {

using test::sampleTable;

constexpr int64_t kAt = 1'800'000'000'000;

class RatingContract : public test::EachStoreTest {
 protected:
  void SetUp() override {
    EachStoreTest::SetUp();
    if (location_.empty()) return;  // no PostgreSQL: the base has failed the test
    tables_ = openStore(location_, Durability::Normal, true);
    ratings_ = openRatingStore(location_, Durability::Normal);
  }
  void TearDown() override {
    ratings_.reset();
    tables_.reset();
    EachStoreTest::TearDown();
  }
  /// Creates table `id` at `created_at`, claims it on `s` (default: tables_) and binds its seats
  /// to `black` and `white` (an empty key: left unbound).
  void table(const std::string& id, const std::string& black, const std::string& white,
             int64_t created_at = kAt, Store* s = nullptr) {
    Store& store = s ? *s : *tables_;
    tables_->createTable(sampleTable(id, created_at));
    ASSERT_TRUE(store.claim(id));
    if (!black.empty()) {
      ASSERT_TRUE(ratings_->bindSeat(id, kBlackSeat, black, created_at));
    }
    if (!white.empty()) {
      ASSERT_TRUE(ratings_->bindSeat(id, kWhiteSeat, white, created_at));
    }
  }
  /// Ends the game of table `id` at `at` with one event.
  void end(const std::string& id, int64_t at) {
    tables_->append(id, {{0, at, "end"}}, StoredEnd{at, R"({"winner":"black"})"});
  }

  std::unique_ptr<Store> tables_;
  std::unique_ptr<RatingStore> ratings_;
};

TEST_P(RatingContract, ASeatIsBoundOnceAndRebindingItsPlayerIsFine) {
  tables_->createTable(sampleTable("aaaaaaaaaaaa"));
  EXPECT_FALSE(ratings_->seatPlayer("aaaaaaaaaaaa", kBlackSeat));
  EXPECT_TRUE(ratings_->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-alice", kAt));
  EXPECT_TRUE(ratings_->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-alice", kAt + 5));
  EXPECT_FALSE(ratings_->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-bob", kAt + 6));
  EXPECT_EQ(ratings_->seatPlayer("aaaaaaaaaaaa", kBlackSeat), "acc-alice");
  EXPECT_FALSE(ratings_->seatPlayer("aaaaaaaaaaaa", kWhiteSeat));
  EXPECT_TRUE(ratings_->bindSeat("aaaaaaaaaaaa", kWhiteSeat, computerPlayerKey("easy"), kAt));
  // Another connection (another node) sees the same seats, and cannot take them.
  auto other = openRatingStore(location_, Durability::Normal);
  EXPECT_EQ(other->seatPlayer("aaaaaaaaaaaa", kWhiteSeat), "computer:easy");
  EXPECT_FALSE(other->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-bob", kAt + 7));
  EXPECT_EQ(other->seatPlayer("aaaaaaaaaaaa", kBlackSeat), "acc-alice");
  // A seat of no table cannot be bound.
  EXPECT_THROW(ratings_->bindSeat("nosuchtable0", kBlackSeat, "acc-alice", kAt), StoreError);
}

TEST_P(RatingContract, OfRacingBindingsOfOneSeatOneWins) {
  constexpr int kNodes = 4;
  tables_->createTable(sampleTable("aaaaaaaaaaaa"));
  std::vector<std::unique_ptr<RatingStore>> nodes;
  for (int i = 0; i < kNodes; ++i) nodes.push_back(openRatingStore(location_, Durability::Normal));
  std::atomic<int> won{0}, failed{0}, winner{-1};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int i = 0; i < kNodes; ++i)
    threads.emplace_back([&, i] {
      while (!go) std::this_thread::yield();
      try {
        if (nodes[static_cast<std::size_t>(i)]->bindSeat("aaaaaaaaaaaa", kWhiteSeat,
                                                         "acc-" + std::to_string(i), kAt)) {
          ++won;
          winner = i;
        }
      } catch (const StoreError&) {
        ++failed;
      }
    });
  go = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(failed, 0);
  ASSERT_EQ(won, 1);
  EXPECT_EQ(ratings_->seatPlayer("aaaaaaaaaaaa", kWhiteSeat), "acc-" + std::to_string(winner));
}

TEST_P(RatingContract, RecentGamesAreTheFinishedOnesLatestFirst) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob", kAt);
  end("aaaaaaaaaaaa", kAt + 10);
  table("bbbbbbbbbbbb", "acc-alice", "acc-bob", kAt + 1);  // still playing
  table("cccccccccccc", computerPlayerKey("hard"), "acc-alice", kAt + 2);
  end("cccccccccccc", kAt + 30);
  table("dddddddddddd", "acc-alice", "", kAt + 3);  // white never came
  end("dddddddddddd", kAt + 20);

  const auto games = ratings_->recentGames("acc-alice", 10);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0], (PlayerGame{"cccccccccccc", kWhiteSeat, "computer:hard", kAt + 2, kAt + 30,
                                  R"({"mode":"online"})", R"({"winner":"black"})"}));
  EXPECT_EQ(games[1].table_id, "dddddddddddd");
  EXPECT_EQ(games[1].color, kBlackSeat);
  EXPECT_EQ(games[1].opponent, "");
  EXPECT_EQ(games[2].table_id, "aaaaaaaaaaaa");
  EXPECT_EQ(games[2].opponent, "acc-bob");
  EXPECT_EQ(ratings_->recentGames("acc-alice", 1).size(), 1u);
  EXPECT_EQ(ratings_->recentGames("acc-bob", 10).size(), 1u);
  EXPECT_TRUE(ratings_->recentGames("acc-carol", 10).empty());
  EXPECT_TRUE(ratings_->recentGames("acc-alice", 0).empty());
}

TEST_P(RatingContract, AnExpiredWaitingTableTakesItsSeatsAlong) {
  tables_->createTable(sampleTable("waiting00001", 5));
  ASSERT_TRUE(ratings_->bindSeat("waiting00001", kBlackSeat, "acc-alice", 6));
  EXPECT_EQ(tables_->expireWaiting(100, 10), std::vector<std::string>{"waiting00001"});
  EXPECT_FALSE(ratings_->seatPlayer("waiting00001", kBlackSeat));
}

INSTANTIATE_TEST_SUITE_P(Stores, RatingContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(SqliteRatingStore, NeedsTheTablesStoreFirst) {
  const auto path = (std::filesystem::temp_directory_path() /
                     ("pg-rating-bare-" + std::to_string(::getpid()) + ".db"))
                        .string();
  std::filesystem::remove(path);
  EXPECT_THROW(openRatingStore(path, Durability::Normal), StoreError);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace pg::rating_test
