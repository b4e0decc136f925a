// The policy network's prior over the root's moves (docs/bot.md, "The policy network"): the
// network reads whole boards, so the search draws boards from its belief, asks the network for
// each one's move probabilities (over the moves legal on that board, and pass), and averages
// them. A point that holds a hidden stone on many of the boards gets little (Ghost's sum of
// policies over sampled boards, 2019).
#pragma once

#include <vector>

#include "ai/determinizer.h"
#include "referee/view.h"

namespace pg {

namespace nn {
class Network;
}

/// Index = point, numPoints() = pass: the mean over `boards` boards drawn from `belief` of the
/// policy network's probabilities for view.self() to move. `opponent_passed`: a pass by
/// view.self() would end the game. Precondition: `pv` is a pv network on board-v1; boards > 0.
std::vector<double> policyPrior(const nn::Network& pv, const Determinizer& belief, const View& view,
                                int boards, bool opponent_passed, Rng& rng);

}  // namespace pg
