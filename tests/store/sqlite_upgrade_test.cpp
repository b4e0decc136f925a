// A database written by an older server opens in a newer one: its schema is brought up to date
// in place (PRAGMA user_version), and everything in it reads back.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "store/sqlite_store.h"
#include "store_test_support.h"

namespace pg::test {
namespace {

// The schema of version 1, as the server of that version wrote it.
const char* const kVersion1 = R"sql(
CREATE TABLE tables (
  id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, setup TEXT NOT NULL,
  black_token TEXT NOT NULL, white_token TEXT NOT NULL, hotseat_token TEXT NOT NULL,
  started_at INTEGER, finished_at INTEGER, result TEXT NOT NULL DEFAULT '');
CREATE INDEX tables_unfinished ON tables(created_at) WHERE finished_at IS NULL;
CREATE TABLE events (
  table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, at INTEGER NOT NULL,
  event TEXT NOT NULL, PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
INSERT INTO tables VALUES ('old000000001', 5, '{}', 'b', 'w', '', 6, 7, '{"winner":null}');
INSERT INTO events VALUES ('old000000001', 0, 6, '{"kind":"pass"}');
PRAGMA user_version=1;
)sql";

TEST(SqliteUpgrade, AVersionOneDatabaseGainsRematchesAndKeepsItsGames) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("pg-upgrade-test-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  ASSERT_EQ(sqlite3_exec(db, kVersion1, nullptr, nullptr, &error), SQLITE_OK) << error;
  sqlite3_close(db);
  {
    SqliteStore s(path.string(), Durability::Normal, false);
    const auto old = s.table("old000000001");
    ASSERT_TRUE(old);
    EXPECT_EQ(old->white_token, "w");
    EXPECT_EQ(old->finished_at, 7);
    EXPECT_EQ(old->rematch_of, "");
    EXPECT_EQ(old->rematch, "");
    ASSERT_EQ(s.events("old000000001").size(), 1u);
    StoredTable next = sampleTable("new000000001");
    next.rematch_of = "old000000001";
    s.createTable(next);
    EXPECT_EQ(s.table("old000000001")->rematch, "new000000001");
  }
  // Opened again: the upgrade is not applied twice.
  SqliteStore again(path.string(), Durability::Normal, false);
  EXPECT_EQ(again.table("old000000001")->rematch, "new000000001");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + ext);
}

}  // namespace
}  // namespace pg::test
