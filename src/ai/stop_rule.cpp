// The search's early stop (stop_rule.h).
#include "ai/stop_rule.h"

#include <algorithm>

namespace pg {

bool leadIsSafe(const RootStats& stats, std::span<const int> cands, double playouts_left) {
  if (cands.size() < 2) return true;
  double first = -1, second = -1;
  for (int c : cands) {
    const double v = stats.visits[static_cast<size_t>(c)];
    if (v > first) {
      second = first;
      first = v;
    } else {
      second = std::max(second, v);
    }
  }
  return first - second > playouts_left;
}

}  // namespace pg
