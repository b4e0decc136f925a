#include "ai/net_features.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "ai/belief.h"

namespace pg {

namespace {

constexpr uint8_t kOn = 255;

/// Exact liberties of every chain, by head: each empty point counts once for each distinct
/// chain next to it. No allocation; `libs` needs numPoints() entries.
void chainLiberties(const Board& board, std::array<int16_t, kMaxPoints>& libs) {
  const int n = board.numPoints();
  std::fill(libs.begin(), libs.begin() + n, int16_t{0});
  for (Point q = 0; q < n; ++q) {
    if (board.at(q) != Color::Empty) continue;
    std::array<Point, 4> seen{};
    int ns = 0;
    for (Point r : board.neighbours(q)) {
      if (r == kOffBoard || !isStone(board.at(r))) continue;
      const Point h = board.chainHead(r);
      bool dup = false;
      for (int i = 0; i < ns; ++i) dup |= seen[static_cast<size_t>(i)] == h;
      if (dup) continue;
      seen[static_cast<size_t>(ns++)] = h;
      ++libs[static_cast<size_t>(h)];
    }
  }
}

/// The point east (dx = 1) or south (dy = 1) of p, wrapped on a torus; kNoPoint past the edge
/// of a plain board.
Point eastOf(Point p, int size, Topology t) {
  const int x = p % size;
  if (x + 1 < size) return p + 1;
  return t == Topology::Torus ? static_cast<Point>(p - (size - 1)) : kNoPoint;
}
Point southOf(Point p, int size, Topology t) {
  const int n = size * size;
  if (p + size < n) return static_cast<Point>(p + size);
  return t == Topology::Torus ? static_cast<Point>(p % size) : kNoPoint;
}

float komiFor(Color c, const Rules& rules) {
  return static_cast<float>((c == Color::Black ? -rules.komi : rules.komi) / 10.0);
}

}  // namespace

void encodeBeliefInput(const View& view, const std::vector<float>& story_occupancy, uint8_t* planes,
                       float* globals) {
  PG_ASSERT(isStone(view.self()), "encodeBeliefInput: a player's view");
  const Rules& rules = view.rules();
  const int n = rules.numPoints();
  const Color self = view.self(), opp = opponent(self);
  const int current = view.turn();
  std::fill(planes, planes + kBeliefPlanes * n, uint8_t{0});
  auto on = [&](int plane, Point p) { planes[plane * n + p] = kOn; };

  // What the view shows, and the facts it implies (the certain stones, the view's liberties).
  const Knowledge k = Knowledge::fromView(view);
  const Board& plain = k.plain;
  std::array<int16_t, kMaxPoints> libs;
  chainLiberties(plain, libs);
  int own = 0;
  for (Point p = 0; p < n; ++p) {
    on(0, p);
    const Color c = view.at(p);
    if (c == self) {
      ++own;
      on(1, p);
      const int l = libs[static_cast<size_t>(plain.chainHead(p))];
      on(l == 1 ? 4 : l == 2 ? 5 : 6, p);
      if (l == 1) on(19, plain.atariLiberty(p));
    } else if (c == opp) {
      on(2, p);
    } else {
      on(3, p);
    }
  }
  for (Point p : k.certain) on(16, p);
  if (static_cast<int>(story_occupancy.size()) == n)
    for (Point p = 0; p < n; ++p) {
      const float share = std::clamp(story_occupancy[static_cast<size_t>(p)], 0.0f, 1.0f);
      planes[17 * n + p] = static_cast<uint8_t>(std::lround(255.0f * share));
    }

  // The story, turn by turn. An event happened in the turn that was current before it (the
  // turn count of the event before); turns alternate, so an own event of turn t is
  // (current - t + 1) / 2 own turns ago (self is on turn: current - t is even; the rounding up
  // serves a view read between its turns).
  int opp_rejected_last = 0;
  bool opp_passed_last = false;
  int before = 0;
  for (const SeenEvent& e : view.events()) {
    const int t = before;
    before = e.turn;
    const int ago = current - t;
    const int own_ago = (ago + 1) / 2;
    if (e.player == self) {
      if (e.kind == SeenKind::Illegal) {
        if (ago == 0)
          on(7, e.point);
        else if (own_ago <= 4)
          on(8, e.point);
        else if (view.at(e.point) == Color::Empty)
          on(9, e.point);
      } else if (e.kind == SeenKind::Stone) {
        if (own_ago == 1)
          on(14, e.point);
        else if (own_ago >= 2 && own_ago <= 5)
          on(15, e.point);
        for (Point c : e.captured) {
          on(ago <= 8 ? 12 : 13, c);
          if (view.at(c) == Color::Empty) on(18, c);
        }
      }
    } else if (e.player == opp) {
      if (e.kind == SeenKind::Moved)
        for (Point c : e.captured) on(ago <= 8 ? 10 : 11, c);
      if (ago == 1) {
        opp_rejected_last += e.kind == SeenKind::Rejected;
        opp_passed_last |= e.kind == SeenKind::Pass;
      }
    }
  }

  const float points = static_cast<float>(n);
  globals[0] = static_cast<float>(k.hidden_total) / points;
  globals[1] = static_cast<float>(own) / points;
  globals[2] = std::min(1.0f, static_cast<float>(current) / (2.0f * points));
  globals[3] = self == Color::Black ? 1.0f : 0.0f;
  globals[4] = komiFor(self, rules);
  globals[5] = std::min(1.0f, static_cast<float>(opp_rejected_last) / 4.0f);
  globals[6] = opp_passed_last ? 1.0f : 0.0f;
  globals[7] = rules.atari_go ? 1.0f : 0.0f;
}

void encodeBeliefLabels(const View& view, const Board& real, uint8_t* labels) {
  const Rules& rules = view.rules();
  const int n = rules.numPoints();
  const Color opp = opponent(view.self());
  std::fill(labels, labels + kBeliefLabels * n, uint8_t{0});
  for (Point p = 0; p < n; ++p) {
    if (real.at(p) != opp) continue;
    if (view.at(p) == Color::Empty) labels[p] = 1;
    const Point e = eastOf(p, rules.size, rules.topology);
    if (e != kNoPoint && real.at(e) == opp) labels[n + p] = 1;
    const Point s = southOf(p, rules.size, rules.topology);
    if (s != kNoPoint && real.at(s) == opp) labels[2 * n + p] = 1;
  }
}

void encodeBoardInput(const Board& board, Color to_move, const Rules& rules, bool opponent_passed,
                      uint8_t* planes, float* globals) {
  PG_ASSERT(isStone(to_move), "encodeBoardInput: the side to move is a colour");
  const int n = board.numPoints();
  std::fill(planes, planes + kBoardPlanes * n, uint8_t{0});
  std::array<int16_t, kMaxPoints> libs;
  chainLiberties(board, libs);
  uint8_t* const at = planes;
  for (Point p = 0; p < n; ++p) {
    at[p] = kOn;
    const Color c = board.at(p);
    if (c == Color::Empty) {
      at[3 * n + p] = kOn;
      if (board.isLegal(to_move, p)) at[kBoardLegalPlane * n + p] = kOn;
      continue;
    }
    const bool own = c == to_move;
    at[(own ? 1 : 2) * n + p] = kOn;
    const int l = libs[static_cast<size_t>(board.chainHead(p))];
    at[((own ? 4 : 7) + std::clamp(l, 1, 3) - 1) * n + p] = kOn;
  }
  const Point ko = board.koPoint();
  if (ko != kNoPoint && board.koColor() == to_move) at[10 * n + ko] = kOn;
  globals[0] = komiFor(to_move, rules);
  globals[1] = to_move == Color::Black ? 1.0f : 0.0f;
  globals[2] = rules.atari_go ? 1.0f : 0.0f;
  globals[3] = opponent_passed ? 1.0f : 0.0f;
}

}  // namespace pg
