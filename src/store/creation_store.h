// How many tables each address creates: the counts behind the per-address limits on creating
// tables (issue #34). It lives in the same database as the tables (the SQLite file or the
// PostgreSQL database that every node shares), so the limits hold across the nodes of a
// cluster, and it reads the tables themselves to know which of an address's tables still wait
// for their players.
//
// A creation is reserved (counted) before its table is stored, under the id the table will
// have; it is discarded if the table could not be stored. The store knows nothing of Go.
#pragma once

#include <cstdint>
#include <string>

#include "store/challenge_store.h"

namespace pg {

/// How many tables one address may create (TableRegistry / the HTTP API enforce these).
struct CreationLimits {
  int per_minute = 30;  ///< created within the last minute
  int per_hour = 300;   ///< created within the last hour
  int waiting = 50;     ///< waiting at once: created, not started, not finished, not expired
  /// A table not started this long after its creation is expired.
  int64_t waiting_ttl_ms = 24 * 3600 * 1000;
};

/// How long a reservation whose table is not stored (yet) counts as a waiting table: the time
/// the server may take to store the table it reserved for, with a wide margin.
inline constexpr int64_t kPendingCreationMs = 60 * 1000;

/// Every method is safe to call from several threads and throws StoreError on failure.
class CreationStore {
 public:
  virtual ~CreationStore() = default;

  /// Counts `address`'s creations and, if every limit allows one more, records the creation of
  /// `table_id` at `now` (ms since epoch), all in one transaction serialized per address (two
  /// nodes cannot both pass a limit).
  ///
  /// Refused: retry_after_ms = until the limit that refused lets one through (for the waiting
  /// limit, until the oldest waiting one expires, at least 1 ms; for minute/hour until the
  /// oldest counted one leaves the window); when several refuse, the longest of those waits.
  /// Also forgets creation rows that count for nothing any more.
  ///
  /// A creation counts for the minute and the hour after `now`, whatever became of its table.
  /// It counts as waiting while its table (the row of `tables` with id `table_id`) was neither
  /// started nor finished and was created less than `limits.waiting_ttl_ms` before `now`; and,
  /// while that row does not exist, for kPendingCreationMs after `now` (the table is being
  /// stored). A creation whose table was deleted (expired) no longer waits, nor one whose table
  /// a lobby challenge offered that was withdrawn or left the lobby untaken (nobody can join it).
  /// Precondition: no creation has this `table_id`.
  virtual Reservation reserve(const std::string& address, const std::string& table_id, int64_t now,
                              const CreationLimits& limits) = 0;
  /// Forgets a reservation whose table could not be created (it stops counting).
  virtual void discard(const std::string& table_id) = 0;
};

}  // namespace pg
