#include "rules/game.h"

#include <vector>

namespace pg {

std::string_view endReasonName(EndReason r) {
  switch (r) {
    case EndReason::None:
      return "none";
    case EndReason::TwoPasses:
      return "two-passes";
    case EndReason::Resignation:
      return "resignation";
    case EndReason::Time:
      return "time";
    case EndReason::AtariCapture:
      return "capture";
    case EndReason::TurnCap:
      return "turn-cap";
  }
  return "none";
}

Score areaScore(const Board& board, double komi) {
  Score s;
  s.komi = komi;
  s.black_stones = board.stoneCount(Color::Black);
  s.white_stones = board.stoneCount(Color::White);
  const int n = board.numPoints();
  std::vector<uint8_t> seen(static_cast<size_t>(n), 0);
  std::vector<Point> stack, region;
  for (int start = 0; start < n; ++start) {
    if (seen[start] || board.at(static_cast<Point>(start)) != Color::Empty) continue;
    bool touches_black = false, touches_white = false;
    region.clear();
    stack.assign(1, static_cast<Point>(start));
    seen[start] = 1;
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      region.push_back(p);
      for (Point q : board.neighbours(p)) {
        const Color c = board.at(q);
        if (c == Color::Black) touches_black = true;
        if (c == Color::White) touches_white = true;
        if (c == Color::Empty && !seen[q]) {
          seen[q] = 1;
          stack.push_back(q);
        }
      }
    }
    const int size = static_cast<int>(region.size());
    if (touches_black && !touches_white)
      s.black_territory += size;
    else if (touches_white && !touches_black)
      s.white_territory += size;
    else
      s.dame += size;
  }
  return s;
}

Game::Game(const Rules& rules) : rules_(rules), board_(rules.size, rules.topology) {
  if (rules_.handicap > 0) {
    handicap_ = handicapPoints(rules_.handicap, rules_.size);
    for (Point p : handicap_) board_.place(Color::Black, p);
    to_move_ = Color::White;
  }
  seen_.insert(board_.hash());
}

bool Game::isLegal(Point p) const {
  const Color c = to_move_;
  // One code path for occupied, suicide and ko: every check runs, the answer is their AND.
  const bool empty = board_.at(p) == Color::Empty;
  const bool suicide = board_.isSuicide(c, p);
  bool ko_ok;
  if (rules_.ko == KoRule::Simple) {
    ko_ok = !(p == board_.koPoint() && c == board_.koColor());
  } else {
    ko_ok = seen_.find(board_.hashAfter(c, p)) == seen_.end();
  }
  return empty & !suicide & ko_ok;
}

int Game::play(Point p, std::vector<Point>* captured) {
  std::array<Point, kMaxPoints> buf;
  const int n = board_.play(to_move_, p, buf.data());
  if (captured) captured->insert(captured->end(), buf.begin(), buf.begin() + n);
  seen_.insert(board_.hash());
  passes_ = 0;
  const Color mover = to_move_;
  if (rules_.atari_go && n > 0) {
    ++turns_;
    to_move_ = opponent(mover);
    result_ = Result{mover, EndReason::AtariCapture, std::nullopt};
    return n;
  }
  endTurn();
  return n;
}

void Game::pass() {
  board_.clearKo();
  ++passes_;
  if (passes_ >= 2) {
    ++turns_;
    to_move_ = opponent(to_move_);
    finishScored(EndReason::TwoPasses);
    return;
  }
  endTurn();
}

void Game::endTurn() {
  ++turns_;
  to_move_ = opponent(to_move_);
  if (turns_ >= rules_.effectiveTurnCap()) finishScored(EndReason::TurnCap);
}

void Game::finishScored(EndReason reason) {
  const Score s = score();
  result_ = Result{s.winner(), reason, s};
}

void Game::resign(Color loser) {
  result_ = Result{opponent(loser), EndReason::Resignation, {}};
}

void Game::loseOnTime(Color loser) {
  result_ = Result{opponent(loser), EndReason::Time, {}};
}

}  // namespace pg
