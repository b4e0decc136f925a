#include "ai/belief_map.h"

#include "ai/belief.h"
#include "rules/assert.h"

namespace pg {

std::vector<float> beliefMap(const View& view, int samples, uint64_t seed) {
  PG_ASSERT(isStone(view.self()), "a player's view, not a spectator's");
  PG_ASSERT(samples > 0, "at least one sample");
  const Rules& rules = view.rules();
  const int n = rules.numPoints();
  std::vector<int> count(static_cast<size_t>(n), 0);
  const Knowledge knowledge = Knowledge::fromView(view);
  if (knowledge.hidden_total > 0) {
    const Sampler sampler(knowledge, true);
    Rng rng(seed);
    Board board(rules.size, rules.topology);
    std::vector<Point> placed;
    for (int s = 0; s < samples; ++s) {
      placed.clear();
      sampler.sample(board, rng, kNoPoint, &placed);
      for (Point p : placed) ++count[static_cast<size_t>(p)];
    }
  }
  std::vector<float> out(static_cast<size_t>(n), 0.0f);
  for (int p = 0; p < n; ++p)
    out[static_cast<size_t>(p)] =
        static_cast<float>(count[static_cast<size_t>(p)]) / static_cast<float>(samples);
  return out;
}

}  // namespace pg
