#include "server/table/bot_time.h"

#include <algorithm>

namespace pg {

SearchLimits botTime(double base, const std::optional<FischerClock>& clock, Color color,
                     int64_t now_ms) {
  SearchLimits limits;
  limits.seconds = base;
  if (clock && clock->running() != Color::Empty) {
    const double left = static_cast<double>(clock->remaining(color, now_ms)) / 1000.0;
    limits.seconds = std::min(base, std::max(0.01, left / 20.0));
    limits.max_seconds = std::max(limits.seconds, left / 10.0);
  }
  return limits;
}

}  // namespace pg
