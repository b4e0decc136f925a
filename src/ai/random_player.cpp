#include <vector>

#include "ai/player.h"
#include "rules/playout.h"

namespace pg {

namespace {

/// A uniformly random point among those empty in its own view and not tried this turn; passes
/// when none is left.
class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}

  Action choose(const View& view, const SearchLimits&) override {
    std::vector<Point> options;
    const int n = view.rules().numPoints();
    std::vector<uint8_t> tried(static_cast<size_t>(n), 0);
    for (Point p : view.triedThisTurn()) tried[static_cast<size_t>(p)] = 1;
    for (int p = 0; p < n; ++p)
      if (view.at(static_cast<Point>(p)) == Color::Empty && !tried[static_cast<size_t>(p)])
        options.push_back(static_cast<Point>(p));
    if (options.empty()) return Action::pass();
    return Action::tryAt(options[rng_.below(static_cast<uint32_t>(options.size()))]);
  }
  std::string name() const override { return "random"; }

 private:
  Rng rng_;
};

}  // namespace

std::unique_ptr<Player> makeRandomPlayer(uint64_t seed) {
  return std::make_unique<RandomPlayer>(seed);
}

}  // namespace pg
