// What the computer believes of the opponent's hidden stones, as a map: per point of the board,
// the share of determinizations that put a hidden opponent stone there. Built from one player's
// View only, like everything in this module; shown after the end of a game (the replay's heat
// map, GET /api/games/<id>/belief).
#pragma once

#include <cstdint>
#include <vector>

#include "referee/view.h"

namespace pg {

/// Index = point: the fraction (0..1) of `samples` determinizations of `view` that hold a hidden
/// stone of view.self()'s opponent there. Points the view shows (own stones, visible handicap
/// stones) are 0. The same seed gives the same map. Precondition: view.self() is Black or White
/// (the view may be of a finished game); samples > 0.
std::vector<float> beliefMap(const View& view, int samples, uint64_t seed);

}  // namespace pg
