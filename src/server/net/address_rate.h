// A token bucket per client address (rate_limiter.h's bucket, keyed): how often one address
// may do something (join a table, call the API), whatever connection it uses. The map is
// bounded: buckets that have refilled completely are the same as new ones and are forgotten
// when the map grows past a few thousand addresses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/node/rate_limiter.h"

namespace pg {

/// Thread-safe.
class AddressRate {
 public:
  using Clock = RateLimiter::Clock;
  AddressRate(double rate, double burst) : rate_(rate), burst_(burst) {}

  /// Takes one token of `address`'s bucket: 0 if there was one, else the milliseconds until
  /// there is (at least 1). `now` is injectable for tests.
  int64_t take(const std::string& address, Clock::time_point now = Clock::now());
  /// Buckets held now.
  std::size_t size() const;

 private:
  /// Forgets the buckets that are full again at `now`. Needs mutex_.
  void prune(Clock::time_point now);

  const double rate_;
  const double burst_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, RateLimiter> buckets_;
};

}  // namespace pg
