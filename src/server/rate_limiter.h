// A token bucket: `rate` tokens a second, at most `burst` stored. One per connection.
#pragma once

#include <algorithm>
#include <chrono>

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

 private:
  double rate_;
  double burst_;
  double tokens_;
  bool started_ = false;
  Clock::time_point last_{};
};

}  // namespace pg
