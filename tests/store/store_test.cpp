// The Store contract, one suite for both stores: SQLite on a temporary file, and PostgreSQL on
// a fresh database of a server the test starts (support/pg_test_server.h). Tables and logs
// round-trip across reopening, appends are all-or-nothing, group commit answers every write
// once and fails only the bad ones, unfinished tables come oldest first. Every write of a table
// is made under its claim, as a server node makes them (the embedded store's claims always
// hold). pg_store_test.cpp has what only a shared store does: two nodes, lost sessions, schema.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <thread>
#include <utility>

#include "store/open_store.h"
#include "store/pg_store.h"
#include "store/sqlite_store.h"
#include "store_test_support.h"
#include "support/pg_test_server.h"

namespace pg {
namespace {

using test::Answers;
using test::holds;
using test::sampleTable;

class StoreContract : public test::EachStoreTest {
 protected:
  std::unique_ptr<Store> open(bool group_commit = true, Durability d = Durability::Normal) {
    return openStore(location_, d, group_commit);
  }
  /// Creates the table and claims it.
  static void createAndClaim(Store& s, const StoredTable& t) {
    s.createTable(t);
    ASSERT_TRUE(s.claim(t.id));
  }
  /// The writer's figures: transactions committed, writes in them.
  static std::pair<int64_t, int64_t> stats(Store& s) {
    const WriteQueue::Stats w = dynamic_cast<SqliteStore*>(&s)
                                    ? dynamic_cast<SqliteStore&>(s).writerStats()
                                    : dynamic_cast<PgStore&>(s).writerStats();
    return {w.commits, w.writes};
  }
};

TEST_P(StoreContract, OpensTheRightStore) {
  auto s = open(true, Durability::Full);
  EXPECT_EQ(s->shared(), postgres());
  if (postgres()) {
    EXPECT_NE(dynamic_cast<PgStore*>(s.get()), nullptr);
    EXPECT_EQ(s->description().rfind("postgresql ", 0), 0u) << s->description();
  } else {
    EXPECT_EQ(dynamic_cast<SqliteStore&>(*s).journalMode(), "wal");
    EXPECT_EQ(s->description(), "sqlite " + location_ + " (journal wal, synchronous full)");
  }
}

TEST_P(StoreContract, TablesAndEventsRoundTripAcrossReopening) {
  {
    auto s = open(true, Durability::Full);
    createAndClaim(*s, sampleTable("aaaaaaaaaaaa"));
    createAndClaim(*s, sampleTable("bbbbbbbbbbbb"));
    s->append("aaaaaaaaaaaa", {{0, 1100, "e0"}, {1, 1200, "e1"}}, std::nullopt);
    s->markStarted("aaaaaaaaaaaa", 1050);
    s->markStarted("aaaaaaaaaaaa", 9999);  // only the first start counts
    s->append("bbbbbbbbbbbb", {{0, 1300, "x"}}, StoredEnd{1300, R"({"winner":"black"})"});
  }
  auto s = open();
  const auto a = s->table("aaaaaaaaaaaa");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->black_token, "b-token");
  EXPECT_EQ(a->white_token, "w-token");
  EXPECT_EQ(a->hotseat_token, "");
  EXPECT_EQ(a->setup, R"({"mode":"online"})");
  EXPECT_EQ(a->created_at, 1000);
  EXPECT_EQ(a->started_at, 1050);
  EXPECT_FALSE(a->finished_at);
  EXPECT_EQ(a->result, "");
  EXPECT_EQ(s->events("aaaaaaaaaaaa"),
            (std::vector<StoredEvent>{{0, 1100, "e0"}, {1, 1200, "e1"}}));
  EXPECT_EQ(s->unfinishedTables(), std::vector<std::string>{"aaaaaaaaaaaa"});
}

TEST_P(StoreContract, AnAppendWithAnEndFinishesTheTable) {
  auto s = open();
  createAndClaim(*s, sampleTable("aaaaaaaaaaaa"));
  s->append("aaaaaaaaaaaa", {{0, 1300, "x"}, {1, 1301, "y"}}, StoredEnd{1301, R"({"w":"b"})"});
  const auto t = s->table("aaaaaaaaaaaa");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->finished_at, 1301);
  EXPECT_EQ(t->result, R"({"w":"b"})");
  EXPECT_EQ(s->events("aaaaaaaaaaaa").size(), 2u);
  EXPECT_TRUE(s->unfinishedTables().empty());
}

