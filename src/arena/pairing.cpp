#include "arena/pairing.h"

#include <algorithm>
#include <random>

namespace pg::arena {

namespace {

bool canMeet(const FreePlayer& a, const FreePlayer& b) {
  return a.last_opponent != b.player && b.last_opponent != a.player;
}

}  // namespace

std::vector<Pair> pairPlayers(std::vector<FreePlayer> free, uint64_t seed) {
  // mt19937_64's sequence is fixed by the standard; the shuffle and the coin below use its
  // numbers directly, so the result does not depend on the library's distributions.
  std::mt19937_64 rng(seed);
  for (std::size_t i = free.size(); i > 1; --i) std::swap(free[i - 1], free[rng() % i]);
  std::stable_sort(free.begin(), free.end(),
                   [](const FreePlayer& a, const FreePlayer& b) { return a.score > b.score; });
  std::vector<Pair> out;
  std::vector<bool> taken(free.size(), false);
  for (std::size_t i = 0; i < free.size(); ++i) {
    if (taken[i]) continue;
    std::size_t j = i + 1;
    while (j < free.size() && (taken[j] || !canMeet(free[i], free[j]))) ++j;
    if (j == free.size()) continue;  // nobody left to take them: they wait for the next round
    taken[i] = taken[j] = true;
    const FreePlayer& a = free[i];
    const FreePlayer& b = free[j];
    bool a_black;
    if (a.blacks != b.blacks)
      a_black = a.blacks < b.blacks;
    else
      a_black = (rng() & 1) == 0;
    out.push_back(a_black ? Pair{a.player, b.player} : Pair{b.player, a.player});
  }
  return out;
}

}  // namespace pg::arena
