// The server's persistence behind one interface: tables with their setup and seat tokens, and
// each table's append-only event log. SQLite is the embedded implementation (sqlite_store.h);
// PostgreSQL (pg_store.h) is the one several server nodes share, with a claim per table so that
// one node at a time serves it.
//
// The store deals in plain records: the setup, events and results are JSON text written and
// read by the server, so the store knows nothing of Go.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "store/store_write.h"
#include "store/stored.h"

namespace pg {

/// Every method is safe to call from several threads, and each write is durable when it
/// returns (the caller may tell others about it). Each method throws StoreError on failure.
class Store {
 public:
  virtual ~Store() = default;

  /// Precondition: no table with this id exists.
  virtual void createTable(const StoredTable& table) = 0;
  /// Appends `events` (whose seq continue the log) and, if `end` is set, finishes the table,
  /// all in one transaction: either everything is stored or nothing is.
  virtual void append(const std::string& table_id, const std::vector<StoredEvent>& events,
                      const std::optional<StoredEnd>& end) = 0;
  /// Called once when an appendAsync or createTableAsync is durable (null) or has failed (the
  /// error; nothing of it was stored). May be called on another thread, or before appendAsync
  /// returns.
  using AppendDone = std::function<void(std::exception_ptr)>;
  /// The same write as append(), answered through `done`. A store may gather the appends of
  /// many tables into one transaction (group commit: one disk flush for all of them); each
  /// append stays all-or-nothing on its own. This default stores synchronously.
  virtual void appendAsync(const std::string& table_id, std::vector<StoredEvent> events,
                           std::optional<StoredEnd> end, AppendDone done) {
    std::exception_ptr error;
    try {
      append(table_id, events, end);
    } catch (...) {
      error = std::current_exception();
    }
    done(error);
  }
  /// The same write as createTable(), answered through `done` (see AppendDone). A store with a
  /// writer thread commits it with the appends queued beside it, so a creation shares their
  /// disk flush instead of waiting for one of its own. This default stores synchronously.
  virtual void createTableAsync(StoredTable table, AppendDone done) {
    std::exception_ptr error;
    try {
      createTable(table);
    } catch (...) {
      error = std::current_exception();
    }
    done(error);
  }
  /// Called once when a write is durable (null) or has failed (the error; nothing of it was
  /// stored). May be called on another thread, or before write() returns.
  using WriteDone = std::function<void(std::exception_ptr)>;
  /// Stores `w`, answered through `done`: the one way the server writes a table.
  virtual void write(StoreWrite w, WriteDone done) {
    std::visit(
        [&](auto&& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, CreateTable>)
            createTableAsync(std::move(x.table), std::move(done));
          else if constexpr (std::is_same_v<T, AppendEvents>)
            appendAsync(x.table_id, std::move(x.events), std::move(x.end), std::move(done));
          else if constexpr (std::is_same_v<T, StartTable>)
            markStartedAsync(x.table_id, x.at, std::move(done));
          else if constexpr (std::is_same_v<T, AppendChat>)
            appendChatAsync(x.table_id, std::move(x.line), std::move(done));
          else
            setSetupAsync(x.table_id, std::move(x.setup), std::move(done));
        },
        w);
  }
  /// Appends one line to the table's chat (its seq continues the chat). Needs the table's claim
  /// as append() does.
  virtual void appendChat(const std::string& table_id, const StoredChat& line) = 0;
  /// The same write as appendChat(), answered through `done` (see AppendDone), in order with
  /// the table's other writes. This default stores synchronously.
  virtual void appendChatAsync(const std::string& table_id, StoredChat line, AppendDone done) {
    std::exception_ptr error;
    try {
      appendChat(table_id, line);
    } catch (...) {
      error = std::current_exception();
    }
    done(error);
  }
  /// Replaces the table's setup (JSON text; a player named their seat). Needs the table's claim
  /// as append() does.
  virtual void setSetup(const std::string& table_id, const std::string& setup) = 0;
  /// The same write as setSetup(), answered through `done` (see AppendDone), in order with the
  /// table's other writes. This default stores synchronously.
  virtual void setSetupAsync(const std::string& table_id, std::string setup, AppendDone done) {
    std::exception_ptr error;
    try {
      setSetup(table_id, setup);
    } catch (...) {
      error = std::current_exception();
    }
    done(error);
  }
  /// Records when the table started (its clock began). Does nothing if already started.
  virtual void markStarted(const std::string& table_id, int64_t at) = 0;
  /// The same write as markStarted(), answered through `done` (see AppendDone). A store with a
  /// writer thread commits it with the appends queued beside it. This default stores
  /// synchronously.
  virtual void markStartedAsync(const std::string& table_id, int64_t at, AppendDone done) {
    std::exception_ptr error;
    try {
      markStarted(table_id, at);
    } catch (...) {
      error = std::current_exception();
    }
    done(error);
  }

  // Ownership. A store that several server nodes share (PostgreSQL) lets one node at a time
  // serve a table: the node claims the table before it loads the log, and the store refuses
  // (ClaimLost) every append, start or end of a table that its current database session has
  // not claimed. So two nodes can never both append to one log, whatever their timing. An
  // embedded store has one node: every claim succeeds and these do nothing.

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
  /// Whether other nodes may share this store (and so claims can fail).
  virtual bool shared() const { return false; }

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
};

}  // namespace pg
