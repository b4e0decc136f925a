// A table rebuilt from its stored log: the referee replays every event, the clock is charged
// with the stored event times, and the time the server was down is not charged.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/referee.h"
#include "server/table/fischer_clock.h"
#include "store/store.h"

namespace pg {

/// Moves the clock on after an accepted input: stopped at the end, switched when the turn
/// changed, unchanged otherwise (a rejected try, a mark). A clock that waits for the first moves
/// (not started yet) starts once each side has moved once.
void advanceClock(FischerClock& clock, const Referee& referee, int turn_before, int64_t at);

/// Replays `log` (the events of table `record`) on a fresh referee for `rules`, and the clock
/// if the table has one (started with the game, or once each side has moved once if
/// `clock_waits`); a running clock is paused from the last stored instant to `now`.
/// Throws std::invalid_argument if the log has a gap or an event is refused on replay.
Referee replayLog(const Rules& rules, const StoredTable& record,
                  const std::vector<StoredEvent>& log, std::optional<FischerClock>& clock,
                  bool clock_waits, int64_t now);

}  // namespace pg
