// What only the shared store does, on a real PostgreSQL (support/pg_test_server.h): two
// PgStores on one database are two server nodes. Claims are exclusive and fence the writes; a
// lost lease loses every claim at once and the node recovers, a lost session costs nothing
// unless a commit was in flight; the schema is versioned.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "store/open_store.h"
#include "store/pg_connection.h"
#include "store/pg_migrations.h"
#include "store/pg_store.h"
#include "store_test_support.h"
#include "support/fresh_database_test.h"
#include "support/pg_test_server.h"

namespace pg {
namespace {

using test::Answers;
using test::holds;
using test::LostClaims;
using test::sampleTable;

class PgStoreTest : public test::FreshDatabaseTest {
 protected:
  std::unique_ptr<PgStore> node() { return std::make_unique<PgStore>(uri_); }
  /// Ends lease `id` in the database now, as if its node had not renewed it in time.
  void expireLease(int64_t id) {
    test::PgTestServer::get().exec(database(),
                                   "UPDATE node_leases SET expires_at = clock_timestamp() - "
                                   "interval '1 second' WHERE lease = " +
                                       std::to_string(id));
  }
  /// Whether `f` holds within 10 s.
  template <typename F>
  static bool eventually(F f) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!f()) {
      if (std::chrono::steady_clock::now() > until) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
  }
  /// The database's name in uri_ ("t_3").
  std::string database() const {
    const auto from = uri_.find(":///") + 4;
    return uri_.substr(from, uri_.find('?') - from);
  }
};

TEST_F(PgStoreTest, OpenStoreTakesPostgresUris) {
  EXPECT_TRUE(isPostgresLocation("postgresql://db.example.org/go"));
  EXPECT_TRUE(isPostgresLocation("postgres://u@a:5432,b:5432/go?target_session_attrs=read-write"));
  EXPECT_FALSE(isPostgresLocation("phantomgo.db"));
  EXPECT_FALSE(isPostgresLocation("/var/lib/postgresql.db"));
  auto s = openStore(uri_, Durability::Full, true);
  EXPECT_TRUE(s->shared());
  EXPECT_NE(dynamic_cast<PgStore*>(s.get()), nullptr);
}

TEST_F(PgStoreTest, TheDescriptionAndTheErrorsNeverShowThePassword) {
  EXPECT_EQ(pq::describe("postgresql://alice:sekrit@db.example.org:5433/go"),
            "postgresql host=db.example.org port=5433 dbname=go user=alice");
  const std::string bad = "postgresql://alice:sekrit@/go?host=/nonexistent-pg-socket-dir";
  try {
    PgStore s(bad);
    ADD_FAILURE() << "connected to nothing";
  } catch (const StoreError& e) {
    EXPECT_EQ(std::string(e.what()).find("sekrit"), std::string::npos) << e.what();
  }
  // A string libpq cannot read: its complaint quotes the string's text, which is left out.
  for (const std::string unreadable :
       {"postgresql://alice:sek%zzrit@db.example.org/go", "postgresql://alice:sekrit@[::1/go"}) {
    try {
      PgStore s(unreadable);
      ADD_FAILURE() << "read " << unreadable;
    } catch (const StoreError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find("sek"), std::string::npos) << what;
      EXPECT_NE(what.find("the connection string cannot be read"), std::string::npos) << what;
    }
  }
  auto s = node();
  EXPECT_EQ(s->description().find("password"), std::string::npos);
  EXPECT_NE(s->description().find("dbname=" + database()), std::string::npos) << s->description();
}

TEST_F(PgStoreTest, AClaimIsExclusiveUntilReleased) {
  auto a = node(), b = node();
  a->createTable(sampleTable("aaaaaaaaaaaa"));
  EXPECT_TRUE(a->claim("aaaaaaaaaaaa"));
  EXPECT_FALSE(b->claim("aaaaaaaaaaaa"));
  EXPECT_TRUE(a->claim("aaaaaaaaaaaa"));  // held already
  EXPECT_TRUE(b->claim("bbbbbbbbbbbb"));  // another table is another lock
  EXPECT_FALSE(a->claim("bbbbbbbbbbbb"));
  a->release("aaaaaaaaaaaa");
  a->release("never-claimed");  // nothing to give up: nothing happens
  // A release is queued behind the store's earlier calls; a later call on the same store
  // comes after it.
  EXPECT_FALSE(a->claim("bbbbbbbbbbbb"));
  EXPECT_TRUE(b->claim("aaaaaaaaaaaa"));
  EXPECT_FALSE(a->claim("aaaaaaaaaaaa"));
}

