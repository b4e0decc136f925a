// The CreationStore, one suite for both databases (SQLite on a temporary file, PostgreSQL on a
// fresh database of a server the test starts): each limit refuses with the time until it lets
// one through, and says which it is; the waiting limit counts only the tables nobody started,
// finished or let expire, and a reservation whose table is not stored yet for a minute;
// addresses are counted apart; reservations racing on several connections, as on several
// nodes, never pass a limit; old rows are forgotten.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "store/challenge_store.h"
#include "store/open_store.h"
#include "store/pg_connection.h"
#include "store/sqlite_creation_store.h"
#include "store_test_support.h"
#include "support/pg_test_server.h"

namespace pg::creation_test {
namespace {

using test::sampleTable;

constexpr int64_t kAt = 1'800'000'000'000;
constexpr int64_t kMinute = 60 * 1000;
constexpr int64_t kHour = 60 * kMinute;

/// Limits with only `per_minute`, `per_hour` and `waiting` in play.
CreationLimits limits(int per_minute, int per_hour, int waiting, int64_t ttl = 24 * kHour) {
  CreationLimits l;
  l.per_minute = per_minute;
  l.per_hour = per_hour;
  l.waiting = waiting;
  l.waiting_ttl_ms = ttl;
  return l;
}

class CreationContract : public test::EachStoreTest {
 protected:
  void SetUp() override {
    EachStoreTest::SetUp();
    if (location_.empty()) return;  // no PostgreSQL: the base has failed the test
    tables_ = openStore(location_, Durability::Normal, true);
    counts_ = openCreationStore(location_, Durability::Normal);
  }
  void TearDown() override {
    counts_.reset();
    tables_.reset();
    EachStoreTest::TearDown();
  }
  /// Reserves `id` for `address` at `at` and stores its table, created at the same time.
  void create(const std::string& address, const std::string& id, int64_t at,
              const CreationLimits& l) {
    ASSERT_TRUE(counts_->reserve(address, id, at, l).reserved) << id;
    tables_->createTable(sampleTable(id, at));
  }
  /// The rows of `creations`, read behind the store's back.
  int64_t rows() {
    if (postgres()) {
      pq::Connection c(location_);
      const pq::Result r = c.exec("counting", "SELECT count(*) FROM creations");
      return pq::int64At(r.get(), 0, 0);
    }
    sqlite3* db = nullptr;
    int64_t n = -1;
    if (sqlite3_open(location_.c_str(), &db) == SQLITE_OK) {
      sqlite3_stmt* q = nullptr;
      if (sqlite3_prepare_v2(db, "SELECT count(*) FROM creations", -1, &q, nullptr) == SQLITE_OK &&
          sqlite3_step(q) == SQLITE_ROW)
        n = sqlite3_column_int64(q, 0);
      sqlite3_finalize(q);
    }
    sqlite3_close(db);
    return n;
  }