TEST_P(StoreContract, AStoredTableReadsBackWhole) {
  auto s = open();
  StoredTable t = sampleTable("hotseat00001", 42);
  t.black_token = "";
  t.white_token = "";
  t.hotseat_token = "h-token";
  t.started_at = 50;
  t.finished_at = 60;
  t.result = R"({"winner":"white"})";
  t.setup = "{\"name\":\"caf\xc3\xa9 'quoted' \\\"x\\\"\"}";  // UTF-8 and quotes round-trip
  s->createTable(t);
  EXPECT_EQ(s->table("hotseat00001"), t);
}

TEST_P(StoreContract, AnUnknownTableReadsAsNothing) {
  auto s = open();
  EXPECT_FALSE(s->table("cccccccccccc"));
  EXPECT_TRUE(s->events("cccccccccccc").empty());
  EXPECT_TRUE(s->unfinishedTables().empty());
}

TEST_P(StoreContract, UnfinishedTablesComeOldestFirst) {
  auto s = open();
  createAndClaim(*s, sampleTable("late00000000", 3000));
  createAndClaim(*s, sampleTable("alpha0000000", 1000));
  createAndClaim(*s, sampleTable("Zeta00000000", 1000));  // same time: ids in byte order
  createAndClaim(*s, sampleTable("done00000000", 500));
  createAndClaim(*s, sampleTable("mid000000000", 2000));
  s->append("done00000000", {}, StoredEnd{600, "{}"});
  EXPECT_EQ(s->unfinishedTables(), (std::vector<std::string>{"Zeta00000000", "alpha0000000",
                                                             "mid000000000", "late00000000"}));
}

TEST_P(StoreContract, AnAppendIsAllOrNothing) {
  auto s = open();
  createAndClaim(*s, sampleTable("aaaaaaaaaaaa"));
  s->append("aaaaaaaaaaaa", {{0, 1, "e0"}}, std::nullopt);
  // seq 1 is new but seq 0 repeats: the whole append fails and nothing of it is stored.
  EXPECT_THROW(s->append("aaaaaaaaaaaa", {{1, 2, "e1"}, {0, 2, "again"}}, std::nullopt),
               StoreError);
  EXPECT_EQ(s->events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1, "e0"}}));
  // The end of an unknown table fails, and its events with it.
  ASSERT_TRUE(s->claim("zzzzzzzzzzzz"));
  EXPECT_THROW(s->append("zzzzzzzzzzzz", {{0, 1, "e"}}, StoredEnd{1, "{}"}), StoreError);
  EXPECT_TRUE(s->events("zzzzzzzzzzzz").empty());
  EXPECT_THROW(s->createTable(sampleTable("aaaaaaaaaaaa")), StoreError);
  // The store goes on after the failures.
  s->append("aaaaaaaaaaaa", {{1, 3, "e1"}}, std::nullopt);
  EXPECT_EQ(s->events("aaaaaaaaaaaa").size(), 2u);
}

