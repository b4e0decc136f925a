// The Store on an embedded SQLite file, in WAL mode.
//
// Durability: every append is one transaction. With Durability::Full (the default),
// synchronous=FULL makes SQLite fsync the WAL at each commit, so an event told to anyone
// survives a process kill and a power loss. With Durability::Normal, synchronous=NORMAL in
// WAL mode fsyncs only at checkpoints: a committed event survives a crash of the process
// (SIGKILL: the WAL is in the OS page cache), but the last commits before a power loss or an
// OS crash may be lost. The database is never corrupted in either mode.
//
// Writes: every write goes through the shared write queue (write_queue.h): one writer thread
// commits everything queued since its last commit in one transaction, so one fsync serves every
// table that moved, or was created, meanwhile; if that transaction fails, each write is retried
// in a transaction of its own, so one bad write cannot fail the others. This file only says how
// a batch of writes becomes a transaction (commit). Without group commit, each write is its own
// transaction on the writer thread, answered before write() returns. Claims always hold: one
// node has the file.
//
// A rated end (AppendEvents::rated) rates its game in its own write's statements, after the end:
// by then the transaction holds the file's write lock, so no other connection changes a rating
// between the read and the write (rated_game.h has the arithmetic).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "store/store.h"
#include "store/write_queue.h"

namespace SQLite {
class Database;
}

namespace pg {

enum class Durability : uint8_t { Full, Normal };

class SqliteStore final : public Store, private WriteBackend {
 public:
  /// Opens (creating if needed) the database file at `path` (":memory:" for tests).
  /// Throws StoreError when the file cannot be opened or has an unknown schema.
  explicit SqliteStore(const std::string& path, Durability durability = Durability::Full,
                       bool group_commit = true);
  /// Commits what is queued, then stops the writer.
  ~SqliteStore() override;

  void write(StoreWrite w, WriteDone done) override;
  std::vector<StoredChat> chat(const std::string& id) override;
  std::optional<StoredTable> table(const std::string& id) override;
  std::vector<StoredEvent> events(const std::string& id) override;
  std::vector<std::string> unfinishedTables() override;
  /// In one IMMEDIATE transaction on the store's connection, beside its writer (not queued
  /// behind the writes waiting for it: a start still queued may find its table gone).
  std::vector<std::string> expireWaiting(int64_t created_before, int limit) override;

  /// "sqlite <path> (journal wal, synchronous full)", as opened.
  std::string description() const override;
  std::chrono::milliseconds oldestWrite() override { return queue_.oldestWaiting(); }

  /// The journal mode SQLite reports ("wal"), for tests and the start-up log.
  std::string journalMode();

  /// Group commit figures: transactions the writer committed, and the writes in them.
  WriteQueue::Stats writerStats() { return queue_.stats(); }

 protected:
  bool onWriterThread() const override { return queue_.onWriterThread(); }

 private:
  /// The writes in one transaction on the store's connection (WriteBackend).
  void commit(std::span<const StoreWrite> writes) override;

  std::string description_;
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
  // Last: destroyed first, its writer stopped while everything above exists; started at the
  // end of the constructor.
  WriteQueue queue_;
};

}  // namespace pg
