// What a rated game's end adds to the write that stores it (store/store_write.h, RatedEnd): the
// game's rating category and Black's score. The store updates both players' ratings in the
// same transaction as the end, so there is never an end without its ratings, nor ratings
// without their end.
#pragma once

#include <optional>

#include "rules/game.h"
#include "server/table/table_setup.h"
#include "store/store_write.h"

namespace pg {

/// The rated end of a game with this setup and result; nullopt when the game is not rated, or
/// has no result (aborted, or abandoned before the second turn: a void game counts for no one).
/// A win after abandonment counts as any win; a draw is 0.5.
std::optional<RatedEnd> ratedEndOf(const TableSetup& setup, const Result& result);

}  // namespace pg
