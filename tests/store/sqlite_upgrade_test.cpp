// A database written by an older server opens in a newer one: its schema is brought up to date
// in place (PRAGMA user_version), and everything in it reads back. The stores that share the
// file (the lobby, the creation counts, the accounts, the ratings) refuse it until then.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "store/open_store.h"
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

// The schema of version 2, as the server of that version wrote it.
const char* const kVersion2 = R"sql(
CREATE TABLE tables (
  id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, setup TEXT NOT NULL,
  black_token TEXT NOT NULL, white_token TEXT NOT NULL, hotseat_token TEXT NOT NULL,
  started_at INTEGER, finished_at INTEGER, result TEXT NOT NULL DEFAULT '', rematch_of TEXT);
CREATE INDEX tables_unfinished ON tables(created_at) WHERE finished_at IS NULL;
CREATE UNIQUE INDEX tables_rematch_of ON tables(rematch_of) WHERE rematch_of IS NOT NULL;
CREATE TABLE events (
  table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, at INTEGER NOT NULL,
  event TEXT NOT NULL, PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
CREATE TABLE chat (
  table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, at INTEGER NOT NULL,
  line TEXT NOT NULL, PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
CREATE TABLE challenges (
  id TEXT PRIMARY KEY, address TEXT NOT NULL, created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL, listing TEXT NOT NULL, cancel_secret TEXT NOT NULL,
  table_id TEXT, seat_token TEXT NOT NULL DEFAULT '', taken_at INTEGER, cancelled_at INTEGER);
CREATE INDEX challenges_address ON challenges(address, created_at);
CREATE INDEX challenges_open ON challenges(created_at)
  WHERE taken_at IS NULL AND cancelled_at IS NULL;
INSERT INTO tables VALUES ('waiting00001', 5, '{}', 'b', 'w', '', NULL, NULL, '', NULL);
INSERT INTO chat VALUES ('waiting00001', 0, 6, '{"text":"hi"}');
INSERT INTO challenges VALUES ('ch1', '192.0.2.1', 5, 9000000000000, '{}', 's', 'waiting00001',
  't', NULL, NULL);
PRAGMA user_version=2;
)sql";

// What version 3 added to version 2, as the server of that version wrote it.
const char* const kVersion3Addition = R"sql(
CREATE TABLE creations (
  table_id TEXT PRIMARY KEY, address TEXT NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX creations_address ON creations(address, created_at);
CREATE INDEX creations_created ON creations(created_at);
INSERT INTO creations VALUES ('waiting00001', '192.0.2.1', 5);
PRAGMA user_version=3;
)sql";

// What version 4 added to version 3, as the server of that version wrote it.
const char* const kVersion4Addition = R"sql(
CREATE TABLE accounts (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE UNIQUE INDEX accounts_name_key ON accounts(name_key);
CREATE TABLE passkeys (
  credential_id BLOB PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
  alg INTEGER NOT NULL, public_key BLOB NOT NULL, sign_count INTEGER NOT NULL,
  label TEXT NOT NULL DEFAULT '', created_at INTEGER NOT NULL, last_used_at INTEGER NOT NULL);
CREATE INDEX passkeys_account ON passkeys(account_id, created_at);
CREATE TABLE ceremonies (
  id TEXT PRIMARY KEY, purpose TEXT NOT NULL, account_id TEXT NOT NULL DEFAULT '',
  challenge BLOB NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX ceremonies_expires ON ceremonies(expires_at);
CREATE TABLE sessions (
  token_hash BLOB PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX sessions_account ON sessions(account_id);
CREATE INDEX sessions_expires ON sessions(expires_at);
CREATE TABLE recovery_codes (
  id INTEGER PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
  hash TEXT NOT NULL, used_at INTEGER);
CREATE INDEX recovery_codes_account ON recovery_codes(account_id);
INSERT INTO accounts VALUES ('acc1', 'Alice', 'alice', 10);
INSERT INTO passkeys VALUES (x'010203', 'acc1', -7, x'0405', 0, '', 10, 10);
INSERT INTO recovery_codes (account_id, hash) VALUES ('acc1', 'h1');
PRAGMA user_version=4;
)sql";

/// A new file at a temporary path holding `sql`.
std::string writeDatabase(const std::string& name, const char* sql) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("pg-upgrade-" + name + "-" + std::to_string(::getpid()) + ".db");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + ext);
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, &error), SQLITE_OK) << error;
  sqlite3_free(error);
  sqlite3_close(db);
  return path.string();
}

