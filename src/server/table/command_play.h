// A client's game command, played on the referee for one colour.
#pragma once

#include "protocol/client_message.h"
#include "referee/referee.h"

namespace pg {

/// Plays `cmd` for `color`: a try, pass, resignation, mark or abandonment claim (a rematch is
/// the table's, not the referee's). A vertex that is not a point of this board ("Z9", "pass") is
/// refused as off-board before the referee sees it.
Answer playCommand(Referee& referee, Color color, const Command& cmd);

/// The seat a command names (its optional "seat"; nullopt for the commands that have none).
SeatField seatOf(const Command& cmd);

}  // namespace pg
