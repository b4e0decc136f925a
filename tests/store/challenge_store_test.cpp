// The lobby's ChallengeStore, one suite for both databases (SQLite on a temporary file,
// PostgreSQL on a fresh database of a server the test starts): a challenge is listed once it
// has its table, until it is taken, cancelled or expires; exactly one of many racing takers,
// each on a connection of its own as on separate nodes, wins; the limits per address hold,
// also for reservations racing each other; bad secrets and unknown ids change nothing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "store/open_store.h"
#include "store_test_support.h"
#include "support/pg_test_server.h"

namespace pg {
namespace {

constexpr int64_t kNow = 1'800'000'000'000;
constexpr int64_t kTtl = 15 * 60 * 1000;

NewChallenge sample(const std::string& id, const std::string& address = "192.0.2.1",
                    int64_t at = kNow) {
  NewChallenge c;
  c.id = id;
  c.address = address;
  c.created_at = at;
  c.expires_at = at + kTtl;
  c.listing = R"({"color":"black"})";
  c.cancel_secret = "secret-" + id;
  return c;
}

class ChallengeContract : public test::EachStoreTest {
 protected:
  void SetUp() override {
    EachStoreTest::SetUp();
    if (location_.empty()) return;  // no PostgreSQL: the base has failed the test
    tables_ = openStore(location_, Durability::Normal, true);
    lobby_ = openChallengeStore(location_, Durability::Normal);
  }
  void TearDown() override {
    lobby_.reset();
    tables_.reset();
    EachStoreTest::TearDown();
  }
  /// Reserves and attaches `c`.
  void list(const NewChallenge& c) {
    ASSERT_TRUE(lobby_->reserve(c, ChallengeLimits{}).reserved);
    lobby_->attach(c.id, "table-" + c.id, "token-" + c.id);
  }

