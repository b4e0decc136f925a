// The belief network's reading of one player's view (docs/bot.md, "The belief network"): per
// point, the chance of a hidden opponent stone there, and of opponent stones on it and on its
// east or south neighbour (one chain). Its input is the view and the story belief's map
// (net_features.h, belief-v1): nothing the player was not told.
#pragma once

#include <memory>
#include <vector>

#include "referee/view.h"

namespace pg {

namespace nn {
class Network;
}

/// Per point p (index = point), probabilities: `hidden` is 0 on points the view shows.
struct BeliefMaps {
  std::vector<float> hidden;  ///< a hidden opponent stone at p
  std::vector<float> east;    ///< opponent stones at p and at its east neighbour
  std::vector<float> south;   ///< opponent stones at p and at its south neighbour
};

/// The factor StoryBelief's guide gives each point (story_belief.h): the map's chance of a
/// hidden stone there (at least 0.001) to `power`.
std::vector<float> placementGuide(const BeliefMaps& maps, double power);

class BeliefNet {
 public:
  /// Precondition: `net` is a belief network on belief-v1 (nets.h checks it).
  explicit BeliefNet(std::shared_ptr<const nn::Network> net);

  /// The maps for view.self(), given the story belief's map of the same view (belief_map.h).
  /// Thread-safe.
  BeliefMaps predict(const View& view, const std::vector<float>& story_map) const;

 private:
  std::shared_ptr<const nn::Network> net_;
};

}  // namespace pg
