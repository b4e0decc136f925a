// What the computer believes of the opponent's hidden stones, as a map: per point of the board,
// the share of its boards that put a hidden opponent stone there. Built from one player's View
// only, like everything in this module; shown after the end of a game (the replay's heat map,
// GET /api/games/<id>/belief). The belief is the one the searching levels use: the story
// belief (story_belief.h) with the opponent model sharpened as the level sharpens it
// (levels.h, beliefModelPower), or the facts sampler (belief.h) where the story cannot be
// explained.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/opponent_model.h"
#include "ai/story_belief.h"
#include "referee/view.h"

namespace pg {

namespace nn {
class Network;
}

/// Index = point: the fraction (0..1) of the belief's boards for `view` (`samples` of them)
/// that hold a hidden stone of view.self()'s opponent there. Points the view shows (own stones,
/// visible handicap stones) are 0, and the map sums to the number of hidden stones. The same
/// seed gives the same map. Precondition: view.self() is Black or White (the view may be of a
/// finished game); samples > 0.
std::vector<float> beliefMap(const View& view, int samples, uint64_t seed);

/// The same map from the facts sampler alone (belief.h, bot:v1's belief): what the maps fall
/// back to where the story cannot be explained.
std::vector<float> factsBeliefMap(const View& view, int samples, uint64_t seed);

/// The maps of one seat's view, step after step, the belief carried from each step to the
/// next as the bot carries it between its decisions (much cheaper than a map per step afresh).
class BeliefMapper {
 public:
  /// After `story_seconds` of work (0: no limit) the remaining maps come from the facts
  /// sampler, which costs a small fraction of it: a bound on a long game's answer. The story's
  /// opponent model is the learned one sharpened to `model_power` (opponent_model.h).
  BeliefMapper(int samples, uint64_t seed, double story_seconds = 0, double model_power = 1.0);
  /// From now on the maps are those of the story guided by the belief network `net` (may be
  /// null: not guided) as hard's search guides it (SearchParams::guide_power).
  void guideWith(std::shared_ptr<const nn::Network> net, double power);
  /// The map of `view`, a later version of the view of the previous call (if any).
  std::vector<float> next(const View& view);
  /// True once the time for the story ran out.
  bool storyStopped() const { return stopped_; }

 private:
  std::chrono::steady_clock::time_point deadline_;
  bool limited_ = false;
  bool stopped_ = false;
  StoryBeliefCache cache_;
  OpponentModel model_;
  StoryBeliefCache guided_cache_;
  std::shared_ptr<const nn::Network> net_;
  double guide_power_ = 0;
  int samples_;
  uint64_t seed_;
  uint64_t calls_ = 0;
};

}  // namespace pg
