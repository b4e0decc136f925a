#include "referee/visibility.h"

#include "referee/disclosure.h"

namespace pg {

std::optional<SeenEvent> project(const Event& e, int turn, Color to_move, Audience audience) {
  const bool is_actor = audience == audienceOf(e.player);
  SeenEvent s;
  s.player = e.player;
  s.turn = turn;
  s.to_move = to_move;
  switch (e.kind) {
    case EventKind::Try:
      if (e.legal) {
        s.kind = is_actor ? SeenKind::Stone : SeenKind::Moved;
        s.captured = e.captured;
      } else {
        s.kind = is_actor ? SeenKind::Illegal : SeenKind::Rejected;
      }
      if (is_actor) s.point = e.point;
      return s;
    case EventKind::Pass:
      s.kind = SeenKind::Pass;
      return s;
    case EventKind::Resign:
      s.kind = SeenKind::Resign;
      return s;
    case EventKind::Timeout:
      s.kind = SeenKind::Timeout;
      return s;
    case EventKind::Abandon:
      s.kind = SeenKind::Abandon;
      return s;
    case EventKind::Abort:
      s.kind = SeenKind::Abort;
      return s;
    case EventKind::NoShow:
      s.kind = SeenKind::NoShow;
      return s;
    case EventKind::Mark:
      if (!disclosure::mayReadMark(audience, e.player)) return std::nullopt;
      s.kind = SeenKind::Mark;
      s.point = e.point;
      s.set = e.set;
      return s;
  }
  return std::nullopt;
}

}  // namespace pg