  std::unique_ptr<Store> tables_;
  std::unique_ptr<CreationStore> counts_;
};

TEST_P(CreationContract, PerMinuteLimitWithTheTimeUntilTheOldestLeavesTheMinute) {
  const CreationLimits l = limits(3, 300, 50);
  create("a1", "m0", kAt, l);
  create("a1", "m1", kAt + 10'000, l);
  create("a1", "m2", kAt + 20'000, l);
  const Reservation refused = counts_->reserve("a1", "m3", kAt + 30'000, l);
  EXPECT_FALSE(refused.reserved);
  EXPECT_EQ(refused.retry_after_ms, 30'000) << "until m0 is a minute old";
  EXPECT_EQ(refused.refused_by, Reservation::Limit::PerMinute);
  EXPECT_FALSE(counts_->reserve("a1", "m3", kAt + kMinute - 1, l).reserved);
  EXPECT_EQ(counts_->reserve("a1", "m3", kAt + kMinute - 1, l).retry_after_ms, 1);
  const Reservation allowed = counts_->reserve("a1", "m3", kAt + kMinute, l);
  EXPECT_TRUE(allowed.reserved);
  EXPECT_EQ(allowed.retry_after_ms, 0);
  EXPECT_EQ(allowed.refused_by, Reservation::Limit::None);
  const Reservation again = counts_->reserve("a1", "m4", kAt + kMinute, l);
  EXPECT_FALSE(again.reserved);
  EXPECT_EQ(again.retry_after_ms, 10'000) << "until m1 is a minute old";
}

TEST_P(CreationContract, PerHourLimitWhateverBecameOfTheTables) {
  const CreationLimits l = limits(100, 5, 100);
  for (int i = 0; i < 5; ++i) {
    const std::string id = "h" + std::to_string(i);
    create("a1", id, kAt + i * 5 * kMinute, l);
    if (i % 2) {
      ASSERT_TRUE(tables_->claim(id));
      tables_->append(id, {}, StoredEnd{kAt + i * 5 * kMinute, "{}"});  // finished: still counts
    }
  }
  const Reservation refused = counts_->reserve("a1", "h5", kAt + 30 * kMinute, l);
  EXPECT_FALSE(refused.reserved);
  EXPECT_EQ(refused.retry_after_ms, 30 * kMinute) << "until h0 is an hour old";
  EXPECT_EQ(refused.refused_by, Reservation::Limit::PerHour);
  EXPECT_TRUE(counts_->reserve("a1", "h5", kAt + kHour, l).reserved);
}

TEST_P(CreationContract, TheLongestWaitOfTheLimitsThatRefuse) {
  const CreationLimits l = limits(2, 2, 100);
  create("a1", "x0", kAt, l);
  create("a1", "x1", kAt + 1000, l);
  const Reservation r = counts_->reserve("a1", "x2", kAt + 2000, l);
  EXPECT_FALSE(r.reserved);
  EXPECT_EQ(r.retry_after_ms, kHour - 2000) << "the hour's wait, not the minute's";
  EXPECT_EQ(r.refused_by, Reservation::Limit::PerHour);
}

TEST_P(CreationContract, WaitingCountsOnlyUnstartedUnfinishedUnexpiredTables) {
  constexpr int64_t kTtl = 10 * kMinute;
  const CreationLimits l = limits(100, 100, 3, kTtl);
  create("a1", "w0", kAt, l);
  create("a1", "w1", kAt + kMinute, l);
  create("a1", "w2", kAt + 2 * kMinute, l);
  const Reservation full = counts_->reserve("a1", "w3", kAt + 3 * kMinute, l);
  EXPECT_FALSE(full.reserved);
  EXPECT_EQ(full.retry_after_ms, kTtl - 3 * kMinute) << "until w0 expires";
  EXPECT_EQ(full.refused_by, Reservation::Limit::Waiting);

  // A started table no longer waits.
  ASSERT_TRUE(tables_->claim("w0"));
  tables_->markStarted("w0", kAt + 3 * kMinute);
  create("a1", "w3", kAt + 3 * kMinute, l);
  EXPECT_FALSE(counts_->reserve("a1", "w4", kAt + 4 * kMinute, l).reserved);

  // Nor does a finished one (never started: both players left, say).
  ASSERT_TRUE(tables_->claim("w1"));
  tables_->append("w1", {{0, kAt + 4 * kMinute, "e"}}, StoredEnd{kAt + 4 * kMinute, "{}"});
  create("a1", "w4", kAt + 4 * kMinute, l);
  const Reservation again = counts_->reserve("a1", "w5", kAt + 5 * kMinute, l);
  EXPECT_FALSE(again.reserved);
  EXPECT_EQ(again.retry_after_ms, kTtl - 3 * kMinute) << "until w2 expires";

  // Nor does one created waiting_ttl_ms ago (expired, even if nobody deleted it yet).
  EXPECT_FALSE(counts_->reserve("a1", "w5", kAt + 2 * kMinute + kTtl - 1, l).reserved);
  EXPECT_TRUE(counts_->reserve("a1", "w5", kAt + 2 * kMinute + kTtl, l).reserved);
}

TEST_P(CreationContract, AChallengesTableWaitsOnlyWhileTheChallengeIsOpenOrTaken) {
  const CreationLimits l = limits(100, 100, 3);
  auto lobby = openChallengeStore(location_, Durability::Normal);
  // Three challenges' tables: one is withdrawn, one leaves the lobby untaken, one is taken.
  constexpr int64_t kListed = 15 * kMinute;
  for (const char* id : {"c0", "c1", "c2"}) {
    NewChallenge c;
    c.id = std::string("ch-") + id;
    c.address = "a1";
    c.created_at = kAt;
    c.expires_at = kAt + kListed;
    c.listing = "{}";
    c.cancel_secret = "secret";
    ASSERT_TRUE(lobby->reserve(c, ChallengeLimits{10, 100}).reserved);
    create("a1", id, kAt, l);
    lobby->attach(c.id, id, "token");
  }
  EXPECT_FALSE(counts_->reserve("a1", "x0", kAt + kMinute, l).reserved) << "three wait";
  ASSERT_EQ(lobby->cancel("ch-c0", "secret", kAt + kMinute), CancelResult::Cancelled);
  create("a1", "x0", kAt + kMinute, l);  // withdrawn, c0's table no longer waits
  EXPECT_FALSE(counts_->reserve("a1", "x1", kAt + 2 * kMinute, l).reserved);
  ASSERT_EQ(lobby->take("ch-c2", kAt + 2 * kMinute).status, TakeResult::Status::Taken);
  // c1 leaves the lobby untaken: nobody can join its table any more. c2 was taken: its table
  // waits for its taker.
  EXPECT_FALSE(counts_->reserve("a1", "x1", kAt + kListed - 1, l).reserved);
  EXPECT_TRUE(counts_->reserve("a1", "x1", kAt + kListed, l).reserved);
  EXPECT_FALSE(counts_->reserve("a1", "x2", kAt + kListed, l).reserved) << "c2, x0, x1 wait";
  lobby.reset();
}

TEST_P(CreationContract, ADiscardedReservationStopsCounting) {
  const CreationLimits l = limits(1, 100, 100);
  ASSERT_TRUE(counts_->reserve("a1", "d0", kAt, l).reserved);
  EXPECT_FALSE(counts_->reserve("a1", "d1", kAt, l).reserved);
  counts_->discard("d0");
  counts_->discard("unknown0000");  // nothing to forget: nothing happens
  EXPECT_TRUE(counts_->reserve("a1", "d1", kAt, l).reserved);
  EXPECT_FALSE(counts_->reserve("a1", "d2", kAt, l).reserved);
}

TEST_P(CreationContract, AReservationWithoutItsTableWaitsForAMinute) {
  const CreationLimits l = limits(100, 100, 1);
  ASSERT_TRUE(counts_->reserve("a1", "p0", kAt, l).reserved);  // its table is being stored
  const Reservation pending = counts_->reserve("a1", "p1", kAt + kMinute - 1, l);
  EXPECT_FALSE(pending.reserved);
  EXPECT_EQ(pending.retry_after_ms, 1);
  EXPECT_EQ(pending.refused_by, Reservation::Limit::Waiting);
  // A minute on, still without a table: the server gave up on it, it no longer waits.
  ASSERT_TRUE(counts_->reserve("a1", "p1", kAt + kMinute, l).reserved);
  // A stored table waits beyond the minute.
  tables_->createTable(sampleTable("p1", kAt + kMinute));
  EXPECT_FALSE(counts_->reserve("a1", "p2", kAt + 10 * kMinute, l).reserved);
  // Once the table is expired (deleted), its creation waits for the rest of its minute at most.
  ASSERT_EQ(tables_->expireWaiting(kAt + 2 * kMinute, 10), std::vector<std::string>{"p1"});
  EXPECT_TRUE(counts_->reserve("a1", "p2", kAt + 10 * kMinute, l).reserved);
}

TEST_P(CreationContract, AddressesAreCountedApart) {
  const CreationLimits l = limits(1, 1, 1);
  ASSERT_TRUE(counts_->reserve("192.0.2.1", "a0", kAt, l).reserved);
  EXPECT_FALSE(counts_->reserve("192.0.2.1", "a1", kAt, l).reserved);
  EXPECT_TRUE(counts_->reserve("192.0.2.2", "b0", kAt, l).reserved);
  EXPECT_TRUE(counts_->reserve("2001:db8::1", "c0", kAt, l).reserved);
  EXPECT_FALSE(counts_->reserve("192.0.2.2", "b1", kAt, l).reserved);
}

TEST_P(CreationContract, RacingReservationsNeverPassALimit) {
  constexpr int kNodes = 6, kPerNode = 4;
  std::vector<std::unique_ptr<CreationStore>> nodes;
  for (int i = 0; i < kNodes; ++i)
    nodes.push_back(openCreationStore(location_, Durability::Normal));
  std::atomic<int> reserved{0}, other{0}, failed{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int i = 0; i < kNodes; ++i)
    threads.emplace_back([&, i] {
      while (!go) std::this_thread::yield();
      for (int k = 0; k < kPerNode; ++k) {
        try {
          const std::string id = "r" + std::to_string(i) + "-" + std::to_string(k);
          CreationStore& node = *nodes[static_cast<std::size_t>(i)];
          if (node.reserve("crowd", id, kAt + k, limits(5, 300, 50)).reserved) ++reserved;
          // Another address beside the crowd is never refused because of it.
          if (node.reserve("alone-" + id, "o" + id, kAt + k, limits(5, 300, 50)).reserved) ++other;
        } catch (const StoreError&) {
          ++failed;
        }
      }
    });
  go = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(failed, 0);
  EXPECT_EQ(reserved, 5);
  EXPECT_EQ(other, kNodes * kPerNode);
}

TEST_P(CreationContract, RowsThatCountForNothingAreForgotten) {
  const CreationLimits l = limits(100, 100, 100, 2 * kHour);
  create("a1", "old0", kAt, l);
  ASSERT_TRUE(counts_->reserve("a1", "old1", kAt + 1, l).reserved);
  ASSERT_EQ(rows(), 2);
  // Three hours on (the waiting time, and an hour's margin), still within the margin...
  ASSERT_TRUE(counts_->reserve("a2", "new0", kAt + 3 * kHour, l).reserved);
  EXPECT_EQ(rows(), 3);
  // ... then past it: both old rows go, whichever address reserves.
  ASSERT_TRUE(counts_->reserve("a3", "new1", kAt + 3 * kHour + 2, l).reserved);
  EXPECT_EQ(rows(), 2);
}

INSTANTIATE_TEST_SUITE_P(Stores, CreationContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(SqliteCreationStore, NeedsTheTablesStoreFirst) {
  const auto path = (std::filesystem::temp_directory_path() /
                     ("pg-creation-bare-" + std::to_string(::getpid()) + ".db"))
                        .string();
  std::filesystem::remove(path);
  EXPECT_THROW(openCreationStore(path, Durability::Normal), StoreError);
  std::filesystem::remove(path);
}

TEST(PgStoreCreations, NeedTheMigrationsFirst) {
  std::string uri;
  try {
    uri = test::PgTestServer::get().freshDatabase();
  } catch (const std::exception& e) {
    GTEST_FAIL() << e.what();
  }
  EXPECT_THROW(openCreationStore(uri, Durability::Normal), StoreError);
  openStore(uri, Durability::Normal, true);
  EXPECT_NO_THROW(openCreationStore(uri, Durability::Normal));
}

}  // namespace
}  // namespace pg::creation_test
