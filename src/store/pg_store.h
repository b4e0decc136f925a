// The Store on PostgreSQL 15, which several server nodes share.
//
// Connections: a few writer sessions (pg_writer.h, 4 by default), each owned by its writer
// thread, share the tables out by the hash of their ids, so that one COMMIT does not wait for
// another's; a few more (pg_connection_pool.h, kReaders) serve the reads side by side
// (table(), events(), unfinishedTables()), and the expiry of waiting tables (expireWaiting: it
// must not hold the claims), each reconnecting at once if it finds its session gone and, while
// the database stays away, once per backoff period (as the writer), failing the reads in
// between at once. Reads need no claim.
//
// Durability: a write is reported stored (its `done` gets null, or the sync form returns) only
// once its COMMIT has returned, so it is as durable as the server's synchronous_commit makes a
// commit (on by default: flushed to the server's WAL, and to a synchronous standby when one is
// configured). Durability::Normal and Full are SQLite settings; this store leaves durability to
// the PostgreSQL server's configuration.
//
// Writes: every write of a table goes through its writer's write queue (write_queue.h) and its
// thread, in order, with its group commit and retry. A batch becomes a transaction (PgWriter's
// commit): BEGIN, the claim rows locked (below), the whole batch in a few round trips (the
// creations, every event of every append in ONE INSERT ... unnest, then the rating rows of the
// rated ends locked, then the starts, ends with their ratings, chat lines and setups), COMMIT.
// Prepared statements; plain statements, not pipeline mode: a pipeline as long as the queue
// could fill both socket buffers and stall. If the group fails, each write is retried in a
// transaction of its own, so one bad write cannot fail the others. A failed write stored
// nothing and its `done` gets the error. With `group_commit` off, each write is its own
// transaction and write() waits for it (its `done` is called before write() returns).
//
// Claims are leases with fencing tokens (schema 7; pg_lease.h has the lease itself). The node
// holds one lease at a time, renewed every 500 ms and valid for 3 s in the database's clock. A
// claim of a table is a row of `claims` naming that lease, with the table's fencing token
// (`fence`), which every claim of the table raises, whoever makes it:
//   claim(id)   one statement (an upsert) on the writer connection, in queue order with the
//               writes: it succeeds when the row names no lease, this node's lease, or a lease
//               that has expired, and only while this node's own lease is alive; it returns the
//               new fence, which the writer keeps with the claim.
//   a write     every transaction that writes tables this node claims begins by locking their
//               claim rows (FOR SHARE) where they still carry the writer's fence and lease, and
//               that lease is alive; a table whose row has moved on fails with ClaimLost (and
//               its claim is forgotten), a dead lease fails the run (the lease is given up).
//               The lock is held until the COMMIT, and a claim needs the row exclusively, so no
//               other node can claim a table between this check and this commit.
//   release(id) clears the row's lease where it is this node's, queued behind the table's
//               writes; a request for a table this node does not hold in memory (a claim whose
//               answer was lost with the session) clears it the same way.
// A lost lease (not renewed in time, or given up) loses every claim at once: onClaimsLost is
// called, the claims of the old lease are forgotten, and a new lease is taken, ending the old
// one in the database so that its tables are free at once. A writer session lost while idle
// costs nothing but a reconnection; one lost during a COMMIT leaves that commit's outcome
// unknown, so the node gives its lease up and every node reads the log as the database holds
// it. docs/server.md says why no ordering of pause, wake-up, expiry and commit lets two nodes
// announce an event of one table.
//
// The writer session sets idle_in_transaction_session_timeout (2 s: a node cut off in the
// middle of a transaction must not hold its claim rows' locks until TCP gives up) and
// lock_timeout (2 s: a claim waits that long at most for another node's commit).
//
// Ratings: a rated end (AppendEvents::rated) rates its game in the transaction of the end. First
// the group's rated ends' seat players are read, their missing rating rows inserted (ON CONFLICT
// DO NOTHING: a racing insert of the same row waits for the other to commit) and all their rating
// rows locked (SELECT ... FOR UPDATE), inserts and locks each in one order (player, then
// category, by bytes), so two nodes ending games of one player at once run one after the other,
// the second reading what the first wrote, and never deadlock; then each end is one statement
// writing both ratings and both history rows (rated_game.h has the arithmetic).
//
// Connection strings are libpq's: postgresql://user@host:port/db?..., several hosts with
// target_session_attrs=read-write, or key=value pairs. Error texts never include them.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "store/pg_connection_pool.h"
#include "store/pg_lease.h"
#include "store/pg_writer.h"
#include "store/store.h"
#include "store/write_queue.h"