TEST_P(StoreContract, EventTextsComeBackByteForByte) {
  // Quotes, backslashes, braces, commas, NULL-like words and UTF-8: whatever a JSON event may
  // hold, alone in an append and among many in a group.
  const std::vector<std::string> texts = {R"({"kind":"stone","point":"C3"})",
                                          R"(a\b\\"c"\"d)",
                                          "{,}",
                                          "NULL",
                                          "",
                                          " spaced ",
                                          "\xc3\xa9 \xe2\x80\xa6 \xf0\x9f\x98\x80",
                                          R"({"s":"\"quoted\"\n"})"};
  auto s = open();
  createAndClaim(*s, sampleTable("aaaaaaaaaaaa"));
  std::vector<StoredEvent> all;
  for (std::size_t i = 0; i < texts.size(); ++i)
    all.push_back({static_cast<int64_t>(i), 7, texts[i]});
  s->append("aaaaaaaaaaaa", {all[0]}, std::nullopt);
  s->append("aaaaaaaaaaaa", std::vector<StoredEvent>(all.begin() + 1, all.end()), std::nullopt);
  EXPECT_EQ(s->events("aaaaaaaaaaaa"), all);
}

TEST_P(StoreContract, GroupCommitStoresEveryAppendOfManyTablesAndAnswersEachOnce) {
  constexpr int kTables = 8, kPerTable = 40;
  Answers answers(kTables * kPerTable);
  std::pair<int64_t, int64_t> figures;
  {
    auto s = open();
    for (int t = 0; t < kTables; ++t) createAndClaim(*s, sampleTable("table-" + std::to_string(t)));
    std::vector<std::thread> threads;
    for (int t = 0; t < kTables; ++t)
      threads.emplace_back([&, t] {
        for (int k = 0; k < kPerTable; ++k)
          s->write(AppendEvents{"table-" + std::to_string(t),
                                {{k, 1000 + k, "t" + std::to_string(t) + "e" + std::to_string(k)}},
                                std::nullopt},
                   answers.done(static_cast<std::size_t>(t * kPerTable + k)));
      });
    for (auto& th : threads) th.join();
    ASSERT_TRUE(answers.waitAll());
    figures = stats(*s);
  }
  for (std::size_t i = 0; i < answers.calls.size(); ++i) {
    EXPECT_EQ(answers.calls[i], 1) << i;
    EXPECT_FALSE(answers.errors[i]) << i;
  }
  EXPECT_GE(figures.first, 1);
  EXPECT_LE(figures.first, figures.second);
  EXPECT_GE(figures.second, kTables * kPerTable);
  auto s = open();  // reopened: everything answered as stored is in the database
  for (int t = 0; t < kTables; ++t) {
    const auto events = s->events("table-" + std::to_string(t));
    ASSERT_EQ(events.size(), static_cast<std::size_t>(kPerTable));
    for (int k = 0; k < kPerTable; ++k) {
      EXPECT_EQ(events[static_cast<std::size_t>(k)].seq, k);
      EXPECT_EQ(events[static_cast<std::size_t>(k)].event,
                "t" + std::to_string(t) + "e" + std::to_string(k));
    }
  }
}

TEST_P(StoreContract, GroupCommitFailsOnlyTheBadAppend) {
  auto s = open();
  createAndClaim(*s, sampleTable("aaaaaaaaaaaa"));
  createAndClaim(*s, sampleTable("bbbbbbbbbbbb"));
  ASSERT_TRUE(s->claim("cccccccccccc"));  // claimed, but no such table
  Answers answers(4);
  // Queued back to back, so usually committed together: the duplicate seq (2) and the end of
  // an unknown table (3) must fail alone, and leave nothing behind.
  s->write(AppendEvents{"aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt}, answers.done(0));
  s->write(AppendEvents{"bbbbbbbbbbbb", {{0, 1, "b0"}}, std::nullopt}, answers.done(1));
  s->write(AppendEvents{"aaaaaaaaaaaa", {{1, 2, "a1"}, {0, 2, "dup"}}, std::nullopt},
           answers.done(2));
  s->write(AppendEvents{"cccccccccccc", {}, StoredEnd{3, "{}"}}, answers.done(3));
  ASSERT_TRUE(answers.waitAll());
  EXPECT_FALSE(answers.errors[0]);
  EXPECT_FALSE(answers.errors[1]);
  EXPECT_TRUE(holds<StoreError>(answers.errors[2]));  // the store's own error type
  EXPECT_FALSE(holds<ClaimLost>(answers.errors[2]));
  EXPECT_TRUE(holds<StoreError>(answers.errors[3]));
  EXPECT_EQ(s->events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1, "a0"}}));
  EXPECT_EQ(s->events("bbbbbbbbbbbb"), (std::vector<StoredEvent>{{0, 1, "b0"}}));
}

