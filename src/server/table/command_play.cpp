#include "server/table/command_play.h"

#include "rules/assert.h"

namespace pg {

namespace {

std::optional<Point> pointOf(const std::string& vertex, int size) {
  const auto p = parsePoint(vertex, size);
  if (!p || *p == kPass) return std::nullopt;
  return p;
}

Answer offBoard() {
  Answer a;
  a.refusal = Refusal::OffBoard;
  return a;
}

}  // namespace

Answer playCommand(Referee& referee, Color color, const Command& cmd) {
  const int size = referee.rules().size;
  if (const auto* t = std::get_if<TryCommand>(&cmd)) {
    const auto p = pointOf(t->point, size);
    return p ? referee.tryPoint(color, *p) : offBoard();
  }
  if (std::holds_alternative<PassCommand>(cmd)) return referee.pass(color);
  if (std::holds_alternative<ResignCommand>(cmd)) return referee.resign(color);
  if (std::holds_alternative<AbortCommand>(cmd)) return referee.abortGame(color);
  // The table has checked that the opponent has been away long enough.
  if (std::holds_alternative<ClaimAbandonedCommand>(cmd)) return referee.abandon(opponent(color));
  const auto* m = std::get_if<MarkCommand>(&cmd);
  PG_ASSERT(m != nullptr, "playCommand of a command that is not the referee's");
  if (!m) return Answer{Refusal::GameOver};
  const auto p = pointOf(m->point, size);
  return p ? referee.mark(color, *p, m->set) : offBoard();
}

SeatField seatOf(const Command& cmd) {
  return std::visit(
      [](const auto& c) -> SeatField {
        if constexpr (requires { c.seat; })
          return c.seat;
        else
          return std::nullopt;
      },
      cmd);
}

}  // namespace pg