  std::unique_ptr<Store> tables_;
  std::unique_ptr<ChallengeStore> lobby_;
};

TEST_P(ChallengeContract, ListedOnceAttachedUntilTaken) {
  ASSERT_TRUE(lobby_->reserve(sample("a"), ChallengeLimits{}).reserved);
  EXPECT_TRUE(lobby_->open(kNow, 100).empty()) << "a reservation is not listed";
  EXPECT_EQ(lobby_->take("a", kNow).status, TakeResult::Status::Unknown);
  lobby_->attach("a", "table-a", "token-a");
  list(sample("b", "198.51.100.7", kNow + 5));
  const auto open = lobby_->open(kNow + 10, 100);
  ASSERT_EQ(open.size(), 2u);
  EXPECT_EQ(open[0], (OpenChallenge{"a", kNow, kNow + kTtl, R"({"color":"black"})"}));
  EXPECT_EQ(open[1].id, "b");
  EXPECT_EQ(lobby_->open(kNow, 1).size(), 1u);

  const TakeResult t = lobby_->take("a", kNow + 20);
  EXPECT_EQ(t.status, TakeResult::Status::Taken);
  EXPECT_EQ(t.table_id, "table-a");
  EXPECT_EQ(t.seat_token, "token-a");
  EXPECT_EQ(lobby_->take("a", kNow + 21).status, TakeResult::Status::AlreadyTaken);
  EXPECT_EQ(lobby_->take("nope", kNow).status, TakeResult::Status::Unknown);
  ASSERT_EQ(lobby_->open(kNow + 30, 100).size(), 1u);
  EXPECT_EQ(lobby_->open(kNow + 30, 100)[0].id, "b");

  // Another connection (another node) sees the same lobby.
  auto other = openChallengeStore(location_, Durability::Normal);
  EXPECT_EQ(other->open(kNow + 30, 100), lobby_->open(kNow + 30, 100));
}

TEST_P(ChallengeContract, ExpiresAfterItsTime) {
  list(sample("a"));
  EXPECT_EQ(lobby_->open(kNow + kTtl - 1, 100).size(), 1u);
  EXPECT_TRUE(lobby_->open(kNow + kTtl, 100).empty());
  EXPECT_EQ(lobby_->take("a", kNow + kTtl).status, TakeResult::Status::Expired);
  EXPECT_EQ(lobby_->cancel("a", "secret-a", kNow + kTtl), CancelResult::Gone);
}

TEST_P(ChallengeContract, CancelNeedsTheSecret) {
  list(sample("a"));
  EXPECT_EQ(lobby_->cancel("a", "secret-b", kNow), CancelResult::WrongSecret);
  EXPECT_EQ(lobby_->cancel("a", "", kNow), CancelResult::WrongSecret);
  EXPECT_EQ(lobby_->open(kNow, 100).size(), 1u) << "a wrong secret changes nothing";
  EXPECT_EQ(lobby_->cancel("zz", "secret-a", kNow), CancelResult::Unknown);
  EXPECT_EQ(lobby_->cancel("a", "secret-a", kNow + 1), CancelResult::Cancelled);
  EXPECT_TRUE(lobby_->open(kNow + 2, 100).empty());
  EXPECT_EQ(lobby_->cancel("a", "secret-a", kNow + 3), CancelResult::Gone);
  EXPECT_EQ(lobby_->take("a", kNow + 3).status, TakeResult::Status::Unknown);
  list(sample("b"));
  ASSERT_EQ(lobby_->take("b", kNow).status, TakeResult::Status::Taken);
  EXPECT_EQ(lobby_->cancel("b", "secret-b", kNow), CancelResult::Gone);
}

TEST_P(ChallengeContract, DiscardedReservationsStopCounting) {
  const ChallengeLimits one{1, 10};
  ASSERT_TRUE(lobby_->reserve(sample("a"), one).reserved);
  EXPECT_FALSE(lobby_->reserve(sample("b"), one).reserved);
  lobby_->discard("a");
  EXPECT_TRUE(lobby_->reserve(sample("b"), one).reserved);
  lobby_->attach("b", "t", "s");
  lobby_->discard("b");  // attached: not a reservation any more, stays
  EXPECT_EQ(lobby_->open(kNow, 100).size(), 1u);
  EXPECT_THROW(lobby_->attach("b", "t2", "s2"), StoreError);
}

TEST_P(ChallengeContract, OpenAndHourlyLimitsPerAddress) {
  const ChallengeLimits limits{3, 10};
  for (int i = 0; i < 3; ++i) list(sample("o" + std::to_string(i), "a1", kNow + i * 1000));
  const Reservation refused = lobby_->reserve(sample("o3", "a1", kNow + 5000), limits);
  EXPECT_FALSE(refused.reserved);
  EXPECT_EQ(refused.retry_after_ms, kTtl - 5000) << "until the oldest open one expires";
  EXPECT_TRUE(lobby_->reserve(sample("other", "a2", kNow + 5000), limits).reserved);
  // A taken one no longer counts as open.
  ASSERT_EQ(lobby_->take("o0", kNow + 6000).status, TakeResult::Status::Taken);
  ASSERT_TRUE(lobby_->reserve(sample("o3", "a1", kNow + 7000), limits).reserved);
  lobby_->attach("o3", "t", "s");
}

TEST_P(ChallengeContract, TenAnHourWhateverBecameOfThem) {
  const ChallengeLimits limits{100, 10};
  for (int i = 0; i < 10; ++i) {
    const std::string id = "h" + std::to_string(i);
    ASSERT_TRUE(lobby_->reserve(sample(id, "a1", kNow + i * 1000), limits).reserved) << id;
    lobby_->attach(id, "t" + id, "s");
    if (i % 2) lobby_->cancel(id, "secret-" + id, kNow + i * 1000);
  }
  const Reservation hourly = lobby_->reserve(sample("h10", "a1", kNow + 20000), limits);
  EXPECT_FALSE(hourly.reserved);
  EXPECT_EQ(hourly.retry_after_ms, 3600 * 1000 - 20000) << "until the oldest is an hour old";
  EXPECT_TRUE(lobby_->reserve(sample("h10", "a1", kNow + 3600 * 1000), limits).reserved);
}

TEST_P(ChallengeContract, ExactlyOneOfManyRacingTakersWins) {
  constexpr int kTakers = 8;
  for (int round = 0; round < 5; ++round) {
    const std::string id = "race" + std::to_string(round);
    list(sample(id, "a" + std::to_string(round)));
    std::vector<std::unique_ptr<ChallengeStore>> nodes;
    for (int i = 0; i < kTakers; ++i)
      nodes.push_back(openChallengeStore(location_, Durability::Normal));
    std::atomic<int> taken{0}, refused{0}, failed{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for (int i = 0; i < kTakers; ++i)
      threads.emplace_back([&, i] {
        while (!go) std::this_thread::yield();
        try {
          const TakeResult r = nodes[static_cast<std::size_t>(i)]->take(id, kNow + 1);
          if (r.status == TakeResult::Status::Taken) ++taken;
          if (r.status == TakeResult::Status::AlreadyTaken) ++refused;
        } catch (const StoreError&) {
          ++failed;
        }
      });
    go = true;
    for (auto& t : threads) t.join();
    EXPECT_EQ(failed, 0);
    EXPECT_EQ(taken, 1) << "round " << round;
    EXPECT_EQ(refused, kTakers - 1);
  }
}

TEST_P(ChallengeContract, RacingReservationsKeepTheLimit) {
  constexpr int kNodes = 8;
  std::vector<std::unique_ptr<ChallengeStore>> nodes;
  for (int i = 0; i < kNodes; ++i)
    nodes.push_back(openChallengeStore(location_, Durability::Normal));
  std::atomic<int> reserved{0}, failed{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int i = 0; i < kNodes; ++i)
    threads.emplace_back([&, i] {
      while (!go) std::this_thread::yield();
      try {
        if (nodes[static_cast<std::size_t>(i)]
                ->reserve(sample("r" + std::to_string(i), "crowd"), ChallengeLimits{3, 10})
                .reserved)
          ++reserved;
      } catch (const StoreError&) {
        ++failed;
      }
    });
  go = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(failed, 0);
  EXPECT_EQ(reserved, 3);
}

TEST_P(ChallengeContract, OldChallengesAreForgotten) {
  list(sample("old", "a1", kNow));
  ASSERT_EQ(lobby_->take("old", kNow + 1).status, TakeResult::Status::Taken);
  ASSERT_TRUE(
      lobby_->reserve(sample("new", "a2", kNow + 25 * 3600 * 1000), ChallengeLimits{}).reserved);
  EXPECT_EQ(lobby_->take("old", kNow + 25 * 3600 * 1000).status, TakeResult::Status::Unknown);
}

INSTANTIATE_TEST_SUITE_P(Stores, ChallengeContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(SqliteChallengeStore, NeedsTheTablesStoreFirst) {
  const auto path = (std::filesystem::temp_directory_path() /
                     ("pg-challenge-bare-" + std::to_string(::getpid()) + ".db"))
                        .string();
  std::filesystem::remove(path);
  EXPECT_THROW(openChallengeStore(path, Durability::Normal), StoreError);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace pg
