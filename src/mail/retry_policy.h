// When a mail that failed is tried again, and when it is given up.
#pragma once

#include <cstdint>
#include <optional>

namespace pg::mail {

struct RetryPolicy {
  int64_t first_delay_ms = 30'000;              ///< after the first failed attempt
  int64_t max_delay_ms = 3'600'000;             ///< the delay doubles up to this
  int64_t give_up_after_ms = 24 * 3'600'000LL;  ///< after its creation

  /// When a mail created at `created_at` whose attempt number `attempts` failed at `now` is
  /// tried again; nullopt: give it up (it would be past give_up_after_ms).
  std::optional<int64_t> nextAttempt(int64_t created_at, int attempts, int64_t now) const {
    int64_t delay = first_delay_ms;
    for (int i = 1; i < attempts && delay < max_delay_ms; ++i) delay *= 2;
    if (delay > max_delay_ms) delay = max_delay_ms;
    const int64_t next = now + delay;
    if (next - created_at > give_up_after_ms) return std::nullopt;
    return next;
  }
};

}  // namespace pg::mail
