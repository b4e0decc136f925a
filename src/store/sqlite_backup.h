// A consistent copy of a live SQLite store, taken while `phantomgo serve` keeps writing to it.
//
// The copy is one snapshot: a read transaction on the store is held from the first page to the
// last, and SQLite's online backup copies the pages that snapshot sees, from the file and from
// its WAL. The transaction is what makes the copy consistent: without it, the backup would
// restart at each of the server's commits (which come faster than a large file is copied), and
// a plain copy of the file would miss the commits still in the WAL, or catch a checkpoint half
// done. In WAL mode a reader never blocks the writer; it only keeps checkpoints from going past
// its snapshot until it ends, so the WAL grows meanwhile by what the server writes.
//
// The pages go over a few at a time with a pause between (BackupPace): the server's writer and
// its readers keep the disk and the CPU most of the time. VACUUM INTO would also copy one
// snapshot, but it rebuilds every b-tree (twice the CPU of the page copy, in one statement that
// can be neither paced nor interrupted), and it raised the server's latencies more while it ran;
// docs/deploy.md ("Backups and restore") has the measurements.
//
// The copy is written under a temporary name beside its final one (pending_file.h), turned into
// a single file (journal_mode=DELETE: nothing beside it is needed to read it), checked with
// PRAGMA integrity_check, flushed, and only then given its name. Any failure removes it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace pg {

/// How gently the pages go over.
struct BackupPace {
  int pages_per_step = 256;            ///< > 0 (pages of the store's page size, 4 KiB)
  std::chrono::milliseconds pause{5};  ///< after each step
};

/// What a backup copied, as read from the copy.
struct BackupReport {
  int64_t tables = 0;        ///< rows of `tables`
  int64_t events = 0;        ///< rows of `events`
  int64_t bytes = 0;         ///< the copy's size
  int64_t pages = 0;         ///< pages copied
  double copy_seconds = 0;   ///< the snapshot's copy
  double check_seconds = 0;  ///< integrity_check, counts and flush
};

/// Copies the SQLite store at `from` (a SqliteStore's file, perhaps in use by a server) to the
/// new file `to`, which must not exist. `stop`, when given and set (a signal), interrupts the
/// copy between two steps. Throws StoreError, having left nothing at `to` or beside it.
BackupReport backupSqlite(const std::string& from, const std::string& to,
                          const BackupPace& pace = {}, const std::atomic<bool>* stop = nullptr);

}  // namespace pg
