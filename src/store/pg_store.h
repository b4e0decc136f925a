// The Store on PostgreSQL 15, which several server nodes share.
//
// Connections: one writer connection, owned by a writer thread, is this node's database
// session; a second connection serves the reads (table(), events(), unfinishedTables()), and
// the expiry of waiting tables (expireWaiting: it must not hold the claims), under a
// mutex, reconnecting at once if it finds its session gone and, while the database stays away,
// once per backoff period (as the writer), failing the reads in between at once. Reads need no
// claim.
//
// Durability: a write is reported stored (its `done` gets null, or the sync form returns) only
// once its COMMIT has returned, so it is as durable as the server's synchronous_commit makes a
// commit (on by default: flushed to the server's WAL, and to a synchronous standby when one is
// configured). Durability::Normal and Full are SQLite settings; this store leaves durability to
// the PostgreSQL server's configuration.
//
// Writes: every write goes through the shared write queue (write_queue.h) and its one writer
// thread, in order, with its group commit and retry; this file says how a batch of writes becomes
// a transaction (commit): BEGIN, the whole batch in a few round trips (the creations, every event
// of every append in ONE INSERT ... unnest, then the rating rows of the rated ends locked, then
// the starts, ends with their ratings, chat lines and setups), COMMIT.
// Prepared statements; plain statements, not pipeline mode: a pipeline as long as the queue
// could fill both socket buffers and stall. If the group fails, each write is retried in a
// transaction of its own, so one bad write cannot fail the others. A failed write stored
// nothing and its `done` gets the error. With `group_commit` off, each write is its own
// transaction and write() waits for it (its `done` is called before write() returns).
//
// Claims: claim(id) takes the session-level advisory lock pg_try_advisory_lock(key), where key
// is the 64-bit FNV-1a hash of the table id's bytes (offset basis 14695981039346656037, prime
// 1099511628211), read as a signed bigint; release(id) queues pg_advisory_unlock(key) behind
// the table's earlier writes. Both run on the writer connection, outside any transaction, in
// queue order with the writes. The writer keeps the set of ids its current session claimed;
// an append, start or end of a table outside that set fails with ClaimLost without touching
// the database (creating a table needs no claim). A hash collision can only make a claim fail
// (two tables sharing one lock), never let two nodes hold one table.
//
// Fencing: the lock lives as long as the session, and every write goes over that same
// session, so a node can only commit to a table while it holds the table's lock. When the
// session ends (the connection breaks, the server restarts, an administrator terminates it),
// PostgreSQL drops its locks and the writer, when it next touches or polls the connection
// (at least every 200 ms while it holds a claim), clears the claimed set, calls onClaimsLost
// (on the writer thread, holding no lock of the store), fails the writes of that batch
// (ClaimLost for those that need a claim, StoreError for creations), and reconnects on the
// next work, with a backoff of 50 ms doubling to 2 s between failed attempts; meanwhile claim()
// throws StoreError. A session lost while a COMMIT was in flight leaves that commit's outcome
// unknown to this node: it reports a failure and drops the table, and the node that claims the
// table next reads the log as the database holds it.
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

#include "store/store.h"
#include "store/write_queue.h"

namespace pg {

namespace pq {
class Connection;
}

class PgStore final : public Store, private WriteBackend {
 public:
  /// Connects, brings the schema up to date (pg_migrations.h), and starts the writer thread.
  /// Throws StoreError if the database cannot be reached or has a newer schema. With
  /// `group_commit` off, each write is its own transaction and write() answers before it
  /// returns.
  explicit PgStore(const std::string& conninfo, bool group_commit = true);
  /// Commits what is queued, then stops the writer; the session's claims end with it.
  ~PgStore() override;

  void write(StoreWrite w, WriteDone done) override;
  std::vector<StoredChat> chat(const std::string& id) override;

