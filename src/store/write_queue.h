// The one write protocol of both stores: a queue of writes that one writer thread commits in
// groups (group commit), retrying a failed group one write at a time, and answering each write's
// `done` once. The store behind it (sqlite_store.h, pg_store.h) is a WriteBackend: it only says
// how a batch of writes becomes one transaction, and, for a store whose writes need a session
// (PostgreSQL's claims), what a lost session means.
//
// The writer loop: it takes everything queued, runs the control jobs (claims, releases) in queue
// order between the writes, and commits each run of writes between them:
//  - each write the backend refuses (check) fails at once, without touching the database;
//  - the others are committed in ONE transaction (commit); if it fails (nothing stored), each
//    is committed in a transaction of its own, so one bad write cannot fail the others;
//  - if the backend reports its session lost (SessionLost), every write of the run not yet
//    committed fails: ClaimLost for those that need a claim, StoreError for creations.
// Then the backend's afterBatch hook runs, then every `done` of the batch, in queue order.
// Exceptions thrown by a `done` are swallowed: a caller's bug must not stop the writer.
//
// Without group commit, each write is its own transaction, still made on the writer thread, and
// write() waits for it: its `done` is called before write() returns.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "store/store_write.h"
#include "store/stored.h"

namespace pg {

/// Thrown by WriteBackend::commit when the store's session ended during the transaction (or no
/// session could be had): nothing of the batch is known stored, and the rest of the run fails.
class SessionLost : public StoreError {
 public:
  /// `own`: the batch's own error when it failed before the session was lost (the rollback lost
  /// it); a write committed alone gets that error instead of the session's.
  explicit SessionLost(const std::string& what, std::exception_ptr own_error = nullptr)
      : StoreError(what), own(std::move(own_error)) {}
  std::exception_ptr own;
};

/// How one store turns writes into transactions. Every method is called on the writer thread
/// only, one at a time.
class WriteBackend {
 public:
  virtual ~WriteBackend() = default;
  /// Stores `writes` in one transaction: all of them, or (throwing) none. Throws SessionLost
  /// when the session is gone; any other exception is the batch's failure.
  virtual void commit(std::span<const StoreWrite> writes) = 0;
  /// Before the writes of a run are checked (PostgreSQL: finds a session that ended while idle).
  virtual void startRun() {}
  /// The error that refuses `w` without touching the database (PostgreSQL: ClaimLost for a
  /// write needing a claim its session does not hold), or null.
  virtual std::exception_ptr check(const StoreWrite& w) {
    (void)w;
    return nullptr;
  }
  /// How long the writer may sleep with nothing queued before calling idle() (none: forever).
  virtual std::optional<std::chrono::milliseconds> idlePoll() { return std::nullopt; }
  /// The writer slept idlePoll() with nothing queued (PostgreSQL: polls its session).
  virtual void idle() {}
  /// After each batch (and each idle()), before the batch's `done`s are called (PostgreSQL:
  /// release requests and onClaimsLost).
  virtual void afterBatch() {}
};

class WriteQueue {
 public:
  using Done = std::function<void(std::exception_ptr)>;
  /// Group commit figures: transactions committed, and the writes that reached the backend.
  struct Stats {
    int64_t commits = 0;
    int64_t writes = 0;
  };

  /// Starts no thread yet: start() does, once the backend is ready.
  WriteQueue(WriteBackend& backend, bool group_commit);
  /// Commits what is queued, then stops the writer (stop()).
  ~WriteQueue();
  WriteQueue(const WriteQueue&) = delete;
  WriteQueue& operator=(const WriteQueue&) = delete;

  void start();
  /// Commits what is queued, then stops the writer. Later writes fail with StoreError.
  void stop();

  /// Queues `w`; `done` is called once, on the writer thread (see the file comment).
  void write(StoreWrite w, Done done);
  /// Runs `job` on the writer thread in queue order with the writes (a claim, a release);
  /// `done` (may be null) gets what it threw, after the batch's afterBatch hook.
  void control(std::function<void()> job, Done done);
  /// Runs `job` as control() does and waits for it; rethrows what it threw. Throws StoreError
  /// on the writer thread (it would wait for itself).
  void call(std::function<void()> job);

  /// Whether the caller is this queue's writer thread.
  bool onWriterThread() const;
  Stats stats();
  /// How long the oldest job not yet answered has waited (zero when none): a commit that
  /// stalls (a database that accepts connections but does not finish a COMMIT) shows here.
  std::chrono::milliseconds oldestWaiting();

 private:
  struct Job {
    std::variant<StoreWrite, std::function<void()>> what;
    Done done;
    std::chrono::steady_clock::time_point queued_at = std::chrono::steady_clock::now();
  };
  void enqueue(Job job);
  void loop();
  /// Runs one batch: errors[i] answers batch[i], final for batch[0, settled).
  void run(std::vector<Job>& batch, std::vector<std::exception_ptr>& errors, std::size_t& settled);
  /// Commits the writes batch[from, to).
  void commitRun(std::vector<Job>& batch, std::size_t from, std::size_t to,
                 std::vector<std::exception_ptr>& errors);

  WriteBackend& backend_;
  const bool group_commit_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<Job> queue_;
  bool stopping_ = false;
  bool stopped_ = false;
  Stats stats_;
  // When the oldest job of the batch the writer holds was queued (under mutex_; unset while it
  // holds none).
  std::optional<std::chrono::steady_clock::time_point> batch_queued_at_;
  std::atomic<std::thread::id> writer_id_{};  // set by the writer thread itself
  std::thread thread_;
};

}  // namespace pg