TEST(SqliteUpgrade, AVersionFourDatabaseGainsTheRatingsAndKeepsItsRows) {
  const std::string path =
      writeDatabase("v4", (std::string(kVersion2) + kVersion3Addition + kVersion4Addition).c_str());
  EXPECT_THROW(openRatingStore(path, Durability::Normal), StoreError);
  EXPECT_NO_THROW(openAccountStore(path, Durability::Normal));  // version 4 has the accounts
  {
    SqliteStore s(path, Durability::Normal, false);
    ASSERT_TRUE(s.table("waiting00001"));
    EXPECT_EQ(s.chat("waiting00001").size(), 1u);
    EXPECT_EQ(openAccountStore(path, Durability::Normal)->accountByName("ALICE"),
              (Account{"acc1", "Alice", 10}));
    // The old table's game, played by Alice against the computer, is rated.
    auto ratings = openRatingStore(path, Durability::Normal);
    EXPECT_TRUE(ratings->bindSeat("waiting00001", 0, "acc1", 20));
    EXPECT_TRUE(ratings->bindSeat("waiting00001", 1, "computer:easy", 20));
    s.append("waiting00001", {{0, 30, "end"}}, StoredEnd{30, "{}"}, RatedEnd{"small-rapid", 1.0});
    EXPECT_EQ(ratings->changesOf("waiting00001").size(), 2u);
  }
  // Opened again: the upgrade is not applied twice, and everything is still there.
  SqliteStore again(path, Durability::Normal, false);
  auto ratings = openRatingStore(path, Durability::Normal);
  EXPECT_EQ(ratings->seatPlayer("waiting00001", 0), "acc1");
  const auto board = ratings->leaderboard("small-rapid", 0, 350.0, 10);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].player, "acc1");
  EXPECT_EQ(board[0].name, "Alice");
  EXPECT_EQ(board[1].name, "computer:easy");
  EXPECT_EQ(ratings->recentGames("acc1", 10).size(), 1u);
  auto accounts = openAccountStore(path, Durability::Normal);
  EXPECT_EQ(accounts->passkeys("acc1").size(), 1u);
  EXPECT_EQ(accounts->unusedRecoveryCodes("acc1").size(), 1u);
  EXPECT_EQ(again.events("waiting00001").size(), 1u);
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
}

TEST(SqliteUpgrade, AVersionThreeDatabaseGainsTheAccountsAndKeepsItsTables) {
  const std::string path =
      writeDatabase("v3", (std::string(kVersion2) + kVersion3Addition).c_str());
  EXPECT_THROW(openAccountStore(path, Durability::Normal), StoreError);
  EXPECT_NO_THROW(openCreationStore(path, Durability::Normal));  // version 3 has the counts
  const CreationLimits one{1, 1, 1, 24 * 3600 * 1000};
  StoredPasskey key;
  key.credential_id = {1, 2, 3};
  key.alg = -7;
  key.public_key = {4, 5};
  {
    SqliteStore s(path, Durability::Normal, false);
    ASSERT_TRUE(s.table("waiting00001"));
    EXPECT_EQ(s.chat("waiting00001").size(), 1u);
    EXPECT_EQ(openChallengeStore(path, Durability::Normal)->open(10, 10).size(), 1u);
    EXPECT_FALSE(openCreationStore(path, Durability::Normal)
                     ->reserve("192.0.2.1", "new000000001", 10, one)
                     .reserved)
        << "the old count is kept";
    auto accounts = openAccountStore(path, Durability::Normal);
    EXPECT_TRUE(accounts->createAccount(Account{"acc1", "Alice", 10}, key, {"h1"}));
  }
  // Opened again: the upgrade is not applied twice, and the account is still there.
  SqliteStore again(path, Durability::Normal, false);
  auto accounts = openAccountStore(path, Durability::Normal);
  EXPECT_EQ(accounts->accountByName("alice"), (Account{"acc1", "Alice", 10}));
  EXPECT_EQ(accounts->passkeys("acc1").size(), 1u);
  EXPECT_EQ(accounts->unusedRecoveryCodes("acc1").size(), 1u);
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
}

TEST(SqliteUpgrade, AVersionTwoDatabaseGainsTheCreationCountsAndKeepsItsTables) {
  const std::string path = writeDatabase("v2", kVersion2);
  EXPECT_THROW(openCreationStore(path, Durability::Normal), StoreError);
  EXPECT_NO_THROW(openChallengeStore(path, Durability::Normal));  // version 2 has the lobby
  const CreationLimits one{1, 1, 1, 24 * 3600 * 1000};
  {
    SqliteStore s(path, Durability::Normal, false);
    const auto old = s.table("waiting00001");
    ASSERT_TRUE(old);
    EXPECT_FALSE(old->started_at);
    EXPECT_EQ(s.chat("waiting00001").size(), 1u);
    auto counts = openCreationStore(path, Durability::Normal);
    EXPECT_TRUE(counts->reserve("192.0.2.1", "new000000001", 10, one).reserved);
    EXPECT_FALSE(counts->reserve("192.0.2.1", "new000000002", 11, one).reserved);
    // The old waiting table expires with its chat; its challenge stays.
    EXPECT_EQ(s.expireWaiting(100, 10), std::vector<std::string>{"waiting00001"});
    EXPECT_TRUE(s.chat("waiting00001").empty());
    EXPECT_EQ(openChallengeStore(path, Durability::Normal)->open(10, 10).size(), 1u);
  }
  // Opened again: the upgrade is not applied twice, and the counts are still there.
  SqliteStore again(path, Durability::Normal, false);
  EXPECT_FALSE(openCreationStore(path, Durability::Normal)
                   ->reserve("192.0.2.1", "new000000002", 12, one)
                   .reserved);
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
}

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
  // Brought to the newest version: the creation counts and the accounts are there too.
  EXPECT_TRUE(openCreationStore(path.string(), Durability::Normal)
                  ->reserve("192.0.2.1", "new000000002", 10, CreationLimits{})
                  .reserved);
  EXPECT_FALSE(openAccountStore(path.string(), Durability::Normal)->nameTaken("alice"));
  EXPECT_TRUE(openRatingStore(path.string(), Durability::Normal)->ratings("acc1").empty());
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + ext);
}

}  // namespace
}  // namespace pg::test
