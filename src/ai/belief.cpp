#include "ai/belief.h"

#include <algorithm>

#include "rules/assert.h"

namespace pg {

bool canPlaceHidden(const Board& board, Color opp, Point p) {
  if (board.at(p) != Color::Empty) return false;
  const Color self = opponent(opp);
  for (Point q : board.neighbours(p))
    if (board.at(q) == self && board.inAtari(q)) return false;  // its last liberty is p
  return !board.isSuicide(opp, p);
}

Knowledge Knowledge::fromView(const View& view) {
  PG_ASSERT(isStone(view.self()), "a player's view, not a spectator's");
  Knowledge k;
  const Rules& rules = view.rules();
  const int n = rules.numPoints();
  k.self = view.self();
  k.opp = opponent(k.self);
  k.plain = Board(rules.size, rules.topology);

  // Replay the events: the non-captured neighbours of each of our captured chains held an
  // opponent stone at the capture, and still do unless we have captured that point since.
  std::vector<uint8_t> certain(static_cast<size_t>(n), 0);
  std::vector<uint8_t> in_capture(static_cast<size_t>(n), 0);
  for (const SeenEvent& e : view.events()) {
    if (e.captured.empty()) continue;
    if (e.player == k.self && e.kind == SeenKind::Stone) {
      for (Point c : e.captured) certain[static_cast<size_t>(c)] = 0;
    } else if (e.player == k.opp && e.kind == SeenKind::Moved) {
      for (Point c : e.captured) {
        in_capture[static_cast<size_t>(c)] = 1;
        certain[static_cast<size_t>(c)] = 0;
      }
      for (Point c : e.captured)
        for (Point q : k.plain.neighbours(c))
          if (q != kOffBoard && !in_capture[static_cast<size_t>(q)])
            certain[static_cast<size_t>(q)] = 1;
      for (Point c : e.captured) in_capture[static_cast<size_t>(c)] = 0;
    }
  }

  int visible_opp = 0;
  for (Point p = 0; p < n; ++p) {
    const Color c = view.at(p);
    if (c == Color::Empty) continue;
    k.plain.place(c, p);
    if (c == k.opp) ++visible_opp;
  }
  k.hidden_total = std::max(0, view.stoneCount(k.opp) - visible_opp);
  k.base = k.plain;
  k.unknown.assign(static_cast<size_t>(n), 0);
  for (Point p = 0; p < n; ++p) {
    if (view.at(p) != Color::Empty) continue;
    k.unknown[static_cast<size_t>(p)] = 1;
    if (certain[static_cast<size_t>(p)] && static_cast<int>(k.certain.size()) < k.hidden_total &&
        canPlaceHidden(k.base, k.opp, p)) {
      k.base.place(k.opp, p);
      k.certain.push_back(p);
    } else {
      certain[static_cast<size_t>(p)] = 0;
    }
  }
  for (Point p = 0; p < n; ++p) {
    if (!k.unknown[static_cast<size_t>(p)] || certain[static_cast<size_t>(p)]) continue;
    if (view.rejected()[static_cast<size_t>(p)])
      k.likely.push_back(p);
    else
      k.free.push_back(p);
  }
  k.to_place = k.hidden_total - static_cast<int>(k.certain.size());
  return k;
}

Sampler::Sampler(const Knowledge& k, bool use_knowledge) : k_(k), use_knowledge_(use_knowledge) {
  const int n = k.plain.numPoints();
  weight_.assign(static_cast<size_t>(n), 1.0f);
  if (use_knowledge) {
    pool_ = k.free;
  } else {
    for (Point p = 0; p < n; ++p)
      if (k.unknown[static_cast<size_t>(p)]) pool_.push_back(p);
  }
}

int Sampler::sampleOnce(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const {
  int need;
  if (use_knowledge_) {
    out = k_.base;
    need = k_.to_place;
    if (placed) placed->insert(placed->end(), k_.certain.begin(), k_.certain.end());
    if (keep_empty != kNoPoint && out.at(keep_empty) != Color::Empty) keep_empty = kNoPoint;
    // Rejected points first, in random order (a random subset if there are too many).
    Point likely[kMaxPoints];
    int m = static_cast<int>(k_.likely.size());
    std::copy(k_.likely.begin(), k_.likely.end(), likely);
    while (need > 0 && m > 0) {
      const int i = static_cast<int>(rng.below(static_cast<uint32_t>(m)));
      const Point p = likely[i];
      likely[i] = likely[--m];
      if (p == keep_empty || !canPlaceHidden(out, k_.opp, p)) continue;
      out.place(k_.opp, p);
      if (placed) placed->push_back(p);
      --need;
    }
  } else {
    out = k_.plain;
    need = k_.hidden_total;
  }
  Point pool[kMaxPoints];
  int m = static_cast<int>(pool_.size());
  std::copy(pool_.begin(), pool_.end(), pool);
  while (need > 0 && m > 0) {
    const int i = static_cast<int>(rng.below(static_cast<uint32_t>(m)));
    const Point p = pool[i];
    const float w = weight_[static_cast<size_t>(p)];
    if (w < 1.0f && rng.uniform() >= w) continue;
    pool[i] = pool[--m];
    if (p == keep_empty || !canPlaceHidden(out, k_.opp, p)) continue;
    out.place(k_.opp, p);
    if (placed) placed->push_back(p);
    --need;
  }
  return need;
}

int Sampler::sample(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const {
  int missing = 0;
  const size_t placed_start = placed ? placed->size() : 0;
  for (int attempt = 0; attempt < 64; ++attempt) {
    if (placed) placed->resize(placed_start);
    missing = sampleOnce(out, rng, keep_empty, placed);
    if (missing == 0) return 0;
  }
  return missing;
}

}  // namespace pg