TEST_P(StoreContract, GroupCommitCreatesTablesBesideAppendsAndFailsOnlyADuplicate) {
  constexpr int kTables = 16;
  Answers answers(2 * kTables + 1);
  {
    auto s = open();
    createAndClaim(*s, sampleTable("playing0000a"));
    std::thread creator([&] {
      for (int t = 0; t < kTables; ++t)
        s->write(CreateTable{sampleTable("created" + std::to_string(10000 + t))},
                 answers.done(static_cast<std::size_t>(t)));
      // The same id again: refused by the database, alone.
      s->write(CreateTable{sampleTable("created10000")}, answers.done(2 * kTables));
    });
    for (int k = 0; k < kTables; ++k)
      s->write(AppendEvents{"playing0000a", {{k, 1000 + k, "e" + std::to_string(k)}}, std::nullopt},
               answers.done(static_cast<std::size_t>(kTables + k)));
    creator.join();
    ASSERT_TRUE(answers.waitAll());
  }
  for (std::size_t i = 0; i < answers.calls.size(); ++i) EXPECT_EQ(answers.calls[i], 1) << i;
  for (int i = 0; i < 2 * kTables; ++i) EXPECT_FALSE(answers.errors[static_cast<std::size_t>(i)]);
  EXPECT_TRUE(holds<StoreError>(answers.errors[2 * kTables]));
  auto s = open();  // reopened: every table answered as created is in the database
  for (int t = 0; t < kTables; ++t) {
    const auto rec = s->table("created" + std::to_string(10000 + t));
    ASSERT_TRUE(rec);
    EXPECT_EQ(*rec, sampleTable("created" + std::to_string(10000 + t)));
  }
  EXPECT_EQ(s->events("playing0000a").size(), static_cast<std::size_t>(kTables));
}

TEST_P(StoreContract, GroupCommitStoresAStartBesideAppendsAndKeepsTheFirst) {
  Answers answers(4);
  {
    auto s = open();
    createAndClaim(*s, sampleTable("aaaaaaaaaaaa"));
    ASSERT_TRUE(s->claim("zzzzzzzzzzzz"));
    s->write(StartTable{"aaaaaaaaaaaa", 1050}, answers.done(0));
    s->write(AppendEvents{"aaaaaaaaaaaa", {{0, 1100, "e0"}}, std::nullopt}, answers.done(1));
    s->write(StartTable{"aaaaaaaaaaaa", 9999}, answers.done(2));  // only the first start counts
    s->write(StartTable{"zzzzzzzzzzzz", 1}, answers.done(3));     // no such table: nothing to do
    ASSERT_TRUE(answers.waitAll());
  }
  for (std::size_t i = 0; i < answers.calls.size(); ++i) {
    EXPECT_EQ(answers.calls[i], 1) << i;
    EXPECT_FALSE(answers.errors[i]) << i;
  }
  auto s = open();  // reopened: the start answered as stored is in the database
  EXPECT_EQ(s->table("aaaaaaaaaaaa")->started_at, 1050);
  EXPECT_EQ(s->events("aaaaaaaaaaaa").size(), 1u);
}

TEST_P(StoreContract, WithoutGroupCommitTheAsyncWritesAnswerBeforeReturning) {
  auto s = open(/*group_commit=*/false);
  bool created = false, appended = false, started = false;
  s->write(CreateTable{sampleTable("aaaaaaaaaaaa")}, [&](std::exception_ptr e) {
    created = true;
    EXPECT_FALSE(e);
  });
  EXPECT_TRUE(created);
  ASSERT_TRUE(s->claim("aaaaaaaaaaaa"));
  s->write(AppendEvents{"aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt}, [&](std::exception_ptr e) {
    appended = true;
    EXPECT_FALSE(e);
  });
  EXPECT_TRUE(appended);
  s->write(StartTable{"aaaaaaaaaaaa", 7}, [&](std::exception_ptr e) {
    started = true;
    EXPECT_FALSE(e);
  });
  EXPECT_TRUE(started);
  EXPECT_EQ(s->events("aaaaaaaaaaaa").size(), 1u);
  EXPECT_EQ(s->table("aaaaaaaaaaaa")->started_at, 7);
}

