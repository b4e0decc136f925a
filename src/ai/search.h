// Determinized Monte-Carlo search for Phantom Go (Cazenave 2005; Borsboom et al. 2007): UCB
// over the root moves, a fresh determinization per playout, root parallelism. Its input is a View:
// the search cannot read the real board.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ai/player.h"
#include "referee/view.h"
#include "rules/board.h"

namespace pg {

class StoryBeliefCache;
struct Nets;

/// Where the determinizations come from.
enum class BeliefKind : uint8_t {
  Uniform,  ///< the count on random empty points, legality only (Cazenave 2005)
  Facts,    ///< the facts of the current view: captures, rejected marks (belief.h; bot:v1)
  Story,    ///< histories consistent with the whole story, opponent model (story_belief.h)
};

struct SearchParams {
  BeliefKind belief = BeliefKind::Facts;
  int particles = 256;  ///< BeliefKind::Story: histories replayed per search
  /// BeliefKind::Story: the opponent model's gammas raised to this power (opponent_model.h,
  /// sharpened); above 1 the histories keep to the moves the model finds likely.
  double model_power = 1.0;
  bool ucb = true;               ///< UCB at the root (false: round robin, best mean: flat MC)
  double ucb_c = 0.35;           ///< exploration constant
  bool consider_pass = true;     ///< pass is a root move
  bool exclude_rejected = true;  ///< never try a point rejected in an earlier turn (if others)
  double pass_when_ending_wins = 0.9;  ///< after an opponent pass: pass if ending now wins so often
  double resign_below = 0.0;           ///< resign when the best move wins less often (0: never)
  /// How the root values our pass. false: a random playout follows it (issue #14's rule, v1).
  /// true: the board as it stands decides when the opponent has just passed (our pass ends the
  /// game) and when it wins for the opponent (which would pass and end the game); otherwise a
  /// playout follows.
  bool pass_ends_game = false;
  /// With pass_ends_game, after the opponent's pass: pass when the best try wins less often
  /// than this (our pass then ends a lost game, which is what a player who has passed wants,
  /// rather than playing on to the move cap). Before the opponent has passed the search plays
  /// on: passing first there cost games against v1 (docs/bot.md, "The pass").
  double pass_when_hopeless = 0.0;
  PlayoutEyes eyes = PlayoutEyes::FillFalse;  ///< which own eyes a playout may fill (board.h)
  /// A timed search stops as soon as its most visited move cannot be overtaken in the time
  /// left (stop_rule.h). false: it runs to its time.
  bool stop_when_decided = false;
  /// The learned networks (nets.h) the settings below use; null or missing members: those
  /// settings are off.
  std::shared_ptr<const Nets> nets;
  /// BeliefKind::Story with a belief network: the opponent's placements in the story are
  /// weighted by the network's chance of a hidden stone there to this power (0: not guided).
  double guide_power = 0;
  /// With a policy network: the root's prior is its policy averaged over this many boards
  /// drawn from the belief (policy_prior.h), 0: no prior ...
  int prior_boards = 0;
  /// ... and a root move's score gains prior_weight * P(move) / (1 + n(move)): a progressive
  /// bias that fades as the move's playouts grow, whatever the budget (docs/bot.md, "Matches":
  /// a bonus growing with sqrt(N) lost its lead at 1 s a move).
  double prior_weight = 0;
};

/// Root statistics; index = point, numPoints() = pass.
struct RootStats {
  std::vector<double> wins;
  std::vector<double> visits;
  void resize(int n);
  void add(const RootStats& o, double scale = 1.0);
};

struct SearchOutput {
  Action action;
  int64_t playouts = 0;  ///< in this call, all threads
  double seconds = 0;    ///< wall clock of this call
  int threads = 1;
  double value = 0.5;         ///< win rate of the chosen move
  std::vector<float> belief;  ///< per point: fraction of determinizations with a hidden stone
  RootStats stats;
  /// Playouts per second and per thread (sampling included).
  double playoutsPerSecondPerThread() const {
    return seconds > 0 ? static_cast<double>(playouts) / seconds / threads : 0;
  }
};

/// Searches the action for view.self(). Budget: `playouts` if > 0, `seconds` if > 0, whichever
/// runs out first (at least one playout). `prior`
/// (may be null) seeds the root statistics (the same turn before a rejection).
/// Precondition: !view.over() && view.toMove() == view.self().
/// `beliefs` (may be null) carries the story belief from one decision to the next, and
/// `guided_beliefs` (may be null) the story guided by the belief network (guide_power).
SearchOutput runSearch(const View& view, const SearchParams& params, double seconds, int playouts,
                       int threads, uint64_t seed, const RootStats* prior,
                       StoryBeliefCache* beliefs = nullptr,
                       StoryBeliefCache* guided_beliefs = nullptr);

}  // namespace pg
