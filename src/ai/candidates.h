// What a player reads off its own view before it thinks: the points it may sensibly try next,
// the board it can see, its previous stone. Shared by the search and the beginner.
#pragma once

#include <vector>

#include "ai/belief.h"
#include "ai/opponent_model.h"
#include "referee/view.h"
#include "rules/board.h"

namespace pg {

/// Points empty in `view`, not tried this turn and not a one-point eye of view.self()'s own on
/// `plain` (the view's stones on a board). Points rejected in an earlier turn come last: they
/// are left out while another candidate remains if `exclude_rejected`. Empty when nothing is
/// left to try. Precondition: view.self() is Black or White.
std::vector<Point> tryCandidates(const View& view, const Board& plain, bool exclude_rejected);

/// The board the player can see: its stones, the visible ones, the hidden stones it is sure
/// of, and its rejected points as the opponent's stones where they fit.
Board seenBoard(const Knowledge& k);

/// The player's previous stone in the view, or kNoPoint.
Point lastOwnStone(const View& view);

/// view.self()'s context for the move model (opponent_model.h) at this decision.
MoveContext ownMoveContext(const View& view);

}  // namespace pg