TEST_P(StoreContract, ASetupChangeIsStoredInOrderAndNeedsTheClaim) {
  auto s = open();
  createAndClaim(*s, sampleTable("named0000001"));
  s->setSetup("named0000001", R"({"names":1})");
  EXPECT_EQ(s->table("named0000001")->setup, R"({"names":1})");
  Answers answers(2);
  s->write(SetSetup{"named0000001", R"({"names":2})"}, answers.done(0));
  s->write(AppendChat{"named0000001", StoredChat{0, 5, "line"}}, answers.done(1));
  ASSERT_TRUE(answers.waitAll());
  EXPECT_FALSE(answers.errors[0]);
  EXPECT_FALSE(answers.errors[1]);
  EXPECT_EQ(s->table("named0000001")->setup, R"({"names":2})");
  EXPECT_EQ(s->chat("named0000001"), (std::vector<StoredChat>{{0, 5, "line"}}));
  EXPECT_THROW(s->setSetup("nosuchtable1", "{}"), StoreError);
  if (postgres()) {
    // Another node (another session) holds no claim: refused before the database.
    auto other = open();
    EXPECT_THROW(other->setSetup("named0000001", "{}"), ClaimLost);
    EXPECT_THROW(other->appendChat("named0000001", StoredChat{1, 6, "x"}), ClaimLost);
  }
  s.reset();
  EXPECT_EQ(open()->table("named0000001")->setup, R"({"names":2})");  // reopened
}

TEST_P(StoreContract, ATableHasAtMostOneRematchAndKnowsIt) {
  auto s = open();
  s->createTable(sampleTable("finished0001"));
  EXPECT_EQ(s->table("finished0001")->rematch, "");
  StoredTable next = sampleTable("rematch00001");
  next.rematch_of = "finished0001";
  s->createTable(next);
  // Both ends of the link read back: the new table names the old, the old one the new.
  EXPECT_EQ(s->table("rematch00001")->rematch_of, "finished0001");
  EXPECT_EQ(s->table("finished0001")->rematch, "rematch00001");
  EXPECT_EQ(s->table("rematch00001")->rematch, "");
  // A second rematch of the same table is refused by the database (two nodes racing to make
  // one make one), in the group commit's path too, and stores nothing.
  StoredTable again = sampleTable("rematch00002");
  again.rematch_of = "finished0001";
  EXPECT_THROW(s->createTable(again), StoreError);
  Answers answers(1);
  s->write(CreateTable{again}, answers.done(0));
  ASSERT_TRUE(answers.waitAll());
  EXPECT_TRUE(holds<StoreError>(answers.errors[0]));
  EXPECT_FALSE(s->table("rematch00002"));
  s.reset();
  EXPECT_EQ(open()->table("finished0001")->rematch, "rematch00001");  // reopened
}

