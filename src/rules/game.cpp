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
    case EndReason::Abandoned:
      return "abandoned";
    case EndReason::Aborted:
      return "aborted";
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
  PG_ASSERT(rules.size >= kMinSize && rules.size <= kMaxSize, "board size out of range");
  PG_ASSERT(
      rules.handicap == 0 || (rules.handicap >= 2 && rules.handicap <= maxHandicap(rules.size)),
      "handicap not 0 or 2..maxHandicap(size)");
  if (rules_.handicap > 0) {
    handicap_ = handicapPoints(rules_.handicap, rules_.size);
    for (Point p : handicap_) board_.place(Color::Black, p);
    to_move_ = Color::White;
  }
  seen_.insert(board_.hash());
}

Game Game::replay(const Rules& rules, const std::vector<Move>& moves) {
  Game g(rules);
  for (const Move& m : moves) {
    if (m.point == kPass) {
      g.pass(m.color);
    } else {
      PG_ASSERT(g.isLegal(m.color, m.point), "replay of an illegal move");
      g.play(m.color, m.point);
    }
  }
  return g;
}

bool Game::isLegal(Color c, Point p) const {
  PG_ASSERT(p >= 0 && p < board_.numPoints(), "isLegal: point off the board");
  PG_ASSERT(isStone(c), "isLegal: colour is not Black or White");
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

void Game::reopen() {
  PG_ASSERT(!over() || result_.score.has_value(), "a move after a resignation or a loss on time");
  if (result_.score) result_ = Result{};
}

int Game::play(Color c, Point p, std::vector<Point>* captured) {
  PG_ASSERT(isLegal(c, p), "play: the move is illegal");
  reopen();
  std::array<Point, kMaxPoints> buf;
  const int n = board_.play(c, p, buf.data());
  if (captured) captured->insert(captured->end(), buf.begin(), buf.begin() + n);
  seen_.insert(board_.hash());
  moves_.push_back({c, p});
  passes_ = 0;
  if (rules_.atari_go && n > 0) {
    ++turns_;
    to_move_ = opponent(c);
    result_ = Result{c, EndReason::AtariCapture, std::nullopt};
    return n;
  }
  endTurn(c);
  return n;
}

void Game::pass(Color c) {
  PG_ASSERT(isStone(c), "pass: colour is not Black or White");
  reopen();
  board_.clearKo();
  moves_.push_back({c, kPass});
  ++passes_;
  if (passes_ >= 2) {
    ++turns_;
    to_move_ = opponent(c);
    finishScored(EndReason::TwoPasses);
    return;
  }
  endTurn(c);
}

bool Game::undo() {
  if (moves_.empty()) return false;
  std::vector<Move> rest = std::move(moves_);
  rest.pop_back();
  *this = replay(rules_, rest);
  return true;
}

void Game::endTurn(Color mover) {
  ++turns_;
  to_move_ = opponent(mover);
  if (turns_ >= rules_.effectiveTurnCap()) finishScored(EndReason::TurnCap);
}

void Game::finishScored(EndReason reason) {
  const Score s = score();
  result_ = Result{s.winner(), reason, s};
}

void Game::resign(Color loser) {
  PG_ASSERT(!over(), "resign: the game is over");
  result_ = Result{opponent(loser), EndReason::Resignation, {}};
}

void Game::loseOnTime(Color loser) {
  PG_ASSERT(!over(), "loseOnTime: the game is over");
  result_ = Result{opponent(loser), EndReason::Time, {}};
}

void Game::abandon(Color absent) {
  PG_ASSERT(!over(), "abandon: the game is over");
  const Color winner = turns_ >= kTurnsForAbandonWin ? opponent(absent) : Color::Empty;
  result_ = Result{winner, EndReason::Abandoned, {}};
}

void Game::abortGame() {
  PG_ASSERT(mayAbort(), "abortGame: the game is over, or each side has moved");
  result_ = Result{Color::Empty, EndReason::Aborted, {}};
}

}  // namespace pg
