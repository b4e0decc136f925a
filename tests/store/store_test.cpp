// The SQLite store: tables and logs round-trip, appends are atomic, WAL mode, unfinished tables;
// and the SGF record of a finished game.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include "referee/referee.h"
#include "store/sgf_writer.h"
#include "store/sqlite_store.h"

namespace pg {
namespace {

std::string tempDb(const char* name) {
  const auto p = std::filesystem::temp_directory_path() /
                 (std::string("pg-store-test-") + std::to_string(::getpid()) + "-" + name + ".db");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + ext);
  return p.string();
}

StoredTable sampleTable(const std::string& id) {
  StoredTable t;
  t.id = id;
  t.created_at = 1000;
  t.setup = R"({"mode":"online"})";
  t.black_token = "b-token";
  t.white_token = "w-token";
  return t;
}

TEST(SqliteStore, TablesAndEventsRoundTripAcrossReopening) {
  const std::string path = tempDb("roundtrip");
  {
    SqliteStore s(path);
    EXPECT_EQ(s.journalMode(), "wal");
    s.createTable(sampleTable("aaaaaaaaaaaa"));
    s.createTable(sampleTable("bbbbbbbbbbbb"));
    s.append("aaaaaaaaaaaa", {{0, 1100, "e0"}, {1, 1200, "e1"}}, std::nullopt);
    s.markStarted("aaaaaaaaaaaa", 1050);
    s.markStarted("aaaaaaaaaaaa", 9999);  // only the first start counts
    s.append("bbbbbbbbbbbb", {{0, 1300, "x"}}, StoredEnd{1300, R"({"winner":"black"})"});
  }
  SqliteStore s(path);
  const auto a = s.table("aaaaaaaaaaaa");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->black_token, "b-token");
  EXPECT_EQ(a->started_at, 1050);
  EXPECT_FALSE(a->finished_at);
  EXPECT_EQ(s.events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1100, "e0"}, {1, 1200, "e1"}}));
  const auto b = s.table("bbbbbbbbbbbb");
  EXPECT_EQ(b->finished_at, 1300);
  EXPECT_EQ(b->result, R"({"winner":"black"})");
  EXPECT_EQ(s.unfinishedTables(), std::vector<std::string>{"aaaaaaaaaaaa"});
  EXPECT_FALSE(s.table("cccccccccccc"));
  EXPECT_TRUE(s.events("cccccccccccc").empty());
}

/// Waits for `n` appendAsync answers and keeps them by index.
struct Answers {
  std::mutex m;
  std::condition_variable cv;
  std::vector<int> calls;
  std::vector<std::exception_ptr> errors;
  explicit Answers(std::size_t n) : calls(n, 0), errors(n) {}
  Store::AppendDone done(std::size_t i) {
    return [this, i](std::exception_ptr e) {
      std::lock_guard lock(m);
      ++calls[i];
      errors[i] = e;
      cv.notify_all();
    };
  }
  void waitAll() {
    std::unique_lock lock(m);
    cv.wait(lock,
            [&] { return std::all_of(calls.begin(), calls.end(), [](int c) { return c > 0; }); });
  }
};

TEST(SqliteStore, GroupCommitStoresEveryAppendOfManyTablesAndAnswersEachOnce) {
  const std::string path = tempDb("group");
  constexpr int kTables = 8, kPerTable = 40;
  Answers answers(kTables * kPerTable);
  SqliteStore::WriterStats stats;
  {
    SqliteStore s(path);
    for (int t = 0; t < kTables; ++t) s.createTable(sampleTable("table-" + std::to_string(t)));
    std::vector<std::thread> threads;
    for (int t = 0; t < kTables; ++t)
      threads.emplace_back([&, t] {
        for (int k = 0; k < kPerTable; ++k)
          s.appendAsync("table-" + std::to_string(t),
                        {{k, 1000 + k, "t" + std::to_string(t) + "e" + std::to_string(k)}},
                        std::nullopt, answers.done(static_cast<std::size_t>(t * kPerTable + k)));
      });
    for (auto& th : threads) th.join();
    answers.waitAll();
    stats = s.writerStats();
  }
  for (std::size_t i = 0; i < answers.calls.size(); ++i) {
    EXPECT_EQ(answers.calls[i], 1) << i;
    EXPECT_FALSE(answers.errors[i]) << i;
  }
  EXPECT_EQ(stats.appends, kTables * kPerTable);
  EXPECT_GE(stats.commits, 1);
  EXPECT_LE(stats.commits, stats.appends);
  SqliteStore s(path);  // reopened: everything answered as stored is on disk
  for (int t = 0; t < kTables; ++t) {
    const auto events = s.events("table-" + std::to_string(t));
    ASSERT_EQ(events.size(), static_cast<std::size_t>(kPerTable));
    for (int k = 0; k < kPerTable; ++k) EXPECT_EQ(events[static_cast<std::size_t>(k)].seq, k);
  }
}