  bool claim(const std::string& table_id) override;
  void release(const std::string& table_id) override;
  void onClaimsLost(std::function<void()> f) override;
  /// NOTIFY on the channel phantomgo_release, through the reader connection.
  void requestRelease(const std::string& table_id) override;
  /// The writer session LISTENs on that channel; it hears the requests whenever it uses or
  /// polls its connection (at least every 200 ms while it holds a claim) and passes on, on the
  /// writer thread, those for the claims it holds.
  void onReleaseRequested(std::function<void(const std::string&)> f) override;
  bool shared() const override { return true; }

  std::optional<StoredTable> table(const std::string& id) override;
  std::vector<StoredEvent> events(const std::string& id) override;
  std::vector<std::string> unfinishedTables() override;
  /// In one transaction on the reader connection, which holds no claim: each candidate's claim
  /// is tried with pg_try_advisory_xact_lock(claimKey(id)), which fails while any session holds
  /// the claim, this node's writer included, and the claimed ones are skipped. The tables whose
  /// lock it got are then deleted by one statement that checks their rows again under row locks
  /// (FOR UPDATE), so one started or finished meanwhile stays. While the transaction lasts, a
  /// claim of a table it chose fails as if another node held it. Candidates are taken oldest
  /// first, page after page, until `limit` are locked or none is left, so claimed tables cannot
  /// hide the others. A session lost during the commit may leave tables deleted whose ids were
  /// not returned: none of them was claimed, so no node has them in memory.
  std::vector<std::string> expireWaiting(int64_t created_before, int limit) override;

  std::string description() const override;

  /// The backend process id of the writer's session (0 while it has none), so that tests can
  /// terminate it (pg_terminate_backend) to play a lost session.
  int writerBackendPid() const { return writer_pid_.load(); }

  /// The advisory lock key of a table's claim: FNV-1a 64 of the id, as a signed bigint.
  static int64_t claimKey(const std::string& table_id);

  /// Group commit figures: transactions the writer committed, and the writes in them.
  WriteQueue::Stats writerStats() { return queue_.stats(); }

 protected:
  bool onWriterThread() const override { return queue_.onWriterThread(); }

 private:
  struct Writer;  // the writer thread's own state: its connection, claims and backoff

  // The write queue's backend (write_queue.h), on the writer thread.
  /// BEGIN, the batch in a few round trips, COMMIT; SessionLost when the session is gone.
  void commit(std::span<const StoreWrite> writes) override;
  /// Finds a session that ended while idle, before any write trusts its claims.
  void startRun() override;
  /// ClaimLost for a write needing a claim this session does not hold.
  std::exception_ptr check(const StoreWrite& w) override;
  /// kIdlePoll while the session holds claims, so that their loss is found.
  std::optional<std::chrono::milliseconds> idlePoll() override;
  void idle() override;
  /// Passes on the release requests heard, then a loss of the claims (onClaimsLost).
  void afterBatch() override;

  /// The writer's session is gone: forgets the claims; true if there were any.
  bool sessionLost();
  /// Connects the writer if it has no session and its backoff allows; throws StoreError.
  void ensureWriter();
  /// A new writer session: notes its backend and listens for release requests.
  void sessionStarted();

  /// Connects the reader unless a failed attempt was too recent (backoff as the writer's);
  /// throws pq::ConnectionLost. Under read_mutex_.
  void connectReader();
  /// Runs `f(connection)` on the reader connection, reconnecting once if its session is gone.
  template <typename F>
  auto read(const char* what, F&& f);

  const std::string conninfo_;
  const std::string description_;

  std::mutex read_mutex_;
  std::unique_ptr<pq::Connection> reader_;
  // The reader's reconnection backoff (under read_mutex_), as the writer's.
  std::chrono::steady_clock::time_point reader_next_attempt_{};
  std::chrono::milliseconds reader_backoff_{50};

  std::unique_ptr<Writer> w_;  // used by the writer thread only (and the constructor)
  std::atomic<int> writer_pid_{0};
  std::mutex callbacks_mutex_;
  std::function<void()> on_claims_lost_;
  std::function<void(const std::string&)> on_release_requested_;

  // Last: destroyed first, its writer stopped while everything above exists; started at the
  // end of the constructor.
  WriteQueue queue_;
};

}  // namespace pg
