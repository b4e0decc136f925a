// The one place where hidden information is filtered: what each audience learns of an event.
// Every message, snapshot and view that leaves the referee is built from project()'s output.
#pragma once

#include <optional>

#include "referee/event.h"
#include "referee/seen.h"

namespace pg {

/// What `audience` learns of the accepted event `e`, after which `turn` turns are complete and
/// `to_move` is on turn (Empty if the game ended). nullopt: the audience learns nothing (another
/// player's guess mark). The rule table of RULES.md "Who learns what", row by row:
///  - legal stone: the mover gets Stone with the point; others get Moved without it;
///  - illegal try: the mover gets Illegal with the point; others get Rejected without it or a
///    reason (occupied, suicide and ko produce the same event);
///  - pass, resignation, timeout: everyone, the same;
///  - captures: the points of every removed stone go to everyone, inside Stone / Moved;
///  - guess marks: only their owner.
std::optional<SeenEvent> project(const Event& e, int turn, Color to_move, Audience audience);

}  // namespace pg
