#include "ai/candidates.h"

namespace pg {

std::vector<Point> tryCandidates(const View& view, const Board& plain, bool exclude_rejected) {
  const int n = view.rules().numPoints();
  const Color self = view.self();
  std::vector<uint8_t> tried(static_cast<size_t>(n), 0);
  for (Point p : view.triedThisTurn()) tried[static_cast<size_t>(p)] = 1;
  std::vector<Point> cands, rejected;
  for (Point p = 0; p < n; ++p) {
    if (view.at(p) != Color::Empty || tried[static_cast<size_t>(p)]) continue;
    if (plain.isOnePointEye(self, p)) continue;
    if (exclude_rejected && view.rejected()[static_cast<size_t>(p)])
      rejected.push_back(p);
    else
      cands.push_back(p);
  }
  return cands.empty() ? rejected : cands;
}

Board seenBoard(const Knowledge& k) {
  Board board = k.base;
  for (Point p : k.likely)
    if (board.at(p) == Color::Empty && canPlaceHidden(board, k.opp, p)) board.place(k.opp, p);
  return board;
}

Point lastOwnStone(const View& view) {
  for (auto it = view.events().rbegin(); it != view.events().rend(); ++it)
    if (it->kind == SeenKind::Stone && it->player == view.self()) return it->point;
  return kNoPoint;
}

MoveContext ownMoveContext(const View& view) {
  return MoveContext{view.self(), lastOwnStone(view),
                     view.stoneCount(view.self()) < view.rules().numPoints() / 12,
                     view.rejectionsThisTurn() > 0};
}

}  // namespace pg
