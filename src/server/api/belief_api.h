// GET /api/games/<id>/belief?seat=black|white: what the computer would have believed, at every
// step of a finished game's replay, of the hidden stones of `seat`'s opponent (ai/belief_map.h),
// computed from `seat`'s own view at that step. Only for finished games: before the end it is as
// secret as the record itself. See docs/protocol.md.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "referee/event.h"
#include "rules/rules.h"
#include "rules/types.h"

namespace pg {

/// The beliefs of one seat over a whole game: one map per replay step (the start, then one per
/// event of the log that is not a guess mark, which is how the client's replaySteps counts:
/// every try, rejected or not, and every pass, resignation, timeout and abandonment), each a
/// percentage (0..100) per point, index y * size + x with row 0 at the bottom.
struct BeliefSteps {
  int samples = 0;
  std::vector<std::vector<uint8_t>> steps;
};

/// The samples per step for a game of `steps` steps on `rules`' board: 200 on 9x9 and smaller,
/// fewer on larger boards, and fewer again when the game is long, so that a whole game costs at
/// most about kBeliefPointSamples point-samples; never fewer than 10.
int beliefSamples(const Rules& rules, int steps);
inline constexpr int64_t kBeliefPointSamples = 20'000'000;
/// Seconds of story belief per answer; the steps after that use the facts sampler, so a very
/// long game cannot hold one of the computer players' threads for long.
inline constexpr double kBeliefStorySeconds = 3.0;

/// Replays `log` (a finished game's full log) and computes `seat`'s belief at every step, the
/// story's opponent model sharpened to `model_power` (ai/levels.h, beliefModelPower) and, when
/// `guide_power` > 0, guided by the installed belief network (ai/levels.h, beliefGuidePower).
/// Throws std::invalid_argument if the log is not a consistent game.
BeliefSteps computeBeliefSteps(const Rules& rules, const std::vector<Event>& log, Color seat,
                               uint64_t seed, double model_power = 1.0, double guide_power = 0);

/// A small LRU of finished answers, keyed by (game id, seat). Safe from any thread.
class BeliefCache {
 public:
  explicit BeliefCache(std::size_t capacity) : capacity_(capacity) {}
  std::shared_ptr<const std::string> find(const std::string& key);
  void put(const std::string& key, std::shared_ptr<const std::string> body);
  std::size_t size() const;

 private:
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::list<std::pair<std::string, std::shared_ptr<const std::string>>> entries_;  // newest first
};

}  // namespace pg
