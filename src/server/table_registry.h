// The lobby: creates tables, finds them by id (reloading them from the store when they are not
// in memory), and reloads every unfinished table when the server starts.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "protocol/json.h"
#include "server/table.h"

namespace pg {

/// Creation refused: the server holds its maximum number of tables.
class ServerFull : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TableRegistry {
 public:
  /// `ctx.on_idle` is set by the registry. Everything in ctx outlives the registry.
  explicit TableRegistry(TableContext ctx);
  /// Waits for the creations the store has not answered yet (the store outlives the registry).
  ~TableRegistry();

  struct Created {
    StoredTable record;  ///< holds the seat tokens: for the creator's response only
    Json info;
  };
  /// Called once a creation is stored and its table started (error null), or when the store
  /// failed (the error; nothing was stored and `created` is empty).
  using CreateDone = std::function<void(std::exception_ptr error, Created created)>;
  /// Creates a table from a create request: checks the request and the table limit now
  /// (throws ProtocolError or ServerFull, having stored nothing), then stores the table
  /// through Store::createTableAsync, so that the creation shares the store's group commit
  /// instead of waiting for a disk flush of its own on the caller's thread. `done` may run on
  /// the store's writer thread, or before createAsync returns.
  void createAsync(const Json& request, CreateDone done);
  /// The same, waiting for the store. Throws ProtocolError, ServerFull or StoreError.
  Created create(const Json& request);
  /// The table with this id, loaded from the store if needed; null if there is none.
  std::shared_ptr<Table> find(const std::string& id);
  /// Loads and starts every unfinished table of the store; returns how many.
  std::size_t loadUnfinished();
  /// Stops every table's timers and computer player.
  void shutdown();
  std::size_t size() const;

 private:
  std::shared_ptr<Table> loadLocked(const std::string& id);
  void evict(const Table* table);

  TableContext ctx_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
  std::size_t creating_ = 0;            // creations the store has not answered yet
  std::condition_variable created_cv_;  // signalled when creating_ falls
};

}  // namespace pg
