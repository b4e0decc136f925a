#include "ai/belief_map.h"

#include "ai/belief.h"
#include "ai/belief_net.h"
#include "rules/assert.h"

namespace pg {

std::vector<float> factsBeliefMap(const View& view, int samples, uint64_t seed) {
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

namespace {

std::vector<float> mapOf(const StoryBelief& story, const View& view, int samples, uint64_t seed) {
  if (view.over()) return std::vector<float>(static_cast<size_t>(view.rules().numPoints()), 0.0f);
  if (story.fellBack() || story.particles() == 0) return factsBeliefMap(view, samples, seed);
  return story.occupancy();
}

}  // namespace

std::vector<float> beliefMap(const View& view, int samples, uint64_t seed) {
  PG_ASSERT(isStone(view.self()), "a player's view, not a spectator's");
  PG_ASSERT(samples > 0, "at least one sample");
  const StoryBelief story(view, OpponentModel::learned(), samples, seed);
  return mapOf(story, view, samples, seed);
}

BeliefMapper::BeliefMapper(int samples, uint64_t seed, double story_seconds, double model_power)
    : model_(model_power == 1.0 ? OpponentModel::learned()
                                : OpponentModel::learned().sharpened(model_power)),
      samples_(samples),
      seed_(seed) {
  if (story_seconds > 0) {
    limited_ = true;
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(story_seconds));
  }
}

std::vector<float> BeliefMapper::next(const View& view) {
  PG_ASSERT(isStone(view.self()), "a player's view, not a spectator's");
  const uint64_t seed = mix64(seed_ + ++calls_);
  if (limited_ && !stopped_ && std::chrono::steady_clock::now() >= deadline_) stopped_ = true;
  if (stopped_) {
    if (view.over()) return std::vector<float>(static_cast<size_t>(view.rules().numPoints()), 0.0f);
    return factsBeliefMap(view, samples_, seed);
  }
  const auto story = cache_.get(view, model_, samples_, seed);
  if (net_ && !view.over() && !story->fellBack() && story->particles() > 0) {
    const BeliefMaps maps = BeliefNet(net_).predict(view, story->occupancy());
    const std::vector<float> guide = placementGuide(maps, guide_power_);
    const auto guided = guided_cache_.get(view, model_, samples_, mix64(seed ^ 0x4755ULL), &guide);
    if (!guided->fellBack()) return guided->occupancy();
  }
  return mapOf(*story, view, samples_, seed);
}

void BeliefMapper::guideWith(std::shared_ptr<const nn::Network> net, double power) {
  net_ = power > 0 ? std::move(net) : nullptr;
  guide_power_ = power;
}

}  // namespace pg
