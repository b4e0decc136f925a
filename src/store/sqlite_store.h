// The Store on an embedded SQLite file, in WAL mode.
//
// Durability: every append is one transaction. With Durability::Full (the default),
// synchronous=FULL makes SQLite fsync the WAL at each commit, so an event told to anyone
// survives a process kill and a power loss. With Durability::Normal, synchronous=NORMAL in
// WAL mode fsyncs only at checkpoints: a committed event survives a crash of the process
// (SIGKILL: the WAL is in the OS page cache), but the last commits before a power loss or an
// OS crash may be lost. The database is never corrupted in either mode.
#pragma once

#include <memory>
#include <mutex>
#include <string>

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
  explicit SqliteStore(const std::string& path, Durability durability = Durability::Full);
  ~SqliteStore() override;

  void createTable(const StoredTable& table) override;
  void append(const std::string& table_id, const std::vector<StoredEvent>& events,
              const std::optional<StoredEnd>& end) override;
  void markStarted(const std::string& table_id, int64_t at) override;
  std::optional<StoredTable> table(const std::string& id) override;
  std::vector<StoredEvent> events(const std::string& id) override;
  std::vector<std::string> unfinishedTables() override;

  /// The journal mode SQLite reports ("wal"), for tests and the start-up log.
  std::string journalMode();

 private:
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace pg
