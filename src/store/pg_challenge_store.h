// The lobby's challenges in the PostgreSQL database of a PgStore, on a connection of their own
// (pg_reconnecting_connection.h: under a mutex; reconnected at once when its session is found
// gone, and, while the database stays away, at most once per backoff period). The schema is
// the PgStore's migration 2, so open that store first.
//
// A reservation is one transaction under pg_advisory_xact_lock(kChallengeLockKey,
// hashtext(address)): the reservations of one address, from every node, run one after the
// other from the count to the insert, so they never both pass its limit. A take is one UPDATE
// ... RETURNING whose WHERE clause holds only for an open challenge: under PostgreSQL's row
// lock exactly one of any number of takers, on any node, updates the row.
#pragma once

#include <string>

#include "store/challenge_store.h"
#include "store/pg_reconnecting_connection.h"

namespace pg {

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
  pq::ReconnectingConnection db_;
};

}  // namespace pg