TEST_F(PgStoreTest, AWriteWithoutTheClaimFailsAndStoresNothing) {
  auto a = node(), b = node();
  a->createTable(sampleTable("aaaaaaaaaaaa"));
  ASSERT_TRUE(a->claim("aaaaaaaaaaaa"));
  a->append("aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt);
  // B never claimed the table (and cannot): every write of it is refused before the database.
  EXPECT_THROW(b->append("aaaaaaaaaaaa", {{1, 2, "b1"}}, std::nullopt), ClaimLost);
  EXPECT_THROW(b->append("aaaaaaaaaaaa", {}, StoredEnd{3, "{}"}), ClaimLost);
  EXPECT_THROW(b->markStarted("aaaaaaaaaaaa", 5), ClaimLost);
  Answers answers(2);
  b->write(AppendEvents{"aaaaaaaaaaaa", {{1, 2, "b1"}}, std::nullopt}, answers.done(0));
  b->write(StartTable{"aaaaaaaaaaaa", 5}, answers.done(1));
  ASSERT_TRUE(answers.waitAll());
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[0]));
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[1]));
  EXPECT_EQ(a->events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1, "a0"}}));
  const auto t = b->table("aaaaaaaaaaaa");  // reads need no claim
  ASSERT_TRUE(t);
  EXPECT_FALSE(t->started_at);
  EXPECT_FALSE(t->finished_at);
  // Creating a table needs none either.
  b->createTable(sampleTable("bbbbbbbbbbbb"));
  EXPECT_TRUE(a->table("bbbbbbbbbbbb"));
}

TEST_F(PgStoreTest, TheLogKeyRejectsASecondAppendOfTheSameSeq) {
  auto a = node(), b = node();
  a->createTable(sampleTable("aaaaaaaaaaaa"));
  ASSERT_TRUE(a->claim("aaaaaaaaaaaa"));
  a->append("aaaaaaaaaaaa", {{0, 1, "by a"}}, std::nullopt);
  // The release is queued on the table's own writer session (one of four), so B claims until
  // the table is free (or the test fails after 10 s).
  a->release("aaaaaaaaaaaa");
  bool claimed = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!claimed && std::chrono::steady_clock::now() < deadline) {
    claimed = b->claim("aaaaaaaaaaaa");
    if (!claimed) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(claimed);
  try {
    b->append("aaaaaaaaaaaa", {{0, 2, "by b"}}, std::nullopt);
    ADD_FAILURE() << "a second seq 0 was stored";
  } catch (const ClaimLost& e) {
    ADD_FAILURE() << "B holds the claim: " << e.what();
  } catch (const StoreError&) {
  }
  EXPECT_EQ(b->events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1, "by a"}}));
  b->append("aaaaaaaaaaaa", {{1, 2, "by b"}}, std::nullopt);
  EXPECT_EQ(a->events("aaaaaaaaaaaa").size(), 2u);
}

TEST_F(PgStoreTest, AnExpiredLeaseLosesEveryClaimAndTheNodeRecovers) {
  auto a = node(), b = node();
  LostClaims lost;
  a->onClaimsLost(lost.callback());
  a->createTable(sampleTable("aaaaaaaaaaaa"));
  a->createTable(sampleTable("bbbbbbbbbbbb"));
  ASSERT_TRUE(a->claim("aaaaaaaaaaaa"));
  ASSERT_TRUE(a->claim("bbbbbbbbbbbb"));
  a->append("aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt);
  const int64_t old_lease = a->leaseId();
  ASSERT_NE(old_lease, 0);

  expireLease(old_lease);  // as if A had not renewed it in time
  // A finds out at its next renewal, on its own thread, and drops everything.
  ASSERT_TRUE(lost.waitFor(1));
  EXPECT_NE(lost.thread, std::this_thread::get_id());
  EXPECT_THROW(a->append("aaaaaaaaaaaa", {{1, 2, "a1"}}, std::nullopt), ClaimLost);
  EXPECT_THROW(a->markStarted("bbbbbbbbbbbb", 3), ClaimLost);
  a->release("bbbbbbbbbbbb");  // gone with the lease: nothing to do, never throws

  // B can take the tables over.
  EXPECT_TRUE(b->claim("aaaaaaaaaaaa"));
  b->append("aaaaaaaaaaaa", {{1, 2, "b1"}}, std::nullopt);
  EXPECT_EQ(b->events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1, "a0"}, {1, 2, "b1"}}));

  // A takes a new lease by itself and serves other tables.
  ASSERT_TRUE(eventually([&] { return a->leaseId() != 0 && a->claimsLive(); }));
  EXPECT_NE(a->leaseId(), old_lease);
  EXPECT_FALSE(a->claim("aaaaaaaaaaaa"));
  EXPECT_TRUE(a->claim("bbbbbbbbbbbb"));
  a->append("bbbbbbbbbbbb", {{0, 5, "b0"}}, std::nullopt);
  EXPECT_EQ(a->events("bbbbbbbbbbbb").size(), 1u);
  EXPECT_EQ(lost.calls, 1);
}

