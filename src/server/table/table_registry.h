// The tables this node serves: creates tables, finds them by id (loading them from the store on
// demand: at start, and after a table not started or finished was left by its last connection),
// and expires the tables nobody joined in time.
//
// On a store that several nodes share, a node serves a table only while it holds the table's
// claim (Store::claim): find() claims the table before it reads the log, a table whose claim
// another node holds is refused (TableElsewhere), and every table is dropped, its connections
// closed, when the claim is lost (a write refused with ClaimLost, or the store's session lost).
// A creation there only stores the table: the node that the table's id routes to claims it on
// its first join.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "protocol/json.h"
#include "server/table/table.h"

namespace pg {

/// Creation refused: the server holds its maximum number of tables.
class ServerFull : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The table exists but another node serves it (holds its claim).
class TableElsewhere : public std::runtime_error {
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
  /// What a creation may say besides the request.
  struct NewTable {
    std::string rematch_of;  ///< the table this one is the rematch of, or empty
    std::string id;          ///< the new table's id (reserved by the caller), or empty: a new one
  };
  /// Creates a table from a create request: checks the request and the table limit now
  /// (throws ProtocolError or ServerFull, having stored nothing), then stores the table
  /// through Store::write (a CreateTable), so that the creation shares the store's group commit
  /// instead of waiting for a disk flush of its own on the caller's thread. `done` may run on
  /// the store's writer thread, or before createAsync returns. The new table is not held in
  /// memory: its first join loads it.
  void createAsync(const Json& request, CreateDone done, const NewTable& options = {});
  /// The same, waiting for the store. Throws ProtocolError, ServerFull or StoreError.
  Created create(const Json& request, const NewTable& options = {});
  /// The table with this id, loaded from the store (and claimed) if needed; null if there is
  /// none. Throws TableElsewhere when another node serves it, ServerFull when it is not in
  /// memory and the node holds its maximum of tables, StoreError when the store fails.
  /// An id the store does not hold, or a claim refused, is remembered for a short while, so
  /// that a flood of requests for it does not become a flood of database reads.
  std::shared_ptr<Table> find(const std::string& id);
  /// find()'s answer when it needs no store: the table in memory, or null for an id that is no
  /// table's or one remembered as missing (TableElsewhere for one remembered as served
  /// elsewhere); nullopt when only the store can tell (then call find(), off a network thread).
  /// Never blocks on the store.
  std::optional<std::shared_ptr<Table>> findKnown(const std::string& id);
  /// Expires the tables created before `created_before` (ms since the Unix epoch) that have
  /// not started: those in memory are forgotten and their connections told `table-expired`
  /// and closed; then the store deletes every such table it holds (Store::expireWaiting; on a
  /// shared store, not one that another node holds). Blocks on the store. Returns how many
  /// the store deleted.
  std::size_t expireWaiting(int64_t created_before);
  /// Asks every finished or waiting table with no connection to leave memory (Table::sweepIdle):
  /// those loaded without a join, by GET /api/tables/<id>. Leaves alone a table looked up in
  /// the last `grace` (at least a second). Never blocks on a table.
  void sweepIdle(std::chrono::milliseconds grace);
  /// Stops every table's timers and computer player.
  void shutdown();
  /// Drops every table from memory and closes its connections (the store lost every claim).
  void dropAll();
  /// `f` is called too, after dropAll(), whenever the store loses this node's claims (the
  /// store's onClaimsLost is set once, by the registry): the arena director's claims (of
  /// "arena:<id>") go with the tables'. Set once, before the store is used.
  void alsoOnClaimsLost(std::function<void()> f);
  /// The node is stopping: once the store has committed what is queued and given up every
  /// claim (Store::releaseAll), drops every table and closes its connections ("going away"), so
  /// that the clients reconnect at once to the node that takes the table next. Call after
  /// shutdown() (no table takes input any more). Blocks on the store.
  void handOverAll();
  /// The node is about to stop (SIGTERM on a shared store): it serves as before, but /readyz
  /// answers 503 so that the proxy takes it out of its ring, and a table another node asks for
  /// is handed over at once, however recently it was loaded. handOverAll() follows.
  void drain() { draining_ = true; }
  bool draining() const { return draining_; }
  /// Whether this node may answer for its tables: false once the store's ownership of them is
  /// about to lapse (Store::claimsLive), before another node may take them.
  bool serving() const { return ctx_.store->claimsLive(); }
  /// Another node was asked for this table (the proxy routes it there now): unless this node
  /// loaded it only a moment ago, drops it, closes its connections (the clients reconnect and
  /// land there) and releases its claim after its writes. Never blocks.
  void handOver(const std::string& id);
  std::size_t size() const;

 private:
  /// Reads, claims and starts the table; null if the store has none. Without the lock.
  std::shared_ptr<Table> load(const std::string& id);
  void evict(const Table* table);
  /// Forgets the tables in memory for which `which` holds (remembered as unknown ids), and
  /// expires them (Table::expire), releasing each claim afterwards. Without the lock.
  void expireInMemory(const std::function<bool(const Table&)>& which);
  void lost(const Table* table);
  /// Remembers a failed find for `ttl`. Needs mutex_.
  void rememberMiss(const std::string& id, bool elsewhere, std::chrono::milliseconds ttl);

  struct Miss {
    std::chrono::steady_clock::time_point until;
    bool elsewhere = false;  // the claim was refused (else: no such table)
  };

  TableContext ctx_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
  std::unordered_map<std::string, std::chrono::steady_clock::time_point> loaded_at_;
  std::unordered_set<std::string> loading_;       // ids some thread is loading now
  std::unordered_set<std::string> handing_over_;  // dropped, their claims not yet released
  bool stopping_ = false;                         // every claim released: none taken again
  std::atomic<bool> draining_{false};             // drain(): leaving the proxy's ring
  std::condition_variable loaded_cv_;             // signalled when a load ends
  std::unordered_map<std::string, Miss> misses_;  // the short memory of failed finds
  uint64_t claims_generation_ = 0;                // counts dropAll()s
  std::function<void()> also_on_claims_lost_;     // alsoOnClaimsLost(), under mutex_
  std::size_t creating_ = 0;                      // creations the store has not answered yet
  std::condition_variable created_cv_;            // signalled when creating_ falls
};

}  // namespace pg
