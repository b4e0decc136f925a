// The SQLite store: tables and logs round-trip, appends are atomic, WAL mode, unfinished tables;
// and the SGF record of a finished game.
#include <gtest/gtest.h>

#include <filesystem>

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
