#include "server/table/table_replay.h"

#include <algorithm>
#include <stdexcept>

#include "protocol/json.h"

namespace pg {

void advanceClock(FischerClock& clock, const Referee& referee, int turn_before, int64_t at) {
  if (!clock.started()) {
    if (!referee.over() && referee.turn() >= Game::kTurnsToCommit)
      clock.start(referee.toMove(), at);
    return;
  }
  if (referee.over())
    clock.stop(at);
  else if (referee.turn() != turn_before)
    clock.switchTurn(at);
}

Referee replayLog(const Rules& rules, const StoredTable& record,
                  const std::vector<StoredEvent>& log, std::optional<FischerClock>& clock,
                  bool clock_waits, int64_t now) {
  Referee referee(rules);
  if (clock && record.started_at && !clock_waits)
    clock->start(referee.toMove(), *record.started_at);
  int64_t last = record.started_at.value_or(record.created_at);
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].seq != static_cast<int64_t>(i))
      throw std::invalid_argument("table " + record.id + ": the stored log has a gap at " +
                                  std::to_string(i));
    const Event e = eventFromJson(Json::parse(log[i].event), rules.size);
    const int turn = referee.turn();
    if (!referee.apply(e).accepted())
      throw std::invalid_argument("table " + record.id + ": stored event " + std::to_string(i) +
                                  " is refused on replay");
    if (clock) advanceClock(*clock, referee, turn, log[i].at);
    last = std::max(last, log[i].at);
  }
  // Clocks are paused while the server is down: the running turn is charged up to the last
  // stored instant only.
  if (clock && clock->running() != Color::Empty) clock->pause(last, now);
  return referee;
}

}  // namespace pg