TEST_P(StoreContract, AClaimHeldIsHeldAgainAndCanBeGivenUp) {
  auto s = open();
  createAndClaim(*s, sampleTable("aaaaaaaaaaaa"));
  EXPECT_TRUE(s->claim("aaaaaaaaaaaa"));  // already held
  s->append("aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt);
  s->release("aaaaaaaaaaaa");
  EXPECT_TRUE(s->claim("aaaaaaaaaaaa"));  // nobody else wanted it
  s->append("aaaaaaaaaaaa", {{1, 2, "a1"}}, std::nullopt);
  EXPECT_EQ(s->events("aaaaaaaaaaaa").size(), 2u);
}

TEST_P(StoreContract, ExpireWaitingDeletesTheUnjoinedTablesWithTheirLogAndChat) {
  auto s = open();
  createAndClaim(*s, sampleTable("waiting00001", 1000));
  s->setSetup("waiting00001", R"({"names":1})");
  s->appendChat("waiting00001", StoredChat{0, 1100, "anyone?"});
  s->append("waiting00001", {{0, 1100, "e0"}}, std::nullopt);  // a log before the start
  s->release("waiting00001");
  s->createTable(sampleTable("waiting00002", 2000));  // after the release: it is done
  createAndClaim(*s, sampleTable("started00001", 500));
  s->markStarted("started00001", 600);
  s->append("started00001", {{0, 600, "e0"}}, std::nullopt);
  createAndClaim(*s, sampleTable("finished0001", 500));
  s->append("finished0001", {}, StoredEnd{700, "{}"});  // ended before any start
  StoredTable rematch = sampleTable("rematch00001", 800);
  rematch.rematch_of = "finished0001";
  s->createTable(rematch);
  s->createTable(sampleTable("young0000001", 5000));
  // A challenge listed with a waiting table names it by id only: it stays.
  auto lobby = openChallengeStore(location_, Durability::Normal);
  NewChallenge c;
  c.id = "challenge001";
  c.address = "192.0.2.1";
  c.created_at = 1000;
  c.expires_at = 1'000'000;
  c.listing = "{}";
  c.cancel_secret = "secret";
  ASSERT_TRUE(lobby->reserve(c, ChallengeLimits{}).reserved);
  lobby->attach(c.id, "waiting00002", "token");

  EXPECT_EQ(s->expireWaiting(5000, 100),
            (std::vector<std::string>{"rematch00001", "waiting00001", "waiting00002"}));
  for (const char* id : {"rematch00001", "waiting00001", "waiting00002"}) {
    EXPECT_FALSE(s->table(id)) << id;
    EXPECT_TRUE(s->events(id).empty()) << id;
    EXPECT_TRUE(s->chat(id).empty()) << id;
  }
  EXPECT_EQ(s->table("started00001")->started_at, 600);
  EXPECT_EQ(s->events("started00001").size(), 1u);
  EXPECT_EQ(s->table("finished0001")->finished_at, 700);
  EXPECT_EQ(s->table("finished0001")->rematch, "") << "its rematch is gone";
  EXPECT_TRUE(s->table("young0000001"));
  EXPECT_EQ(s->unfinishedTables(), (std::vector<std::string>{"started00001", "young0000001"}));
  EXPECT_TRUE(s->expireWaiting(5000, 100).empty());
  EXPECT_EQ(lobby->take(c.id, 2000).table_id, "waiting00002");
  // The store goes on: an id of an expired table can be used again.
  s->createTable(sampleTable("waiting00001", 6000));
  EXPECT_EQ(s->expireWaiting(6001, 100),
            (std::vector<std::string>{"young0000001", "waiting00001"}));
}

TEST_P(StoreContract, ExpireWaitingTakesAtMostTheLimitOldestFirst) {
  auto s = open();
  for (int i = 4; i >= 0; --i) s->createTable(sampleTable("old" + std::to_string(i), 100 + i));
  EXPECT_TRUE(s->expireWaiting(1000, 0).empty());
  EXPECT_TRUE(s->expireWaiting(1000, -1).empty());
  EXPECT_EQ(s->expireWaiting(1000, 2), (std::vector<std::string>{"old0", "old1"}));
  EXPECT_EQ(s->expireWaiting(1000, 2), (std::vector<std::string>{"old2", "old3"}));
  EXPECT_EQ(s->expireWaiting(103, 2), std::vector<std::string>{}) << "old4 is too young";
  EXPECT_EQ(s->expireWaiting(105, 2), std::vector<std::string>{"old4"});
  EXPECT_TRUE(s->unfinishedTables().empty());
}

INSTANTIATE_TEST_SUITE_P(Stores, StoreContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace pg
