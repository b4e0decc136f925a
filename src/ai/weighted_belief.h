// The story belief's boards weighted by the belief network (docs/bot.md, "The belief network"):
// each board of the story (story_belief.h) gets the weight
//   exp(tilt * sum over its hidden stones p of (logit q(p) - logit m(p))
//       + link_tilt * sum over its pairs of neighbouring opponent stones e of (logit l(e) - logit
//       L(e)))
// where q and l are the network's chances of a hidden stone and of a link, m and L the shares of
// the story's boards that have them. With tilt 1 and no link term, this is the board
// distribution closest to the story's whose per-point shares move toward the network's (one
// step of iterative scaling): the boards whose stones the network believes in are drawn more.
#pragma once

#include <memory>
#include <vector>

#include "ai/belief_net.h"
#include "ai/determinizer.h"
#include "ai/story_belief.h"

namespace pg {

class WeightedBelief final : public Determinizer {
 public:
  /// Precondition: `story` is a belief of the view `maps` were read from.
  WeightedBelief(std::shared_ptr<const StoryBelief> story, const BeliefMaps& maps, double tilt,
                 double link_tilt);

  int sample(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const override;

  /// Per point: the weighted share of the boards with a hidden opponent stone there.
  std::vector<float> occupancy() const;
  /// The effective number of boards, (sum w)^2 / sum w^2: how far the weights narrowed them.
  double effectiveBoards() const { return effective_; }

 private:
  size_t draw(Rng& rng) const;

  std::shared_ptr<const StoryBelief> story_;
  std::vector<double> cumulative_;  // per board, the running sum of the normalised weights
  std::vector<double> weight_;
  double effective_ = 0;
};

}  // namespace pg
