// The lobby's challenges in the PostgreSQL database of a PgStore, on a connection of their own
// (under a mutex; reconnected at once when its session is found gone, and, while the database
// stays away, at most once per backoff period). The schema is the PgStore's migration 2, so
// open that store first.
//
// A reservation is one transaction under pg_advisory_xact_lock(kChallengeLockKey,
// hashtext(address)): the reservations of one address, from every node, run one after the
// other from the count to the insert, so they never both pass its limit. A take is one UPDATE
// ... RETURNING whose WHERE clause holds only for an open challenge: under PostgreSQL's row
// lock exactly one of any number of takers, on any node, updates the row.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include "store/challenge_store.h"

namespace pg {

namespace pq {
class Connection;
}

/// The first key of the lobby's advisory locks (the schema migration's is 0x5047676f).
inline constexpr int kChallengeLockKey = 0x5047636c;

class PgChallengeStore final : public ChallengeStore {
 public:
  /// Connects with libpq's `conninfo`. Throws StoreError when it cannot, or when the database
  /// has no challenges yet.
  explicit PgChallengeStore(const std::string& conninfo);
  ~PgChallengeStore() override;

  Reservation reserve(const NewChallenge& c, const ChallengeLimits& limits) override;
  void attach(const std::string& id, const std::string& table_id,
              const std::string& seat_token) override;
  void discard(const std::string& id) override;
  std::vector<OpenChallenge> open(int64_t now, int limit) override;
  TakeResult take(const std::string& id, int64_t now) override;
  CancelResult cancel(const std::string& id, const std::string& secret, int64_t now) override;

 private:
  /// Runs `f(connection)`, connecting first if needed and trying once more at once if the
  /// session was found gone. Under mutex_.
  template <typename F>
  auto run(const char* what, F&& f);
  /// Connects unless a failed attempt was too recent. Under mutex_.
  void connect();

  const std::string conninfo_;
  std::mutex mutex_;
  std::unique_ptr<pq::Connection> conn_;
  std::chrono::steady_clock::time_point next_attempt_{};
  std::chrono::milliseconds backoff_{50};
};

}  // namespace pg
