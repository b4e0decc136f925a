#include "ai/root_halving.h"

#include <algorithm>

#include "ai/search.h"

namespace pg {

SequentialHalving::SequentialHalving(std::vector<int> moves) : alive_(std::move(moves)) {
  while ((size_t{1} << rounds_) < alive_.size()) ++rounds_;
}

int SequentialHalving::next() {
  return alive_[turn_++ % alive_.size()];
}

void SequentialHalving::advance(double spent, const RootStats& stats) {
  while (round_ < rounds_ - 1 && alive_.size() > 2 &&
         spent >= static_cast<double>(round_ + 1) / rounds_) {
    auto mean = [&stats](int m) {
      const size_t i = static_cast<size_t>(m);
      return stats.visits[i] > 0 ? stats.wins[i] / stats.visits[i] : 0.0;
    };
    std::stable_sort(alive_.begin(), alive_.end(), [&](int a, int b) { return mean(a) > mean(b); });
    alive_.resize((alive_.size() + 1) / 2);
    ++round_;
    turn_ = 0;
  }
}

}  // namespace pg
