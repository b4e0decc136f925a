// The search's early stop and its extension (stop_rule.h).
#include "ai/stop_rule.h"

namespace pg {

namespace {

/// The candidate with the most visits (the first of equals).
int mostVisited(const RootStats& stats, std::span<const int> cands) {
  int best = cands.front();
  for (int c : cands)
    if (stats.visits[static_cast<size_t>(c)] > stats.visits[static_cast<size_t>(best)]) best = c;
  return best;
}

}  // namespace

bool leadIsSafe(const RootStats& stats, std::span<const int> cands, double playouts_left) {
  if (cands.size() < 2) return true;
  const int top = mostVisited(stats, cands);
  double second = 0;
  for (int c : cands)
    if (c != top) second = std::max(second, stats.visits[static_cast<size_t>(c)]);
  return stats.visits[static_cast<size_t>(top)] - second > playouts_left;
}

bool choiceIsSettled(const RootStats& stats, std::span<const int> cands) {
  if (cands.size() < 2) return true;
  const int top = mostVisited(stats, cands);
  const double top_visits = stats.visits[static_cast<size_t>(top)];
  if (top_visits <= 0) return false;
  const double top_mean = stats.wins[static_cast<size_t>(top)] / top_visits;
  for (int c : cands) {
    const double v = stats.visits[static_cast<size_t>(c)];
    if (c == top || v < 0.1 * top_visits) continue;
    if (stats.wins[static_cast<size_t>(c)] / v > top_mean) return false;
  }
  return true;
}

}  // namespace pg
