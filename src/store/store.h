// The server's persistence behind one interface: tables with their setup and seat tokens, and
// each table's append-only event log. SQLite is the embedded implementation (sqlite_store.h);
// PostgreSQL (pg_store.h) is the one several server nodes share, with a claim per table so that
// one node at a time serves it.
//
// The store deals in plain records: the setup, events and results are JSON text written and
// read by the server, so the store knows nothing of Go.
#pragma once

#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "store/store_write.h"
#include "store/stored.h"

namespace pg {

/// Every method is safe to call from several threads. Each method throws StoreError on failure.
///
/// Writes: write() is the one way anything is written, and the one virtual write. Both stores
/// hand it to their WriteQueue (write_queue.h): one writer thread that commits the writes queued
/// meanwhile in one transaction (group commit: one disk flush for all of them), each write
/// staying all-or-nothing on its own. The other write methods are conveniences over write() that
/// wait until the write is durable (they return once it is; they throw its error), as tests and
/// tools use them.
class Store {
 public:
  virtual ~Store() = default;

  /// Called once when a write is durable (null) or has failed (the error; nothing of it was
  /// stored: ClaimLost when the store does not hold the table's claim). May be called on
  /// another thread, or before write() returns.
  using WriteDone = std::function<void(std::exception_ptr)>;
  /// Stores `w`, answered through `done`: the one way the server writes a table. A table's
  /// writes are stored in the order they were made.
  virtual void write(StoreWrite w, WriteDone done) = 0;
  /// Stores `w` and waits until it is durable; throws its error. Throws StoreError when called
  /// on the store's writer thread (from a write's `done`: it would wait for itself).
  void writeAndWait(StoreWrite w);

  /// Precondition: no table with this id exists.
  void createTable(const StoredTable& table) { writeAndWait(CreateTable{table}); }
  /// Appends `events` (whose seq continue the log) and, if `end` is set, finishes the table,
  /// and with `rated` rates its game (AppendEvents), all in one transaction: either everything
  /// is stored or nothing is. Needs the table's claim, as every write of an existing table does.
  void append(const std::string& table_id, const std::vector<StoredEvent>& events,
              const std::optional<StoredEnd>& end,
              const std::optional<RatedEnd>& rated = std::nullopt) {
    writeAndWait(AppendEvents{table_id, events, end, rated});
  }
  /// Appends one line to the table's chat (its seq continues the chat).
  void appendChat(const std::string& table_id, const StoredChat& line) {
    writeAndWait(AppendChat{table_id, line});
  }
  /// Replaces the table's setup (JSON text; a player named their seat).
  void setSetup(const std::string& table_id, const std::string& setup) {
    writeAndWait(SetSetup{table_id, setup});
  }
  /// Records when the table started (its clock began). Does nothing if already started.
  void markStarted(const std::string& table_id, int64_t at) {
    writeAndWait(StartTable{table_id, at});
  }

  // Ownership. A store that several server nodes share (PostgreSQL) lets one node at a time
  // serve a table: the node claims the table before it loads the log, and the store refuses
  // (ClaimLost) every write of an existing table (all but a creation: see needsClaim) that its
  // current database session has not claimed. So two nodes can never both append to one log,
  // whatever their timing. An embedded store has one node: every claim succeeds and these do
  // nothing.

  /// Claims the table for this node: true if it now holds the claim (or held it), false if
  /// another node holds it. Blocks until the database answered; throws StoreError.
  virtual bool claim(const std::string& table_id) {
    (void)table_id;
    return true;
  }
  /// Gives the claim up (once the table is dropped from memory), after this store's writes of
  /// the table queued before it. Never throws.
  virtual void release(const std::string& table_id) { (void)table_id; }
  /// `f` is called, on any thread, whenever the store has lost every claim at once (its
  /// database session ended); the tables it served must then be dropped. Set once, before use.
  virtual void onClaimsLost(std::function<void()> f) { (void)f; }
  /// Asks the node holding the table's claim to give it up (this node was asked for the
  /// table: the proxy routes the table here now). Never blocks on the holder; never throws.
  virtual void requestRelease(const std::string& table_id) { (void)table_id; }
  /// `f(table_id)` is called, on any thread, when another node asks for a table this store
  /// holds the claim of (requestRelease). `f` must not block. Set once, before use.
  virtual void onReleaseRequested(std::function<void(const std::string&)> f) { (void)f; }
  /// Commits what is queued, then gives every claim of this node up at once (a node stopping:
  /// the nodes asked for its tables next claim them without waiting for a lease to expire).
  /// Blocks until done. Never throws.
  virtual void releaseAll() {}
  /// `f(text)` is called, on any thread, with news for the operator's log: a database session
  /// connected again, and to which server; a lease taken or lost. Never a secret. `f` must not
  /// block. Set once, before use.
  virtual void onNotice(std::function<void(const std::string&)> f) { (void)f; }
  /// Whether other nodes may share this store (and so claims can fail).
  virtual bool shared() const { return false; }
  /// Whether this node may still answer for the tables it claimed: on a shared store, its
  /// ownership has a deadline (a lease) that it knows it has not reached. When this turns
  /// false, every claim is about to be lost (onClaimsLost follows): answer nothing more.
  virtual bool claimsLive() const { return true; }

  /// How long the oldest write not yet answered has waited (zero when none).
  virtual std::chrono::milliseconds oldestWrite() { return std::chrono::milliseconds(0); }

  /// What the store is, for the start-up log ("sqlite phantomgo.db (journal wal, synchronous
  /// full)", "postgresql host=... dbname=..."): never a password.
  virtual std::string description() const { return "store"; }

  virtual std::optional<StoredTable> table(const std::string& id) = 0;
  /// The table's log in order (empty for an unknown table).
  virtual std::vector<StoredEvent> events(const std::string& id) = 0;
  /// The table's chat in order (empty for an unknown table).
  virtual std::vector<StoredChat> chat(const std::string& id) = 0;
  /// Ids of the tables whose game has not ended, oldest first.
  virtual std::vector<std::string> unfinishedTables() = 0;

  /// Deletes, with their events and chat, at most `limit` tables that were never started nor
  /// finished and were created before `created_before` (ms since epoch); returns their ids.
  /// On a shared store, a table whose claim any node holds (including this one) is skipped.
  /// The condition is checked where the rows are deleted, in the same transaction, so a table
  /// started or finished concurrently is never deleted. The oldest go first; `limit` <= 0
  /// deletes nothing.
  ///
  /// An embedded store has no claims: a table this node has in memory may be deleted, so the
  /// caller drops the returned tables (their later writes fail or do nothing). A rematch of a
  /// deleted table, or a challenge naming it, stays (they name it by id only); the table a
  /// deleted rematch was of reads as having no rematch again.
  virtual std::vector<std::string> expireWaiting(int64_t created_before, int limit) = 0;

 protected:
  /// Whether the caller is the store's writer thread, where writeAndWait would wait for itself.
  virtual bool onWriterThread() const { return false; }
};

inline void Store::writeAndWait(StoreWrite w) {
  if (onWriterThread())
    throw StoreError("a blocking store call on the store's writer thread (from a callback)");
  waitForAnswer([&](WriteDone done) { write(std::move(w), std::move(done)); });
}

}  // namespace pg
