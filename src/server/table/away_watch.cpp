#include "server/table/away_watch.h"

#include <algorithm>

namespace pg {

void AwayWatch::presence(Color c, bool connected, int64_t now) {
  auto& since = away_since_[index(c)];
  if (connected)
    since.reset();
  else if (!since)
    since = now;
}

std::optional<int64_t> AwayWatch::claimableAt(Color on_turn, int64_t after_ms) const {
  const auto& since = away_since_[index(on_turn)];
  if (!since) return std::nullopt;
  return std::max(*since, turn_since_) + after_ms;
}

}  // namespace pg
