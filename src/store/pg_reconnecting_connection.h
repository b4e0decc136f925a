// A PostgreSQL connection that comes back after its session is lost, for the stores that hold
// one connection of their own under a mutex (the lobby's PgChallengeStore, the creation counts'
// PgCreationStore). A call that finds the session gone is tried once more at once on a new
// connection (the server may be back already); while the database stays away, a new
// connection is tried at most once per backoff period (50 ms doubling to 0.5 s), and the calls in
// between fail at once instead of each waiting for a connection attempt to every host.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include "store/pg_connection.h"

namespace pg::pq {

class ReconnectingConnection {
 public:
  /// Connects with libpq's `conninfo` at the first run(). `setup` (may be empty) is run on each
  /// new connection before its first use: the settings of the session.
  explicit ReconnectingConnection(std::string conninfo, std::string setup = "");
  ~ReconnectingConnection();

  /// Runs `f(connection)` under the mutex, connecting first if needed; if the session is found
  /// gone (ConnectionLost), runs `f` once more on a new connection. Throws StoreError naming
  /// `what` when that fails too, or when the backoff forbids a new connection yet; any other
  /// exception of `f` passes through. `f` may run twice: it must not depend on the first run's
  /// effects (a transaction whose session is lost before its COMMIT is rolled back).
  template <typename F>
  auto run(const char* what, F&& f) {
    std::lock_guard lock(mutex_);
    for (int attempt = 0;; ++attempt) {
      try {
        if (!conn_ || !conn_->ok()) connect();
        return f(*conn_);
      } catch (const ConnectionLost& e) {
        conn_.reset();
        if (attempt > 0 || next_attempt_ != std::chrono::steady_clock::time_point{})
          throw StoreError(std::string(what) + ": " + e.what());
      }
    }
  }

 private:
  /// Connects unless a failed attempt was too recent; throws ConnectionLost. Under mutex_.
  void connect();

  const std::string conninfo_;
  const std::string setup_;
  std::mutex mutex_;
  std::unique_ptr<Connection> conn_;
  std::chrono::steady_clock::time_point next_attempt_{};
  std::chrono::milliseconds backoff_;
};

/// Runs `f()`, which returns a value, between BEGIN and COMMIT on `c`, and returns that value;
/// rolls back (when the session is still there) and rethrows if `f` or the COMMIT throws.
/// `what` names the work in errors.
template <typename F>
auto inTransaction(Connection& c, const char* what, F&& f) {
  c.exec(what, "BEGIN");
  try {
    auto result = f();
    c.exec(what, "COMMIT");
    return result;
  } catch (...) {
    if (c.ok()) {
      try {
        c.exec("rolling back", "ROLLBACK");
      } catch (const StoreError&) {  // the first error is the one to report
      }
    }
    throw;
  }
}

}  // namespace pg::pq
