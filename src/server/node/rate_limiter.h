// A token bucket: `rate` tokens a second, at most `burst` stored. One per connection, or one per
// client address (address_rate.h).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>

namespace pg {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}

  /// Takes one token if there is one. `now` is injectable for tests.
  bool allow(Clock::time_point now = Clock::now()) {
    if (started_) {
      const double dt = std::chrono::duration<double>(now - last_).count();
      tokens_ = std::min(burst_, tokens_ + std::max(0.0, dt) * rate_);
    }
    started_ = true;
    last_ = now;
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

  /// Milliseconds from `now` until a token is there (0 if one is), at least 1 when none is.
  int64_t msUntilToken(Clock::time_point now) const {
    const double tokens = tokensAt(now);
    if (tokens >= 1.0) return 0;
    return std::max<int64_t>(1, static_cast<int64_t>(std::ceil((1.0 - tokens) / rate_ * 1000)));
  }
  /// Whether the bucket is full at `now` (it then behaves as a new one).
  bool fullAt(Clock::time_point now) const { return tokensAt(now) >= burst_; }

 private:
  double tokensAt(Clock::time_point now) const {
    if (!started_) return burst_;
    const double dt = std::chrono::duration<double>(now - last_).count();
    return std::min(burst_, tokens_ + std::max(0.0, dt) * rate_);
  }

  double rate_;
  double burst_;
  double tokens_;
  bool started_ = false;
  Clock::time_point last_{};
};

}  // namespace pg
