// splitmix64 (Steele, Lea and Flood's SplitMix with Stafford's "mix 13" finaliser): the one
// seed mixer of the project. It fills the Zobrist table, seeds the playout generator and mixes
// the players' per-call seeds; changing it changes every hash and every random stream.
#pragma once

#include <cstdint>

namespace pg {

/// splitmix64's increment (the golden ratio in 64 bits).
inline constexpr uint64_t kSplitmixGamma = 0x9E3779B97F4A7C15ULL;

/// splitmix64's output function: a bijection of 64-bit words that mixes every bit into every
/// other.
constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// One step of splitmix64: advances `state` by kSplitmixGamma and returns the mixed state.
constexpr uint64_t splitmix64(uint64_t& state) {
  return mix64(state += kSplitmixGamma);
}

}  // namespace pg
