// A node's lease in the shared PostgreSQL store: the ownership of its claims, with a deadline.
//
// A lease is a row of node_leases (schema 7) whose expires_at is set by the database's own
// clock (clock_timestamp() + valid_for) each time the owner renews it, every renew_every. A
// lease that has expired is never renewed again (the renewal's WHERE requires it to be alive),
// so "expired" is final: any node may then claim the tables it held (pg_store.h). The owner
// keeps its own deadline in its own clock: the moment it SENT its last successful renewal plus
// valid_for, which is never later than the database's (the database stamped the renewal after
// it was sent). live() turns false `margin` before that deadline, so that the node stops
// answering for its tables before anyone else may take them.
//
// When the lease is lost (its renewal finds it expired, the watchdog sees the deadline pass
// without a renewal, or the store gives it up: abandon()), the generation grows, onLost is
// called once, and the renewer takes a new lease as soon as the database answers, ending the
// old one in the database at the same time (so that its claims are free at once). Claims
// belong to one generation: the store drops the claims of an older one.
//
// Two threads: the renewer (which may block in libpq while the database is unreachable) and
// the watchdog (which never touches the network, so a lease whose renewals hang is still given
// up on time).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace pg {

namespace pq {
class Connection;
}

class PgLease {
 public:
  struct Times {
    std::chrono::milliseconds renew_every{500};
    std::chrono::milliseconds valid_for{3000};
    /// live() ends this long before the deadline.
    std::chrono::milliseconds margin{500};
  };
  /// The lease held now: its id (0: none) and its generation.
  struct Held {
    int64_t id = 0;
    uint64_t generation = 0;
  };

  /// `node` names the holder in node_leases (for operators). Connects nothing yet.
  PgLease(std::string conninfo, std::string node, Times times);
  /// stop(false).
  ~PgLease();
  PgLease(const PgLease&) = delete;
  PgLease& operator=(const PgLease&) = delete;

  /// Takes the first lease (throws StoreError when the database cannot be reached) and starts
  /// the renewer and the watchdog.
  void start();
  /// Stops both threads. With `end_lease`, ends the lease in the database at once (the node is
  /// stopping and has released what it could): its remaining claims are free for anyone.
  void stop(bool end_lease);

  Held held() const;
  /// Whether the node may still answer for its claims: it holds a lease whose deadline, less
  /// the margin, has not passed.
  bool live() const;
  /// Gives up the lease of `generation` (the store can no longer vouch for its claims: a
  /// session lost in the middle of a commit). Does nothing if that generation is over.
  void abandon(uint64_t generation);
  /// `f` is called (on the renewer's, the watchdog's or abandon()'s caller's thread, holding
  /// no lock of this class) each time a lease is lost. Set before start().
  void onLost(std::function<void()> f) { on_lost_ = std::move(f); }
  /// `f(text)`: news for the operator's log (a lease taken or lost, the session reconnected).
  /// Set before start().
  void onNotice(std::function<void(const std::string&)> f) { on_notice_ = std::move(f); }

  const Times& times() const { return times_; }

 private:
  using Clock = std::chrono::steady_clock;
  void renewLoop();
  void watchLoop();
  /// Renews the lease, or takes a new one when none is held. Throws StoreError.
  void renewOnce();
  /// Loses the lease of `generation` if it is still the current one.
  void lose(uint64_t generation);

  const std::string conninfo_;
  const std::string node_;
  const Times times_;
  std::function<void()> on_lost_;
  std::function<void(const std::string&)> on_notice_;
  void notice(const std::string& text) const {
    if (on_notice_) on_notice_(text);
  }

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  bool stopping_ = false;
  int64_t id_ = 0;
  int64_t ended_id_ = 0;  // a lost lease to end in the database when the next one is taken
  uint64_t generation_ = 1;
  Clock::time_point give_up_at_{};  // live() until then

  std::unique_ptr<pq::Connection> conn_;  // the renewer's own
  std::thread renewer_;
  std::thread watchdog_;
};

}  // namespace pg
