// The arena's pairing: neighbours by score, never the last opponent again, colours balanced.
#include "arena/pairing.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace pg::arena {
namespace {

FreePlayer player(const std::string& id, int score, const std::string& last = "", int blacks = 0,
                  int whites = 0) {
  return FreePlayer{id, score, last, blacks, whites};
}

std::set<std::string> playersOf(const Pair& p) {
  return {p.black, p.white};
}

TEST(ArenaPairing, NeighboursByScore) {
  const auto pairs =
      pairPlayers({player("d", 1), player("a", 10), player("c", 5), player("b", 8)}, 7);
  ASSERT_EQ(pairs.size(), 2U);
  EXPECT_EQ(playersOf(pairs[0]), (std::set<std::string>{"a", "b"}));
  EXPECT_EQ(playersOf(pairs[1]), (std::set<std::string>{"c", "d"}));
}

TEST(ArenaPairing, NeverTheLastOpponentAgain) {
  // a and b met last: a takes c instead, and b meets d.
  const auto pairs =
      pairPlayers({player("a", 10, "b"), player("b", 8, "a"), player("c", 5), player("d", 1)}, 3);
  ASSERT_EQ(pairs.size(), 2U);
  EXPECT_EQ(playersOf(pairs[0]), (std::set<std::string>{"a", "c"}));
  EXPECT_EQ(playersOf(pairs[1]), (std::set<std::string>{"b", "d"}));
  // Only the two of them: nobody is paired, both wait.
  EXPECT_TRUE(pairPlayers({player("a", 0, "b"), player("b", 0, "a")}, 1).empty());
  // One of three waits.
  EXPECT_EQ(pairPlayers({player("a", 0), player("b", 0), player("c", 0)}, 1).size(), 1U);
}

TEST(ArenaPairing, WhiteToWhoeverHadBlackMoreOften) {
  for (uint64_t seed = 0; seed < 20; ++seed) {
    const auto pairs = pairPlayers({player("a", 4, "", 3, 1), player("b", 4, "", 1, 3)}, seed);
    ASSERT_EQ(pairs.size(), 1U);
    EXPECT_EQ(pairs[0], (Pair{"b", "a"}));
  }
}

TEST(ArenaPairing, TheSeedBreaksTiesAndTheSameSeedGivesTheSamePairs) {
  std::vector<FreePlayer> free;
  for (int i = 0; i < 10; ++i) free.push_back(player("p" + std::to_string(i), 0));
  std::set<std::vector<Pair>> seen;
  std::map<std::string, int> blacks;
  for (uint64_t seed = 0; seed < 50; ++seed) {
    const auto pairs = pairPlayers(free, seed);
    EXPECT_EQ(pairs, pairPlayers(free, seed));
    ASSERT_EQ(pairs.size(), 5U);
    std::set<std::string> everyone;
    for (const Pair& p : pairs) {
      everyone.insert(p.black);
      everyone.insert(p.white);
      ++blacks[p.black];
    }
    EXPECT_EQ(everyone.size(), 10U) << "each player once";
    seen.insert(pairs);
  }
  EXPECT_GT(seen.size(), 10U) << "ties are shuffled";
  for (const auto& [p, n] : blacks) EXPECT_GT(n, 5) << p << " never or rarely black";
}

}  // namespace
}  // namespace pg::arena
