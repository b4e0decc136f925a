// The Store on an embedded SQLite file, in WAL mode.
//
// Durability: every append is one transaction. With Durability::Full (the default),
// synchronous=FULL makes SQLite fsync the WAL at each commit, so an event told to anyone
// survives a process kill and a power loss. With Durability::Normal, synchronous=NORMAL in
// WAL mode fsyncs only at checkpoints: a committed event survives a crash of the process
// (SIGKILL: the WAL is in the OS page cache), but the last commits before a power loss or an
// OS crash may be lost. The database is never corrupted in either mode.
//
// Group commit: appendAsync (and createTableAsync, markStartedAsync) hands the write to one writer
// thread, which commits everything queued since its last commit in one transaction, so one fsync
// serves every table that moved, or was created, meanwhile. If that transaction fails, the writer
// retries each write in a transaction of its own, so one bad write cannot fail the others.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/store.h"

namespace SQLite {
class Database;
}

namespace pg {

enum class Durability : uint8_t { Full, Normal };

class SqliteStore final : public Store {
 public:
  /// Opens (creating if needed) the database file at `path` (":memory:" for tests).
  /// Throws StoreError when the file cannot be opened or has an unknown schema.
  /// With `group_commit` off, appendAsync stores synchronously (Store's default).
  explicit SqliteStore(const std::string& path, Durability durability = Durability::Full,
                       bool group_commit = true);
  /// Commits what is queued, then stops the writer.
  ~SqliteStore() override;

  void createTable(const StoredTable& table) override;
  void append(const std::string& table_id, const std::vector<StoredEvent>& events,
              const std::optional<StoredEnd>& end) override;
  void appendAsync(const std::string& table_id, std::vector<StoredEvent> events,
                   std::optional<StoredEnd> end, AppendDone done) override;
  void createTableAsync(StoredTable table, AppendDone done) override;
  void appendChat(const std::string& table_id, const StoredChat& line) override;
  void appendChatAsync(const std::string& table_id, StoredChat line, AppendDone done) override;
  std::vector<StoredChat> chat(const std::string& id) override;
  void setSetup(const std::string& table_id, const std::string& setup) override;
  void setSetupAsync(const std::string& table_id, std::string setup, AppendDone done) override;
  void markStarted(const std::string& table_id, int64_t at) override;
  void markStartedAsync(const std::string& table_id, int64_t at, AppendDone done) override;
  std::optional<StoredTable> table(const std::string& id) override;
  std::vector<StoredEvent> events(const std::string& id) override;
  std::vector<std::string> unfinishedTables() override;
  /// In one IMMEDIATE transaction on the store's connection, beside its writer (not queued
  /// behind the writes waiting for it: a start still queued may find its table gone).
  std::vector<std::string> expireWaiting(int64_t created_before, int limit) override;

  /// "sqlite <path> (journal wal, synchronous full)", as opened.
  std::string description() const override;

  /// The journal mode SQLite reports ("wal"), for tests and the start-up log.
  std::string journalMode();

  /// Group commit figures: transactions the writer committed, and the appends in them.
  struct WriterStats {
    int64_t commits = 0;
    int64_t appends = 0;
  };
  WriterStats writerStats();

 private:
  /// One queued write: an append, the creation of a table (`create` set), or the start of a
  /// game (`started_at` set).
  struct Pending {
    std::string table_id;
    std::vector<StoredEvent> events;
    std::optional<StoredEnd> end;
    AppendDone done;
    std::optional<StoredTable> create;
    std::optional<int64_t> started_at;
    std::optional<StoredChat> chat;
    std::optional<std::string> setup;
  };
  /// The insert of one table, inside the caller's transaction. Needs mutex_.
  void writeCreate(const StoredTable& table);
  /// One queued write inside the caller's transaction. Needs mutex_.
  void writePending(const Pending& p);
  /// The inserts of one append, inside the caller's transaction. Needs mutex_.
  void writeAppend(const std::string& table_id, const std::vector<StoredEvent>& events,
                   const std::optional<StoredEnd>& end);
  /// The update of a table's start, inside the caller's transaction. Needs mutex_.
  void writeStart(const std::string& table_id, int64_t at);
  void writeChat(const std::string& table_id, const StoredChat& line);
  void writeSetup(const std::string& table_id, const std::string& setup);
  /// Queues `p` for the writer thread.
  void enqueue(Pending p);
  void writerLoop();

  std::string description_;
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;

  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;
  std::vector<Pending> queue_;
  bool stopping_ = false;
  WriterStats stats_;
  std::thread writer_;  // last: started once everything above exists
};

}  // namespace pg
