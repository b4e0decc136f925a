// Where the opponent's hidden stones might be: one full board (a determinization) at a time.
// The search asks a Determinizer for a fresh board before every playout; the beliefs of
// belief.h (facts only) and story_belief.h (the whole story) both answer it.
#pragma once

#include <vector>

#include "rules/board.h"
#include "rules/playout.h"

namespace pg {

class Determinizer {
 public:
  virtual ~Determinizer() = default;
  /// Writes a determinization into `out`: our stones, the visible stones and exactly as many
  /// hidden opponent stones as the real board holds, in a legal position. `keep_empty` (or
  /// kNoPoint) stays empty if it can. If `placed` is not null, the points of the hidden stones
  /// are appended to it. Returns 0, or a positive number when `keep_empty` (or, for the facts
  /// sampler, some stone) could not be honoured; the board is then still a legal position.
  virtual int sample(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const = 0;
};

}  // namespace pg
