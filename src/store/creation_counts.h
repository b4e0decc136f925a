// What the SQLite and PostgreSQL CreationStores share: the windows they count in, and the
// decision taken on the counts. Internal to the store module.
#pragma once

#include <algorithm>
#include <cstdint>

#include "store/creation_store.h"

namespace pg::creation {

inline constexpr int64_t kMinuteMs = 60 * 1000;
inline constexpr int64_t kHourMs = 3600 * 1000;

/// At most this many forgotten rows are deleted by one reservation: more than it adds, so the
/// rows stay bounded, and never a long delete inside an address's reservation.
inline constexpr int kForgetBatch = 100;

/// Rows created before this count for nothing: out of the hour, and older than any waiting
/// table (an hour's margin covers a table stored a while after its reservation).
inline int64_t forgetBefore(int64_t now, const CreationLimits& limits) {
  return now - std::max(kHourMs, limits.waiting_ttl_ms) - kHourMs;
}

/// One address's creations at `now`, each count with the time its oldest stops counting
/// (meaningless when the count is 0).
struct Counts {
  int64_t minute = 0;
  int64_t minute_oldest = 0;  ///< the oldest creation time in the minute
  int64_t hour = 0;
  int64_t hour_oldest = 0;  ///< the oldest creation time in the hour
  int64_t waiting = 0;
  int64_t first_expiry = 0;  ///< when the first waiting one stops waiting
};

/// Refused (with the longest wait of the limits that refuse) or allowed (reserved = false and
/// retry_after_ms = 0: the caller records the creation and sets reserved).
inline Reservation decide(const Counts& c, int64_t now, const CreationLimits& limits) {
  Reservation r;
  auto wait = [&](int64_t until, Reservation::Limit limit) {
    const int64_t ms = std::max<int64_t>(1, until - now);
    if (ms <= r.retry_after_ms) return;
    r.retry_after_ms = ms;
    r.refused_by = limit;
  };
  if (c.minute >= limits.per_minute)
    wait(c.minute_oldest + kMinuteMs, Reservation::Limit::PerMinute);
  if (c.hour >= limits.per_hour) wait(c.hour_oldest + kHourMs, Reservation::Limit::PerHour);
  if (c.waiting >= limits.waiting) wait(c.first_expiry, Reservation::Limit::Waiting);
  return r;
}

}  // namespace pg::creation
