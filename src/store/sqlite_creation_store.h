// The creation counts (creation_store.h) in the SQLite file of a SqliteStore, on a connection
// of their own (SQLite serializes the writers of one file; the busy timeout waits for the
// store's writer). The schema is the SqliteStore's (user_version 3 and later), so open that
// store first.
//
// A reservation is one IMMEDIATE transaction: it holds the file's write lock from the count to
// the insert, so two reservations never both pass one address's limit.
//
// Durability: the connection commits with synchronous=NORMAL whatever the store's setting: a
// count lost to a power cut (never to a crash of the process alone) only lets an address create
// a few tables more, so the reservations do not wait for a disk flush. The file is never
// corrupted either way; the store's next commit with synchronous=FULL flushes these commits
// too.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "store/creation_store.h"

namespace SQLite {
class Database;
}

namespace pg {

class SqliteCreationStore final : public CreationStore {
 public:
  /// Opens the file at `path`, which a SqliteStore has opened (and so brought up to date).
  /// Throws StoreError when it cannot, or when the file has no creation counts yet.
  explicit SqliteCreationStore(const std::string& path);
  ~SqliteCreationStore() override;

  Reservation reserve(const std::string& address, const std::string& table_id, int64_t now,
                      const CreationLimits& limits) override;
  void discard(const std::string& table_id) override;

 private:
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace pg
