// One writer session of a node on PostgreSQL: a connection, the write queue (write_queue.h)
// whose writer thread owns it, and the claims of the tables given to this writer, each with its
// fence (pg_store.h says what claims and fences are). A node runs a few writers, each with its
// own share of the tables (PgStore picks one by the table's id), so that one COMMIT does not
// wait for another's: their WAL flushes then overlap in the database.
//
// Everything below runs on the writer thread except the public calls, which queue jobs.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>

#include "store/pg_lease.h"
#include "store/store.h"
#include "store/write_queue.h"

namespace pg {

namespace pq {
class Connection;
}

/// The channel on which a node asks the holder of a claim to give it up (Store::requestRelease).
inline constexpr const char* kPgReleaseChannel = "phantomgo_release";

class PgWriter final : private WriteBackend {
 public:
  /// `mine(id)`: whether a table is this writer's (a request for one it does not hold clears the
  /// table's row when it still names this node's lease). `requested(id)`: a request heard for
  /// a claim this writer holds, on its thread. Connects at once (throws StoreError).
  PgWriter(std::string conninfo, PgLease& lease, bool group_commit,
           std::function<bool(const std::string&)> mine,
           std::function<void(const std::string&)> requested,
           std::function<void(const std::string&)> notice);
  /// Commits what is queued, then stops.
  ~PgWriter() override;
  PgWriter(const PgWriter&) = delete;
  PgWriter& operator=(const PgWriter&) = delete;

  void start() { queue_.start(); }
  void stop() { queue_.stop(); }

  void write(StoreWrite w, Store::WriteDone done) { queue_.write(std::move(w), std::move(done)); }
  /// Store::claim for a table of this writer: blocks until the database answered.
  bool claim(const std::string& table_id);
  /// Store::release, behind the table's queued writes.
  void release(const std::string& table_id);
  /// Commits what is queued, then clears every claim row naming this node's lease.
  void releaseAll();

  int backendPid() const { return pid_.load(); }
  WriteQueue::Stats stats() { return queue_.stats(); }
  std::chrono::milliseconds oldestWaiting() { return queue_.oldestWaiting(); }
  bool onWriterThread() const { return queue_.onWriterThread(); }

 private:
  // The write queue's backend (write_queue.h), on the writer thread.
  /// BEGIN, the claim rows locked (checkFences), the batch (pg_write_sql.h), COMMIT.
  void commit(std::span<const StoreWrite> writes) override;
  /// Forgets the claims of a lost lease, before any write trusts them.
  void startRun() override;
  /// ClaimLost for a write needing a claim this writer does not hold.
  std::exception_ptr check(const StoreWrite& w) override;
  /// Every 200 ms, so that requests for its claims and rows are heard.
  std::optional<std::chrono::milliseconds> idlePoll() override;
  void idle() override;
  /// Passes on the requests heard for the claims held; clears the rows of the others.
  void afterBatch() override;

  /// Locks the claim rows of the tables `writes` needs; throws ClaimLost for tables whose claim
  /// moved on, SessionLost for a dead lease.
  void checkFences(pq::Connection& c, std::span<const StoreWrite> writes);
  /// Clears the claim row of `table_id` where it names this node's lease.
  void releaseRow(const std::string& table_id);
  /// Clears the rows of unreleased_ now that a session may be back.
  void retryReleases();
  /// Forgets the claims of an older lease generation than the current one.
  void syncLease();
  /// The session is gone: forgets it (the claims stay: they belong to the lease).
  void sessionLost();
  /// Connects if there is no session and the backoff allows; throws StoreError.
  void ensureSession();
  /// A new session: its settings, and LISTEN for release requests.
  void sessionStarted();

  const std::string conninfo_;
  PgLease& lease_;
  const std::function<bool(const std::string&)> mine_;
  const std::function<void(const std::string&)> requested_;
  const std::function<void(const std::string&)> notice_;

  // The writer thread's own state.
  std::unique_ptr<pq::Connection> conn_;
  std::map<std::string, int64_t> claims_;  // table id -> fence, of lease generation_
  // Tables released while no session was there: their rows still name this lease.
  std::set<std::string> unreleased_;
  uint64_t generation_ = 0;
  int64_t lease_id_ = 0;  // that lease's id (0: none)
  std::chrono::steady_clock::time_point next_attempt_{};
  std::chrono::milliseconds backoff_;
  std::atomic<int> pid_{0};

  // Last: destroyed first, its thread stopped while everything above exists.
  WriteQueue queue_;
};

}  // namespace pg