TEST_F(PgStoreTest, AWriteOfATableClaimedSinceIsFencedOff) {
  // A renews rarely, so that it still believes in its lease after the database ended it: a
  // node paused for longer than its lease, waking up with its writes queued.
  PgLease::Times slow;
  slow.renew_every = std::chrono::minutes(5);
  slow.valid_for = std::chrono::minutes(10);
  auto a = std::make_unique<PgStore>(uri_, true, slow);
  auto b = node();
  LostClaims lost;
  a->onClaimsLost(lost.callback());
  a->createTable(sampleTable("aaaaaaaaaaaa"));
  a->createTable(sampleTable("bbbbbbbbbbbb"));
  ASSERT_TRUE(a->claim("aaaaaaaaaaaa"));
  ASSERT_TRUE(a->claim("bbbbbbbbbbbb"));
  a->append("aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt);

  expireLease(a->leaseId());
  ASSERT_TRUE(b->claim("aaaaaaaaaaaa"));  // the lease is over: B's claim raises the fence
  ASSERT_TRUE(a->claimsLive());           // A has not noticed
  // A's write carries the old fence: refused by the database, nothing stored.
  EXPECT_THROW(a->append("aaaaaaaaaaaa", {{1, 2, "stale"}}, std::nullopt), ClaimLost);
  EXPECT_THROW(a->append("aaaaaaaaaaaa", {{1, 2, "stale"}}, std::nullopt), ClaimLost);
  b->append("aaaaaaaaaaaa", {{1, 2, "b1"}}, std::nullopt);
  EXPECT_EQ(a->events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1, "a0"}, {1, 2, "b1"}}));

  // A table nobody claimed since: the fence still matches, but the lease is dead in the
  // database, so the write fails and A gives up every claim.
  EXPECT_EQ(lost.calls, 0);
  EXPECT_THROW(a->append("bbbbbbbbbbbb", {{0, 1, "late"}}, std::nullopt), ClaimLost);
  EXPECT_TRUE(lost.waitFor(1));
  EXPECT_TRUE(a->events("bbbbbbbbbbbb").empty());
  EXPECT_TRUE(b->claim("bbbbbbbbbbbb"));
}