TEST(SqliteStore, GroupCommitFailsOnlyTheBadAppend) {
  SqliteStore s(tempDb("group-bad"), Durability::Normal);
  s.createTable(sampleTable("aaaaaaaaaaaa"));
  s.createTable(sampleTable("bbbbbbbbbbbb"));
  Answers answers(4);
  // Queued back to back, so usually committed together: the duplicate seq (2) and the end of
  // an unknown table (3) must fail alone, and leave nothing behind.
  s.appendAsync("aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt, answers.done(0));
  s.appendAsync("bbbbbbbbbbbb", {{0, 1, "b0"}}, std::nullopt, answers.done(1));
  s.appendAsync("aaaaaaaaaaaa", {{1, 2, "a1"}, {0, 2, "dup"}}, std::nullopt, answers.done(2));
  s.appendAsync("cccccccccccc", {}, StoredEnd{3, "{}"}, answers.done(3));
  answers.waitAll();
  EXPECT_FALSE(answers.errors[0]);
  EXPECT_FALSE(answers.errors[1]);
  EXPECT_TRUE(answers.errors[2]);
  EXPECT_TRUE(answers.errors[3]);
  try {
    std::rethrow_exception(answers.errors[2]);
  } catch (const StoreError&) {  // the store's own error type
  } catch (...) {
    ADD_FAILURE() << "not a StoreError";
  }
  EXPECT_EQ(s.events("aaaaaaaaaaaa"), (std::vector<StoredEvent>{{0, 1, "a0"}}));
  EXPECT_EQ(s.events("bbbbbbbbbbbb"), (std::vector<StoredEvent>{{0, 1, "b0"}}));
}

TEST(SqliteStore, GroupCommitCreatesTablesBesideAppendsAndFailsOnlyADuplicate) {
  const std::string path = tempDb("group-create");
  constexpr int kTables = 16;
  Answers answers(2 * kTables + 1);
  {
    SqliteStore s(path);
    s.createTable(sampleTable("playing0000a"));
    std::thread creator([&] {
      for (int t = 0; t < kTables; ++t)
        s.createTableAsync(sampleTable("created" + std::to_string(10000 + t)),
                           answers.done(static_cast<std::size_t>(t)));
      // The same id again: refused by the database, alone.
      s.createTableAsync(sampleTable("created10000"), answers.done(2 * kTables));
    });
    for (int k = 0; k < kTables; ++k)
      s.appendAsync("playing0000a", {{k, 1000 + k, "e" + std::to_string(k)}}, std::nullopt,
                    answers.done(static_cast<std::size_t>(kTables + k)));
    creator.join();
    answers.waitAll();
  }
  for (std::size_t i = 0; i < answers.calls.size(); ++i) EXPECT_EQ(answers.calls[i], 1) << i;
  for (int i = 0; i < 2 * kTables; ++i) EXPECT_FALSE(answers.errors[static_cast<std::size_t>(i)]);
  EXPECT_TRUE(answers.errors[2 * kTables]);
  SqliteStore s(path);  // reopened: every table answered as created is on disk
  for (int t = 0; t < kTables; ++t) {
    const auto rec = s.table("created" + std::to_string(10000 + t));
    ASSERT_TRUE(rec);
    EXPECT_EQ(*rec, sampleTable("created" + std::to_string(10000 + t)));
  }
  EXPECT_EQ(s.events("playing0000a").size(), static_cast<std::size_t>(kTables));
}

TEST(SqliteStore, GroupCommitStoresAStartBesideAppendsAndKeepsTheFirst) {
  const std::string path = tempDb("group-start");
  Answers answers(4);
  {
    SqliteStore s(path);
    s.createTable(sampleTable("aaaaaaaaaaaa"));
    s.markStartedAsync("aaaaaaaaaaaa", 1050, answers.done(0));
    s.appendAsync("aaaaaaaaaaaa", {{0, 1100, "e0"}}, std::nullopt, answers.done(1));
    s.markStartedAsync("aaaaaaaaaaaa", 9999, answers.done(2));  // only the first start counts
    s.markStartedAsync("zzzzzzzzzzzz", 1, answers.done(3));     // no such table: nothing to do
    answers.waitAll();
  }
  for (std::size_t i = 0; i < answers.calls.size(); ++i) {
    EXPECT_EQ(answers.calls[i], 1) << i;
    EXPECT_FALSE(answers.errors[i]) << i;
  }
  SqliteStore s(path);  // reopened: the start answered as stored is on disk
  EXPECT_EQ(s.table("aaaaaaaaaaaa")->started_at, 1050);
  EXPECT_EQ(s.events("aaaaaaaaaaaa").size(), 1u);
}

TEST(SqliteStore, WithoutGroupCommitMarkStartedAsyncAnswersBeforeReturning) {
  SqliteStore s(tempDb("nogroup-start"), Durability::Normal, /*group_commit=*/false);
  s.createTable(sampleTable("aaaaaaaaaaaa"));
  bool answered = false;
  s.markStartedAsync("aaaaaaaaaaaa", 7, [&](std::exception_ptr e) {
    answered = true;
    EXPECT_FALSE(e);
  });
  EXPECT_TRUE(answered);
  EXPECT_EQ(s.table("aaaaaaaaaaaa")->started_at, 7);
}

TEST(SqliteStore, WithoutGroupCommitAppendAsyncAnswersBeforeReturning) {
  SqliteStore s(tempDb("nogroup"), Durability::Normal, /*group_commit=*/false);
  s.createTable(sampleTable("aaaaaaaaaaaa"));
  bool answered = false;
  s.appendAsync("aaaaaaaaaaaa", {{0, 1, "a0"}}, std::nullopt, [&](std::exception_ptr e) {
    answered = true;
    EXPECT_FALSE(e);
  });
  EXPECT_TRUE(answered);
  EXPECT_EQ(s.events("aaaaaaaaaaaa").size(), 1u);
}

TEST(SqliteStore, AnAppendIsAllOrNothing) {
  SqliteStore s(tempDb("atomic"), Durability::Normal);
  s.createTable(sampleTable("aaaaaaaaaaaa"));
  s.append("aaaaaaaaaaaa", {{0, 1, "e0"}}, std::nullopt);
  // seq 1 is new but seq 0 repeats: the whole append fails and nothing of it is stored.
  EXPECT_THROW(s.append("aaaaaaaaaaaa", {{1, 2, "e1"}, {0, 2, "again"}}, std::nullopt), StoreError);
  EXPECT_EQ(s.events("aaaaaaaaaaaa").size(), 1u);
  EXPECT_THROW(s.append("zzzzzzzzzzzz", {{0, 1, "e"}}, StoredEnd{1, "{}"}), StoreError);
  EXPECT_THROW(s.createTable(sampleTable("aaaaaaaaaaaa")), StoreError);
}

TEST(Sgf, RecordOfAFinishedGame) {
  Rules r;
  r.size = 7;
  r.handicap = 2;
  r.komi = 0.5;
  Referee ref(r);
  // White moves first after the handicap.
  ASSERT_TRUE(ref.tryPoint(Color::White, *parsePoint("B2", 7)).accepted());
  ASSERT_TRUE(ref.tryPoint(Color::Black, *parsePoint("B2", 7)).accepted());  // illegal: occupied
  ASSERT_TRUE(ref.tryPoint(Color::Black, *parsePoint("D4", 7)).accepted());
  ASSERT_TRUE(ref.pass(Color::White).accepted());
  ASSERT_TRUE(ref.resign(Color::Black).accepted());
  ASSERT_TRUE(ref.over());
  SgfGame g;
  g.rules = r;
  g.reveal = ref.buildReveal();
  g.black_name = "A]n";
  g.white_name = "Bo";
  g.date = "2026-11-29";
  const std::string sgf = writeSgf(g);
  EXPECT_EQ(sgf.rfind("(;FF[4]GM[1]", 0), 0u) << sgf;
  for (const char* part :
       {"SZ[7]", "KM[0.5]", "HA[2]AB[", "PL[W]", "PB[A\\]n]", "PW[Bo]", "RE[W+R]", "DT[2026-11-29]",
        ";W[bf]", ";B[dd]C[rejected: B2]", ";W[]", "Black resigned."})
    EXPECT_NE(sgf.find(part), std::string::npos) << part << "\n" << sgf;
  EXPECT_EQ(sgf.back(), '\n');
}

TEST(Sgf, Results) {
  Result r;
  r.winner = Color::Black;
  r.reason = EndReason::TwoPasses;
  Score s;
  s.black_stones = 10;
  s.komi = 7.5;
  r.score = s;
  EXPECT_EQ(sgfResult(r), "B+2.5");
  r.reason = EndReason::Time;
  EXPECT_EQ(sgfResult(r), "B+T");
  r.reason = EndReason::AtariCapture;
  EXPECT_EQ(sgfResult(r), "B+");
  r.winner = Color::Empty;
  EXPECT_EQ(sgfResult(r), "0");
}

}  // namespace
}  // namespace pg
