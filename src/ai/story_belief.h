// A belief that reads the whole story (issue #17): sequential Monte Carlo over the opponent's
// histories. Each particle is a full board replayed event by event through our view:
//   - at each of the opponent's turns it places one stone, drawn from the opponent model
//     (opponent_model.h) among the points that are legal at that time, that take exactly the
//     captures that were announced (none for a plain "moved"), and that the rest of the story
//     does not rule out (a point where we later played a legal stone, unless a capture there
//     was announced in between);
//   - our own tries check it: a legal stone must be legal in the particle and capture exactly
//     what was announced, a rejected try must be illegal in it;
//   - points that the story says must hold an opponent stone by some time (our rejected tries,
//     our captures, the neighbours of our captured chains) are proposed more often as their
//     deadline nears, and the importance weight corrects for it;
//   - dead and light particles are replaced by copies of the others (systematic resampling).
// The final boards are the determinizations. If no particle survives (a position the model
// cannot explain, e.g. a try refused by superko), the facts sampler of belief.h takes over.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ai/belief.h"
#include "ai/determinizer.h"
#include "ai/opponent_model.h"
#include "referee/view.h"

namespace pg {

class StoryBelief final : public Determinizer {
 public:
  /// Precondition: view.self() is Black or White.
  StoryBelief(const View& view, const OpponentModel& model, int particles, uint64_t seed);
  /// The same, carrying on the boards of `earlier`, a belief of an earlier version of the same
  /// view (may be null), through the new events.
  /// `guide` (may be null), per point, multiplies the model's weight of an opponent stone
  /// there (a network's map, e.g.).
  StoryBelief(const View& view, const OpponentModel& model, int particles, uint64_t seed,
              const StoryBelief* earlier, const std::vector<float>* guide = nullptr);
  ~StoryBelief() override;

  int sample(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const override;

  /// True if no particle explained the story and the facts sampler answers instead.
  bool fellBack() const { return fallback_ != nullptr; }
  /// The index of the view event that no particle could explain, or -1.
  int failedAt() const { return failed_at_; }
  /// True if it carried an earlier belief on rather than replaying the story from the start.
  bool carried() const { return carried_; }
  /// The number of view events it has read.
  int version() const { return version_; }
  /// The number of final boards (0 after a fall-back).
  int particles() const { return static_cast<int>(boards_.size()); }
  /// Per point: the share of the final boards with a hidden opponent stone there.
  std::vector<float> occupancy() const;
  /// The final boards (none after a fall-back), and per board the points of its hidden stones.
  const std::vector<Board>& boards() const { return boards_; }
  const std::vector<std::vector<Point>>& hiddenStones() const { return hidden_; }
  /// The colour of the hidden stones: view.self()'s opponent.
  Color opponentColor() const { return opp_; }

 private:
  Color opp_ = Color::White;
  int failed_at_ = -1;
  int version_ = 0;
  bool carried_ = false;
  std::vector<Board> boards_;
  std::vector<Point> last_own_;             // per particle, the opponent's last stone
  std::vector<std::vector<Point>> hidden_;  // per particle, its hidden stones
  std::vector<int> occupied_;               // per point, particles with a hidden stone there
  std::unique_ptr<Knowledge> knowledge_;    // the fall-back
  std::unique_ptr<Sampler> fallback_;
};

/// The last belief of one player in one game, carried on to the next decision.
class StoryBeliefCache {
 public:
  /// The belief for `view`: the cached one carried on if it belongs to an earlier version of
  /// the same view, else a new one.
  std::shared_ptr<const StoryBelief> get(const View& view, const OpponentModel& model,
                                         int particles, uint64_t seed,
                                         const std::vector<float>* guide = nullptr);
  /// The belief of the last get(), or null.
  std::shared_ptr<const StoryBelief> last() const { return belief_; }

 private:
  std::shared_ptr<const StoryBelief> belief_;
  Color self_ = Color::Empty;
  SeenEvent last_event_;  // the last event the cached belief read
};

}  // namespace pg