TEST_F(PgStoreTest, ASessionLostWhileIdleCostsNothingButAReconnection) {
  auto a = node(), b = node();
  LostClaims lost;
  a->onClaimsLost(lost.callback());
  std::mutex notices_mutex;
  std::vector<std::string> notices;
  a->onNotice([&](const std::string& text) {
    std::lock_guard lock(notices_mutex);
    notices.push_back(text);
  });
  a->createTable(sampleTable("aaaaaaaaaaaa"));
  ASSERT_TRUE(a->claim("aaaaaaaaaaaa"));
  const int pid = a->writerBackendPid("aaaaaaaaaaaa");
  ASSERT_NE(pid, 0);
  test::PgTestServer::get().terminate(pid);
  // The claims belong to the lease, not to the session: A keeps them and writes on.
  EXPECT_FALSE(b->claim("aaaaaaaaaaaa"));
  Answers answers(2);
  a->write(AppendEvents{"aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt}, answers.done(0));
  a->write(CreateTable{sampleTable("cccccccccccc")}, answers.done(1));
  ASSERT_TRUE(answers.waitAll());
  EXPECT_FALSE(answers.errors[0]);
  EXPECT_FALSE(answers.errors[1]);
  EXPECT_EQ(a->events("aaaaaaaaaaaa").size(), 1u);
  EXPECT_NE(a->writerBackendPid("aaaaaaaaaaaa"), pid);
  EXPECT_EQ(lost.calls, 0);
  // The operator's log hears where the session went (after a failover: the promoted server).
  std::lock_guard lock(notices_mutex);
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_NE(notices[0].find("a writer session connected again, to "), std::string::npos);
}

TEST_F(PgStoreTest, ASessionLostDuringItsCommitGivesTheLeaseUp) {
  auto a = node(), b = node();
  LostClaims lost;
  a->onClaimsLost(lost.callback());
  a->createTable(sampleTable("aaaaaaaaaaaa"));
  ASSERT_TRUE(a->claim("aaaaaaaaaaaa"));
  // A deferred trigger makes the COMMIT of an event take seconds inside the server.
  test::PgTestServer::get().exec(
      database(),
      "CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM "
      "pg_sleep(30); RETURN NULL; END $$; CREATE CONSTRAINT TRIGGER slow AFTER INSERT ON events "
      "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()");
  const int pid = a->writerBackendPid("aaaaaaaaaaaa");
  Answers answers(1);
  a->write(AppendEvents{"aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt}, answers.done(0));
  pq::Connection watch(uri_);
  ASSERT_TRUE(eventually([&] {
    const pq::Result r = watch.exec(
        "watching", "SELECT query FROM pg_stat_activity WHERE pid = $1::int AND state = 'active'",
        {std::to_string(pid)});
    return PQntuples(r.get()) == 1 && pq::text(r.get(), 0, 0) == "COMMIT";
  }));
  test::PgTestServer::get().terminate(pid);  // the COMMIT's answer never comes
  ASSERT_TRUE(answers.waitAll());
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[0]));
  // Its outcome unknown to A, A drops every table and ends its lease: B may claim at once.
  EXPECT_TRUE(lost.waitFor(1));
  EXPECT_TRUE(eventually([&] { return b->claim("aaaaaaaaaaaa"); }));
  EXPECT_TRUE(b->events("aaaaaaaaaaaa").empty());  // the terminated commit rolled back
}

TEST_F(PgStoreTest, TablesAreSharedOutAmongTheWriterSessions) {
  auto a = node();
  std::set<int> sessions;
  std::vector<std::string> ids;
  for (int i = 0; i < 40; ++i) {
    ids.push_back("table" + std::to_string(1000000 + i));
    sessions.insert(a->writerBackendPid(ids.back()));
  }
  // Four sessions, each its own database backend, each with its share of the tables.
  EXPECT_EQ(sessions.size(), static_cast<std::size_t>(PgStore::kDefaultWriters));
  EXPECT_FALSE(sessions.count(0));
  // Every table's writes are stored in order, whichever session commits them.
  for (const std::string& id : ids) {
    a->createTable(sampleTable(id));
    ASSERT_TRUE(a->claim(id));
  }
  Answers answers(static_cast<int>(ids.size()) * 3);
  int n = 0;
  for (int seq = 0; seq < 3; ++seq)
    for (const std::string& id : ids)
      a->write(AppendEvents{id, {{seq, seq, "e" + std::to_string(seq)}}, std::nullopt},
               answers.done(n++));
  ASSERT_TRUE(answers.waitAll());
  for (const std::string& id : ids)
    EXPECT_EQ(a->events(id), (std::vector<StoredEvent>{{0, 0, "e0"}, {1, 1, "e1"}, {2, 2, "e2"}}));
}

TEST_F(PgStoreTest, WithoutADatabaseAClaimThrowsStoreError) {
  auto a = node();
  LostClaims lost;
  a->onClaimsLost(lost.callback());
  ASSERT_TRUE(a->claim("aaaaaaaaaaaa"));
  // The database goes away with every session on it: reconnecting fails until it is back.
  test::PgTestServer::get().exec("postgres", "DROP DATABASE " + database() + " WITH (FORCE)");
  ASSERT_TRUE(lost.waitFor(1));
  try {
    a->claim("bbbbbbbbbbbb");
    ADD_FAILURE() << "claimed without a database";
  } catch (const ClaimLost& e) {
    ADD_FAILURE() << "a claim never throws ClaimLost: " << e.what();
  } catch (const StoreError&) {
  }
  EXPECT_THROW(a->claim("bbbbbbbbbbbb"), StoreError);  // within the backoff: at once
  EXPECT_THROW(a->createTable(sampleTable("cccccccccccc")), StoreError);
  EXPECT_THROW(a->table("aaaaaaaaaaaa"), StoreError);
  EXPECT_EQ(lost.calls, 1);
}

TEST_F(PgStoreTest, ANewerSchemaRefusesToStart) {
  { auto s = node(); }
  test::PgTestServer::get().exec(database(),
                                 "INSERT INTO schema_migrations (version) VALUES (999)");
  try {
    PgStore s(uri_);
    ADD_FAILURE() << "started on a newer schema";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 999"), std::string::npos) << e.what();
  }
}

TEST_F(PgStoreTest, NodesStartingTogetherMigrateOnce) {
  constexpr int kNodes = 4;
  std::vector<std::unique_ptr<PgStore>> nodes(kNodes);
  std::vector<std::string> errors(kNodes);
  std::vector<std::thread> threads;
  for (int i = 0; i < kNodes; ++i)
    threads.emplace_back([&, i] {
      try {
        nodes[static_cast<std::size_t>(i)] = node();
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(i)] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  for (int i = 0; i < kNodes; ++i) {
    EXPECT_TRUE(nodes[static_cast<std::size_t>(i)]) << errors[static_cast<std::size_t>(i)];
  }
  pq::Connection c(uri_);
  const pq::Result r = c.exec("counting", "SELECT count(*), max(version) FROM schema_migrations");
  EXPECT_EQ(pq::int64At(r.get(), 0, 0), pq::latestSchemaVersion());
  EXPECT_EQ(pq::int64At(r.get(), 0, 1), pq::latestSchemaVersion());
  nodes[0]->createTable(sampleTable("aaaaaaaaaaaa"));
  EXPECT_TRUE(nodes[kNodes - 1]->table("aaaaaaaaaaaa"));
}

TEST_F(PgStoreTest, ExpireWaitingSkipsTheTablesAnyNodeClaims) {
  auto a = node(), b = node();
  for (int i = 0; i < 5; ++i) a->createTable(sampleTable("waiting" + std::to_string(i), 100 + i));
  ASSERT_TRUE(a->claim("waiting0"));  // this node's writer holds it
  ASSERT_TRUE(b->claim("waiting2"));  // another node holds it
  // The claimed oldest do not hide the others from a small limit.
  EXPECT_EQ(a->expireWaiting(1000, 1), std::vector<std::string>{"waiting1"});
  EXPECT_EQ(b->expireWaiting(1000, 10), (std::vector<std::string>{"waiting3", "waiting4"}));
  EXPECT_TRUE(a->expireWaiting(1000, 10).empty());
  EXPECT_TRUE(a->table("waiting0"));
  EXPECT_TRUE(a->table("waiting2"));
  // The claims were only tried: both holders still hold them and write.
  a->append("waiting0", {{0, 1, "a0"}}, std::nullopt);
  b->append("waiting2", {{0, 1, "b0"}}, std::nullopt);
  // The release is queued on the table's own writer session (one of four, by the table's id),
  // so no later call on this node says when it is done: the other node's expiry is asked until
  // it finds the table free (or the test fails after 10 s).
  a->release("waiting0");
  std::vector<std::string> expired;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (expired.empty() && std::chrono::steady_clock::now() < deadline) {
    expired = b->expireWaiting(1000, 10);
    if (expired.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(expired, std::vector<std::string>{"waiting0"});
  EXPECT_TRUE(a->events("waiting0").empty());
  EXPECT_EQ(a->events("waiting2").size(), 1u);
}

TEST_F(PgStoreTest, ExpireWaitingNeverDeletesATableStartedMeanwhile) {
  auto a = node(), b = node();
  constexpr int kTables = 40;
  for (int i = 0; i < kTables; ++i) a->createTable(sampleTable("race" + std::to_string(i), 100));
  // A starts every table (claim, start, release) while B expires them: each table is either
  // started and kept, or deleted unstarted, never both.
  std::vector<bool> started(kTables, false);
  std::thread starter([&] {
    for (int i = 0; i < kTables; ++i) {
      const std::string id = "race" + std::to_string(i);
      if (!a->claim(id)) continue;  // B is expiring it
      a->markStarted(id, 200);
      started[static_cast<std::size_t>(i)] = a->table(id).has_value();
      a->release(id);
    }
  });
  std::vector<std::string> expired;
  for (int round = 0; round < 20; ++round)
    for (std::string& id : b->expireWaiting(1000, 3)) expired.push_back(std::move(id));
  starter.join();
  for (std::string& id : b->expireWaiting(1000, kTables)) expired.push_back(std::move(id));
  for (const std::string& id : expired) EXPECT_FALSE(a->table(id)) << id;
  for (int i = 0; i < kTables; ++i) {
    const std::string id = "race" + std::to_string(i);
    const bool gone = std::find(expired.begin(), expired.end(), id) != expired.end();
    const auto t = a->table(id);
    EXPECT_NE(gone, t.has_value()) << id;
    if (t) {
      EXPECT_EQ(t->started_at, 200) << id;
    }
    if (started[static_cast<std::size_t>(i)]) {
      EXPECT_FALSE(gone) << id;
    }
  }
}

}  // namespace
}  // namespace pg