namespace pg {

namespace pq {
class Connection;
}

class PgStore final : public Store {
 public:
  /// Connects, brings the schema up to date (pg_migrations.h), takes a lease (`lease` says how
  /// long it lasts) and starts `writers` writer sessions (at least 1). Throws StoreError if the
  /// database cannot be reached or has a newer schema. With `group_commit` off, each write is
  /// its own transaction and write() answers before it returns.
  explicit PgStore(const std::string& conninfo, bool group_commit = true, PgLease::Times lease = {},
                   int writers = kDefaultWriters);
  /// Commits what is queued, releases every claim, then ends the lease (a node stopping hands
  /// its tables over at once).
  ~PgStore() override;

  /// Writer sessions by default: enough for their COMMITs to overlap on a small machine.
  static constexpr int kDefaultWriters = 4;
  /// Reader sessions: a node's loads of tables overlap their round trips.
  static constexpr int kReaders = 4;

  void write(StoreWrite w, WriteDone done) override;
  std::vector<StoredChat> chat(const std::string& id) override;

  bool claim(const std::string& table_id) override;
  void release(const std::string& table_id) override;
  void onClaimsLost(std::function<void()> f) override;
  /// Every writer clears the claim rows naming this node's lease that are its own.
  void releaseAll() override;
  /// NOTIFY on the channel phantomgo_release, through the reader connection.
  void requestRelease(const std::string& table_id) override;
  /// Each writer session LISTENs on that channel; it hears the requests whenever it uses or
  /// polls its connection (at least every 200 ms while it holds a claim) and passes on, on its
  /// thread, those for the claims it holds.
  void onReleaseRequested(std::function<void(const std::string&)> f) override;
  void onNotice(std::function<void(const std::string&)> f) override;
  bool shared() const override { return true; }
  /// The lease is alive (pg_lease.h: live()).
  bool claimsLive() const override { return lease_.live(); }

  std::optional<StoredTable> table(const std::string& id) override;
  std::vector<StoredEvent> events(const std::string& id) override;
  std::vector<std::string> unfinishedTables() override;
  /// In one transaction on the reader connection: candidates whose claim names no live lease
  /// are taken oldest first, page after page, until `limit` are locked or none is left (so
  /// claimed tables cannot hide the others); each gets a claim row if it had none, and the
  /// claim rows that still name no live lease are locked (FOR UPDATE SKIP LOCKED), so that no
  /// node can claim them until the commit (a claim waits, then finds the table gone). Then one
  /// statement deletes those whose rows still qualify, read afresh under the locks, so one
  /// started, finished or claimed meanwhile stays. A session lost during the commit may leave
  /// tables deleted whose ids were not returned: none of them was claimed, so no node has them
  /// in memory.
  std::vector<std::string> expireWaiting(int64_t created_before, int limit) override;

  std::string description() const override;
  /// The longest wait of any writer's oldest write.
  std::chrono::milliseconds oldestWrite() override;

  /// The backend process id of the session of the writer that `table_id` belongs to (0 while
  /// it has none), so that tests can terminate it (pg_terminate_backend) to play a lost session.
  int writerBackendPid(const std::string& table_id) const;
  /// The lease this node holds now (0: none), so that tests can expire it from outside.
  int64_t leaseId() const { return lease_.held().id; }

  /// Group commit figures of all writers: transactions committed, and the writes in them.
  WriteQueue::Stats writerStats();

 protected:
  bool onWriterThread() const override;

 private:
  /// The writer of a table: by the FNV-1a hash of its id, so that a table's writes, claim and
  /// release keep their order on one queue.
  PgWriter& writerOf(const std::string& table_id) const;

  /// Runs `f(connection)` on a free reader session (pg_connection_pool.h).
  template <typename F>
  auto read(const char* what, F&& f);

  const std::string conninfo_;
  const std::string description_;
  pq::ConnectionPool readers_;

  std::mutex callbacks_mutex_;
  std::function<void()> on_claims_lost_;
  std::function<void(const std::string&)> on_release_requested_;
  std::function<void(const std::string&)> on_notice_;
  /// Passes `text` to on_notice_.
  void notice(const std::string& text);

  PgLease lease_;
  // Last: destroyed first, their threads stopped while everything above exists.
  std::vector<std::unique_ptr<PgWriter>> writers_;
};

}  // namespace pg
