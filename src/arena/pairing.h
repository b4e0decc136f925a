// The pairing of an arena's free players (docs/arena.md, "Pairing"): every player who is free
// is paired at once with another free player of close score, never with the opponent of their
// own last game.
//
// The players are sorted by score, best first (players of one score in an order shuffled by the
// seed), and paired greedily from the top: each with the next player down the list who was not
// their last opponent (and whose last opponent they were not). A player nobody can take waits
// for the next round. Colours: the one who had black more often gets white; on a tie, the seed
// decides. The same players and seed always give the same pairs.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace pg::arena {

/// A player free to be paired now.
struct FreePlayer {
  std::string player;         ///< their key (an account id)
  int score = 0;              ///< their arena score so far
  std::string last_opponent;  ///< the opponent of their last arena game; empty: none
  int blacks = 0;             ///< arena games they had black in
  int whites = 0;

  bool operator==(const FreePlayer&) const = default;
};

/// Two players to seat at a new table.
struct Pair {
  std::string black;
  std::string white;

  auto operator<=>(const Pair&) const = default;
};

/// The pairs for `free` (each player at most once; keys are distinct), as described above.
std::vector<Pair> pairPlayers(std::vector<FreePlayer> free, uint64_t seed);

}  // namespace pg::arena
