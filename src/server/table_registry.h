// The lobby: creates tables, finds them by id (reloading them from the store when they are not
// in memory), and reloads every unfinished table when the server starts.
#pragma once

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
  ~TableRegistry();

  struct Created {
    StoredTable record;  ///< holds the seat tokens: for the creator's response only
    Json info;
  };
  /// Creates, stores and starts a table from a create request. Throws ProtocolError (bad
  /// request), ServerFull or StoreError.
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
};

}  // namespace pg
