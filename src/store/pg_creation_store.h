// The creation counts (creation_store.h) in the PostgreSQL database of a PgStore, on a
// connection of their own (pg_reconnecting_connection.h: under a mutex; reconnected at once
// when its session is found gone, and, while the database stays away, at most once per backoff
// period). The schema is the PgStore's migration 3, so open that store first.
//
// A reservation is one transaction under pg_advisory_xact_lock(kCreationLockKey,
// hashtext(address)): the reservations of one address, from every node, run one after the
// other from the count to the insert, so they never both pass its limits. The forgetting of
// old rows skips the rows another reservation is deleting (FOR UPDATE SKIP LOCKED), so the
// reservations of different addresses never wait for each other.
//
// Durability: the session runs with synchronous_commit off. A commit returns before it is
// flushed to the server's WAL (it is visible to every session at once, so the limits hold as
// well), and a crash of the database server may lose the last ones: that only lets an address
// create a few tables more, so the reservations do not wait for a disk flush (or a standby).
#pragma once

#include <string>

#include "store/creation_store.h"
#include "store/pg_reconnecting_connection.h"

namespace pg {

/// The first key of the creation counts' advisory locks ("PGcr"; the lobby's is 0x5047636c,
/// the schema migration's 0x5047676f).
inline constexpr int kCreationLockKey = 0x50476372;

class PgCreationStore final : public CreationStore {
 public:
  /// Connects with libpq's `conninfo`. Throws StoreError when it cannot, or when the database
  /// has no creation counts yet.
  explicit PgCreationStore(const std::string& conninfo);
  ~PgCreationStore() override;

  Reservation reserve(const std::string& address, const std::string& table_id, int64_t now,
                      const CreationLimits& limits) override;
  void discard(const std::string& table_id) override;

 private:
  pq::ReconnectingConnection db_;
};

}  // namespace pg
