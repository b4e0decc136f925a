// makePlayer: every player by name, the ladder's levels among them (levels.h).
#include <array>

#include "ai/beginner_player.h"
#include "ai/levels.h"
#include "ai/mc_player.h"
#include "ai/nets.h"
#include "ai/player.h"
#include "ai/size_switch_player.h"

namespace pg {

namespace {

/// Cazenave (2005) as published: the count placed uniformly, round robin, best mean.
SearchParams flatMcParams() {
  SearchParams p;
  p.belief = BeliefKind::Uniform;
  p.ucb = false;
  p.consider_pass = false;
  p.pass_when_ending_wins = 1.0;  // never checks
  p.resign_below = 0;
  p.eyes = PlayoutEyes::KeepAll;  // as Cazenave's and issue #14's
  return p;
}

/// bot:v1, frozen (issue #17): the hard player of issue #14, facts-only belief.
SearchParams v1Params() {
  SearchParams p;
  p.eyes = PlayoutEyes::KeepAll;
  return p;
}

/// The second generation: the belief reads the whole story.
SearchParams storyParams() {
  SearchParams p;
  p.belief = BeliefKind::Story;
  return p;
}

SearchParams v2Params();

/// bot:x-nets (issue #40): bot:v2's search with the learned networks (docs/bot.md, "The third
/// generation"): the belief network's map guides the story's placements, and the policy
/// network's mean over 16 boards drawn from the belief is the root's prior, a progressive bias of
/// fixed scale. Against v2 at 1 s a move, the site's budget, it is even on 9x9 (94-90 in 184
/// games) and ahead on 13x13 (28-12 in 40). Without the networks it plays as bot:v2.
SearchParams netsParams() {
  SearchParams p = v2Params();
  p.nets = installedNets();
  p.guide_power = 2.0;
  p.prior_boards = 16;
  p.prior_weight = 45;  // sqrt(2000): what the 2000-playout matches had
  return p;
}

/// Whether hard plays bot:x-nets on a board of `size` (else bot:v2). In matches against the
/// frozen bot:v2 at 1 s a move (docs/bot.md, "Matches" and "Other sizes"; Wilson 95%): 13x13
/// 28-12 in 40 games [0.546, 0.819], a lead; 9x9 94-90 in 184 [0.439, 0.582] and 11x11 43-37
/// in 80 [0.429, 0.643], even; 19x19 18-22 in 40 [0.307, 0.602]; 15x15 18-10 in 28 [0.458,
/// 0.793], no lead shown, kept with 13x13 as the nearer measured size. Sizes not measured
/// follow the nearer of those.
bool hardUsesNets(int size) {
  return size >= 13 && size <= 15;
}

/// hard's search on a board of `size`.
SearchParams hardParams(int size) {
  return hardUsesNets(size) ? netsParams() : v2Params();
}

/// bot:v2, frozen (issue #40): the hard player of issue #17 (the story belief, and a pass valued
/// as the end of the game it would often be: docs/bot.md, "The pass"), the baseline of the
/// learned networks.
SearchParams v2Params() {
  SearchParams p = storyParams();
  p.pass_ends_game = true;
  p.pass_when_hopeless = 0.02;
  p.model_power = 2.0;
  p.stop_when_decided = true;
  return p;
}

/// The searching levels below hard: a fixed number of playouts a turn, so that a level is the
/// same opponent on every machine and at every time budget (docs/bot.md, "The ladder").
struct CappedLevel {
  const char* name;
  int playouts;
};
constexpr std::array<CappedLevel, 3> kCappedLevels{{
    {"easy", 500},
    {"medium", 1500},
    {"advanced", 6000},
}};

}  // namespace

const std::vector<std::string>& computerLevels() {
  static const std::vector<std::string> levels{"beginner", "easy", "medium", "advanced", "hard"};
  return levels;
}

double beliefModelPower(std::string_view level, int size) {
  return level == "hard" || level == "default" ? hardParams(size).model_power
                                               : storyParams().model_power;
}

double beliefGuidePower(std::string_view level, int size) {
  const SearchParams p = level == "x-nets"                       ? netsParams()
                         : level == "hard" || level == "default" ? hardParams(size)
                                                                 : storyParams();
  return p.nets && p.nets->belief ? p.guide_power : 0;
}

const std::vector<std::string>& playerNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = computerLevels();
    for (const char* other : {"default", "v1", "v2", "x-nets", "flatmc", "random"})
      all.emplace_back(other);
    return all;
  }();
  return names;
}

std::unique_ptr<Player> makePlayer(std::string_view name, uint64_t seed) {
  if (name == "random") return makeRandomPlayer(seed);
  if (name == "flatmc") return makeSearchPlayer("flatmc", flatMcParams(), {}, seed);
  if (name == "v1") return makeSearchPlayer("v1", v1Params(), {}, seed);
  if (name == "v2") return makeSearchPlayer("v2", v2Params(), {1.0, 0, true}, seed);
  if (name == "x-nets") return makeSearchPlayer("x-nets", netsParams(), {1.0, 0, true}, seed);
  if (name == "beginner") return makeBeginnerPlayer(seed);
  for (const CappedLevel& level : kCappedLevels)
    if (name == level.name)
      return makeSearchPlayer(level.name, storyParams(), {1.0, level.playouts}, seed);
  if (name == "hard" || name == "default")
    return makeSizeSwitchPlayer(
        std::string(name), makeSearchPlayer(std::string(name), netsParams(), {1.0, 0, true}, seed),
        makeSearchPlayer(std::string(name), v2Params(), {1.0, 0, true}, seed), hardUsesNets);
  return nullptr;
}

}  // namespace pg
