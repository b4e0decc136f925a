#include "server/api/belief_api.h"

#include <algorithm>
#include <cmath>

#include "ai/belief_map.h"
#include "ai/nets.h"
#include "referee/referee.h"

namespace pg {

int beliefSamples(const Rules& rules, int steps) {
  const int64_t points = rules.numPoints();
  int64_t samples = std::min<int64_t>(200, 200 * 81 / points);
  samples = std::min<int64_t>(samples, kBeliefPointSamples / (points * std::max(1, steps)));
  return static_cast<int>(std::max<int64_t>(10, samples));
}

BeliefSteps computeBeliefSteps(const Rules& rules, const std::vector<Event>& log, Color seat,
                               uint64_t seed, double model_power, double guide_power) {
  const Referee referee = Referee::replay(rules, log);
  const Audience audience = audienceOf(seat);
  // The referee's stream for this seat is project()'s output for every logged event; fold it
  // again, one event at a time, keeping the view of each step (never the End event's view,
  // whose board is the revealed one).
  const std::vector<SeenEvent>& seen = referee.seen(audience);
  int steps = 1;
  for (const SeenEvent& e : seen)
    if (e.kind != SeenKind::Mark && e.kind != SeenKind::End) ++steps;
  BeliefSteps out;
  out.samples = beliefSamples(rules, steps);
  out.steps.reserve(static_cast<size_t>(steps));
  View view(rules, audience);
  BeliefMapper mapper(out.samples, seed, kBeliefStorySeconds, model_power);
  if (guide_power > 0) mapper.guideWith(installedNets()->belief, guide_power);
  auto add = [&] {
    const std::vector<float> map = mapper.next(view);
    std::vector<uint8_t> pct(map.size());
    for (size_t p = 0; p < map.size(); ++p)
      pct[p] = static_cast<uint8_t>(std::clamp(std::lround(map[p] * 100.0f), 0L, 100L));
    out.steps.push_back(std::move(pct));
  };
  add();
  for (const SeenEvent& e : seen) {
    if (e.kind == SeenKind::End) break;
    view.apply(e);
    if (e.kind != SeenKind::Mark) add();
  }
  return out;
}

std::shared_ptr<const std::string> BeliefCache::find(const std::string& key) {
  std::lock_guard lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->first != key) continue;
    entries_.splice(entries_.begin(), entries_, it);
    return entries_.front().second;
  }
  return nullptr;
}

void BeliefCache::put(const std::string& key, std::shared_ptr<const std::string> body) {
  std::lock_guard lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end(); ++it)
    if (it->first == key) {
      entries_.erase(it);
      break;
    }
  entries_.emplace_front(key, std::move(body));
  while (entries_.size() > capacity_) entries_.pop_back();
}

std::size_t BeliefCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace pg
