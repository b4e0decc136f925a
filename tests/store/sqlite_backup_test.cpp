// The backup of a SQLite store (store/sqlite_backup.h): one checked file under its final name, or
// nothing at all; and the refusal of a PostgreSQL location. The test with a real server writing
// meanwhile is tests/server/backup_test.cpp.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "store/open_store.h"
#include "store/sqlite_backup.h"
#include "store/sqlite_store.h"
#include "store_test_support.h"

namespace pg::test {
namespace {

namespace fs = std::filesystem;

class SqliteBackupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("pg-backup-test-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string at(const std::string& name) const { return (dir_ / name).string(); }
  /// The names in the folder.
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.insert(e.path().filename().string());
    return out;
  }
  static std::string text(const std::string& path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }
  /// Adds `tables` tables of `events` events of `bytes` bytes each to the store.
  static void fill(SqliteStore& s, int tables, int events, std::size_t bytes = 8) {
    for (int t = 0; t < tables; ++t) {
      const std::string id = "table" + std::to_string(1000000 + t);
      s.createTable(sampleTable(id));
      std::vector<StoredEvent> log;
      for (int k = 0; k < events; ++k) log.push_back({k, 1000 + k, std::string(bytes, 'e')});
      s.append(id, log, std::nullopt);
    }
  }

  fs::path dir_;
};

TEST_F(SqliteBackupTest, CopiesEveryTableAndEventIntoOneCheckedFile) {
  SqliteStore store(at("live.db"));
  fill(store, 3, 10);
  // The store stays open: its commits are in the WAL, not yet in the file.
  const BackupReport r = backupSqlite(at("live.db"), at("copy.db"));
  EXPECT_EQ(r.tables, 3);
  EXPECT_EQ(r.events, 30);
  EXPECT_EQ(r.bytes, static_cast<int64_t>(fs::file_size(at("copy.db"))));
  EXPECT_GT(r.pages, 0);
  // One file: no journal, no WAL, no partial copy beside it.
  EXPECT_EQ(names(), (std::set<std::string>{"live.db", "live.db-wal", "live.db-shm", "copy.db"}));
  SqliteStore restored(at("copy.db"));
  for (int t = 0; t < 3; ++t) {
    const auto events = restored.events("table" + std::to_string(1000000 + t));
    ASSERT_EQ(events.size(), 10u);
    EXPECT_EQ(events.back().seq, 9);
  }
}

TEST_F(SqliteBackupTest, NeverReplacesAFile) {
  { SqliteStore store(at("live.db")); }
  std::ofstream(at("copy.db")) << "yesterday's backup";
  try {
    backupSqlite(at("live.db"), at("copy.db"));
    FAIL() << "no refusal";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("exists"), std::string::npos) << e.what();
  }
  EXPECT_EQ(text(at("copy.db")), "yesterday's backup");
  EXPECT_EQ(names(), (std::set<std::string>{"live.db", "copy.db"}));
}

TEST_F(SqliteBackupTest, RefusesANameWithAJournalBesideIt) {
  // A journal left by another database of that name would be rolled back into the copy.
  { SqliteStore store(at("live.db")); }
  std::ofstream(at("copy.db-journal")) << "stale";
  EXPECT_THROW(backupSqlite(at("live.db"), at("copy.db")), StoreError);
  EXPECT_EQ(names(), (std::set<std::string>{"live.db", "copy.db-journal"}));
}

TEST_F(SqliteBackupTest, LeavesNothingWhenTheSourceIsNotAStore) {
  EXPECT_THROW(backupSqlite(at("missing.db"), at("copy.db")), StoreError);
  std::ofstream(at("notes.txt")) << "not a database, but longer than a header would be. " +
                                        std::string(200, 'x');
  EXPECT_THROW(backupSqlite(at("notes.txt"), at("copy.db")), StoreError);
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(at("other.db").c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "CREATE TABLE t (x)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  try {
    backupSqlite(at("other.db"), at("copy.db"));
    FAIL() << "no refusal";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("not a phantomgo store"), std::string::npos) << e.what();
  }
  EXPECT_EQ(names(), (std::set<std::string>{"notes.txt", "other.db"}));
  EXPECT_THROW(backupSqlite(at("other.db"), at("no-such-folder/copy.db")), StoreError);
}

