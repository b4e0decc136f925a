#include "store/sqlite_backup.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fcntl.h>
#include <pwd.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "store/pending_file.h"
#include "store/sqlite_guard.h"
#include "store/stored.h"

namespace pg {

namespace {

using sqlite::guarded;
using Clock = std::chrono::steady_clock;

// The files SQLite may keep beside a database: the copy's, while it is made, and a stale one
// beside the final name would be taken for the copy's own.
const std::vector<std::string> kSqliteCompanions{"-journal", "-wal", "-shm"};

double secondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// Refuses a user other than the store's owner who could create files beside it. When no node
/// has the store open, reading it makes SQLite create its -wal and -shm files, owned by whoever
/// reads; a node running as the owner could then not open its store again (root's cron job
/// against a stopped node, say).
void requireOwner(const std::string& from) {
  struct stat st {};
  if (::stat(from.c_str(), &st) != 0 || st.st_uid == ::geteuid()) return;
  const std::filesystem::path parent = std::filesystem::path(from).parent_path();
  const std::string folder = parent.empty() ? "." : parent.string();
  if (::faccessat(AT_FDCWD, folder.c_str(), W_OK, AT_EACCESS) != 0) return;  // it cannot
  std::string owner = "uid " + std::to_string(st.st_uid);
  passwd pw{};
  passwd* found = nullptr;
  std::vector<char> buf(4096);
  if (::getpwuid_r(st.st_uid, &pw, buf.data(), buf.size(), &found) == 0 && found)
    owner = found->pw_name;
  throw StoreError("run the backup as " + owner + ", the owner of " + from + " (runuser -u " +
                   owner + " -- phantomgo backup ...): SQLite may create " + from + "-wal and " +
                   from + "-shm, which the node must be able to write");
}

/// The store at `from`, read-only, inside a read transaction that has read it: the snapshot the
/// copy is of, held until the connection closes.
std::unique_ptr<SQLite::Database> openSnapshot(const std::string& from) {
  return guarded(("reading " + from).c_str(), [&] {
    auto db = std::make_unique<SQLite::Database>(from, SQLite::OPEN_READONLY);
    db->setBusyTimeout(5000);
    db->exec("BEGIN");
    // The first read starts the snapshot.
    const int found = db->execAndGet(
                            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                            "('tables', 'events')")
                          .getInt();
    if (found != 2) throw StoreError(from + " is not a phantomgo store (no tables and events)");
    return db;
  });
}

/// Ends a backup that did not finish (sqlite3_backup_finish also frees it).
struct BackupHandle {
  sqlite3_backup* b = nullptr;
  ~BackupHandle() {
    if (b) sqlite3_backup_finish(b);
  }
};

/// Copies the snapshot of `src` into the empty database `dst`, pace.pages_per_step pages at a
/// time. Returns the pages copied.
int64_t copyPages(SQLite::Database& src, SQLite::Database& dst, const BackupPace& pace,
                  const std::atomic<bool>* stop) {
  BackupHandle h{sqlite3_backup_init(dst.getHandle(), "main", src.getHandle(), "main")};
  if (!h.b) throw StoreError(std::string("starting the copy: ") + sqlite3_errmsg(dst.getHandle()));
  while (true) {
    const int rc = sqlite3_backup_step(h.b, pace.pages_per_step);
    if (rc == SQLITE_DONE) break;
    // BUSY and LOCKED are passing (the copy's own file is locked by no one else, and the
    // store's snapshot is held); anything else ends the copy with its reason.
    if (rc != SQLITE_OK && rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
      throw StoreError(std::string("copying: ") + sqlite3_errstr(rc));
    if (stop && stop->load()) throw StoreError("interrupted");
    std::this_thread::sleep_for(pace.pause);
  }
  const int64_t pages = sqlite3_backup_pagecount(h.b);
  const int rc = sqlite3_backup_finish(h.b);
  h.b = nullptr;
  if (rc != SQLITE_OK) throw StoreError(std::string("copying: ") + sqlite3_errstr(rc));
  return pages;
}

/// The copy's integrity_check, then its counts.
void check(const std::string& path, BackupReport& r) {
  guarded("checking the copy", [&] {
    SQLite::Database copy(path, SQLite::OPEN_READONLY);
    SQLite::Statement integrity(copy, "PRAGMA integrity_check");
    std::string problems;
    int lines = 0;
    while (integrity.executeStep()) {
      const std::string line = integrity.getColumn(0).getString();
      if (line == "ok") continue;
      if (lines++ < 5) problems += "\n  " + line;
    }
    if (lines > 0) throw StoreError("the copy fails integrity_check:" + problems);
    r.tables = copy.execAndGet("SELECT count(*) FROM tables").getInt64();
    r.events = copy.execAndGet("SELECT count(*) FROM events").getInt64();
  });
}

}  // namespace

BackupReport backupSqlite(const std::string& from, const std::string& to, const BackupPace& pace,
                          const std::atomic<bool>* stop) {
  if (pace.pages_per_step <= 0) throw StoreError("pages per step must be positive");
  BackupReport r;
  const auto t0 = Clock::now();
  Clock::time_point t1;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(from, ec)) throw StoreError("no SQLite file at " + from);
  requireOwner(from);
  PendingFile out(to, kSqliteCompanions);
  // The copy's moment: whatever the store had committed by now is in it.
  std::unique_ptr<SQLite::Database> src = openSnapshot(from);
  try {
    guarded("writing the copy", [&] {
      SQLite::Database dst(out.path(), SQLite::OPEN_READWRITE);
      // No journal and no flushes while the copy is made: until it is published it is nobody's,
      // and publish() flushes it once, whole.
      dst.exec("PRAGMA journal_mode=OFF");
      dst.exec("PRAGMA synchronous=OFF");
      r.pages = copyPages(*src, dst, pace, stop);
      src.reset();  // the snapshot is no longer needed: let the node checkpoint past it
      // The pages carry the store's WAL mode; a backup is one file of its own, readable alone
      // (a node that opens it turns WAL on again).
      dst.exec("PRAGMA journal_mode=DELETE");
    });
    r.copy_seconds = secondsSince(t0);
    t1 = Clock::now();
    check(out.path(), r);
    r.bytes = static_cast<int64_t>(std::filesystem::file_size(out.path(), ec));
    if (stop && stop->load()) throw StoreError("interrupted");
  } catch (const StoreError& e) {
    throw StoreError(std::string(e.what()) + " (the partial copy is removed)");
  }
  out.publish();
  r.check_seconds = secondsSince(t1);
  return r;
}

}  // namespace pg
