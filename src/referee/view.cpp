#include "referee/view.h"

#include <algorithm>

namespace pg {

View::View(const Rules& rules, Audience audience)
    : rules_(rules),
      audience_(audience),
      board_(static_cast<size_t>(rules.numPoints()), Color::Empty),
      rejected_(static_cast<size_t>(rules.numPoints()), 0),
      marks_(static_cast<size_t>(rules.numPoints()), 0),
      handicap_(handicapPoints(rules.handicap, rules.size)) {
  for (Point p : handicap_) board_[static_cast<size_t>(p)] = Color::Black;
  black_count_ = static_cast<int>(handicap_.size());
  to_move_ = handicap_.empty() ? Color::Black : Color::White;
}

void View::removeCaptured(const std::vector<Point>& captured, Color colour) {
  for (Point p : captured) {
    board_[static_cast<size_t>(p)] = Color::Empty;
    rejected_[static_cast<size_t>(p)] = 0;  // the player learns the point is free now
  }
  if (colour == Color::Black)
    black_count_ -= static_cast<int>(captured.size());
  else
    white_count_ -= static_cast<int>(captured.size());
}

void View::apply(const SeenEvent& e) {
  events_.push_back(e);
  const bool ends_turn =
      e.kind == SeenKind::Stone || e.kind == SeenKind::Moved || e.kind == SeenKind::Pass;
  switch (e.kind) {
    case SeenKind::Stone:
      board_[static_cast<size_t>(e.point)] = e.player;
      rejected_[static_cast<size_t>(e.point)] = 0;
      [[fallthrough]];
    case SeenKind::Moved:
      if (e.player == Color::Black)
        ++black_count_;
      else
        ++white_count_;
      removeCaptured(e.captured, opponent(e.player));
      break;
    case SeenKind::Illegal:
      rejected_[static_cast<size_t>(e.point)] = 1;
      tried_.push_back(e.point);
      ++rejections_this_turn_;
      break;
    case SeenKind::Rejected:
      ++rejections_this_turn_;
      break;
    case SeenKind::Mark:
      marks_[static_cast<size_t>(e.point)] = e.set ? 1 : 0;
      break;
    case SeenKind::Pass:
    case SeenKind::Resign:
    case SeenKind::Timeout:
    case SeenKind::Abandon:
    case SeenKind::Abort:
    case SeenKind::NoShow:
      break;
    case SeenKind::End:
      reveal_ = e.reveal;
      if (reveal_) board_ = reveal_->board;
      break;
  }
  if (ends_turn) {
    tried_.clear();
    rejections_this_turn_ = 0;
  }
  turn_ = e.turn;
  to_move_ = e.to_move;
}

}  // namespace pg