TEST_F(SqliteBackupTest, RefusesAUserWhoseFilesBesideTheStoreTheNodeCouldNotWrite) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root, to give the store another owner";
  { SqliteStore store(at("live.db")); }
  ASSERT_EQ(::chown(at("live.db").c_str(), 65534, 65534), 0);
  try {
    backupSqlite(at("live.db"), at("copy.db"));
    FAIL() << "no refusal";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("run the backup as"), std::string::npos) << e.what();
  }
  // Neither the copy nor the store's -wal and -shm, which would have been root's.
  EXPECT_EQ(names(), (std::set<std::string>{"live.db"}));
}

TEST_F(SqliteBackupTest, StopsWhenAskedAndRemovesThePartialCopy) {
  SqliteStore store(at("live.db"));
  fill(store, 4, 50, 200);  // several pages: the copy takes several steps
  const std::atomic<bool> stop{true};
  BackupPace pace;
  pace.pages_per_step = 1;
  try {
    backupSqlite(at("live.db"), at("copy.db"), pace, &stop);
    FAIL() << "not interrupted";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("interrupted"), std::string::npos) << e.what();
  }
  EXPECT_EQ(names(), (std::set<std::string>{"live.db", "live.db-wal", "live.db-shm"}));
}

TEST_F(SqliteBackupTest, CopiesOneMomentWhileAnotherConnectionWrites) {
  // A page at a time with pauses, while the store commits an event after another: without the
  // snapshot held from the first page to the last, SQLite's backup would start over at every
  // commit (and never end at this pace), and a copy of pages from different moments could hold
  // an index that disagrees with its table (integrity_check).
  SqliteStore store(at("live.db"), Durability::Normal);
  fill(store, 2, 400, 300);  // about 60 pages
  const std::string id = "table1000000";
  std::atomic<int> acknowledged{400};
  std::atomic<bool> done{false};
  std::thread writer([&] {
    for (int k = 400; !done; ++k) {
      store.append(id, {{k, 2000 + k, std::string(300, 'w')}}, std::nullopt);
      acknowledged = k + 1;
    }
  });
  while (acknowledged < 450) std::this_thread::yield();
  const int before = acknowledged;  // every one of these was stored before the copy began
  BackupPace pace;
  pace.pages_per_step = 1;
  pace.pause = std::chrono::milliseconds(2);
  BackupReport r;
  try {
    r = backupSqlite(at("live.db"), at("copy.db"), pace);
  } catch (...) {
    done = true;
    writer.join();
    throw;
  }
  const int after = acknowledged;
  done = true;
  writer.join();
  SqliteStore copy(at("copy.db"));
  const auto events = copy.events(id);
  ASSERT_GE(events.size(), static_cast<std::size_t>(before));
  EXPECT_LE(events.size(), static_cast<std::size_t>(after) + 1);
  for (std::size_t k = 0; k < events.size(); ++k) ASSERT_EQ(events[k].seq, int64_t(k));
  EXPECT_EQ(r.events, static_cast<int64_t>(events.size()) + 400);
}

TEST(PostgresLocation, KeyValueConnectionStringsAreToldFromFileNames) {
  EXPECT_TRUE(isPostgresConninfo("host=/var/run/postgresql dbname=phantomgo"));
  EXPECT_TRUE(isPostgresConninfo("dbname=phantomgo"));
  EXPECT_FALSE(isPostgresConninfo("phantomgo.db"));
  EXPECT_FALSE(isPostgresConninfo("/var/lib/phantomgo/phantomgo.db"));
  EXPECT_FALSE(isPostgresConninfo("/tmp/size=9.db"));
}

}  // namespace
}  // namespace pg::test
