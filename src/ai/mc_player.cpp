// The searching players: flatmc (Cazenave 2005 as published) and the three strengths of our
// own search (search.h).
#include <atomic>
#include <chrono>
#include <mutex>

#include "ai/player.h"
#include "ai/search.h"
#include "ai/story_belief.h"

namespace pg {

namespace {

using Clock = std::chrono::steady_clock;

class MonteCarloPlayer final : public Player {
 public:
  MonteCarloPlayer(std::string name, SearchParams params, double budget_scale, uint64_t seed)
      : name_(std::move(name)), params_(params), scale_(budget_scale), seed_(seed) {}

  Action choose(const View& view, const SearchLimits& limits) override {
    const Clock::time_point now = Clock::now();
    RootStats prior;
    bool have_prior = false, same_turn = false;
    Clock::time_point turn_start = now;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (cache_.valid && cache_.turn == view.turn() && cache_.self == view.self() &&
          cache_.version < view.version() && !view.triedThisTurn().empty()) {
        same_turn = true;
        turn_start = cache_.turn_start;
        if (params_.ucb) {  // flat MC as published starts afresh
          prior = cache_.stats;
          have_prior = true;
        }
      }
    }
    // The budget covers the whole turn; after a rejection the search goes on with what is
    // left (at least a quarter of it), keeping half the weight of the earlier statistics.
    double seconds = limits.seconds * scale_;
    if (same_turn) {
      const double used = std::chrono::duration<double>(now - turn_start).count();
      seconds = std::max(seconds - used, 0.25 * seconds);
    }
    int playouts = 0;
    if (limits.playouts > 0) playouts = std::max(1, static_cast<int>(limits.playouts * scale_));
    if (limits.playouts <= 0 && limits.seconds <= 0) playouts = 1000;
    const uint64_t seed = mix64(seed_ + 0x9E3779B97F4A7C15ULL * ++calls_);
    std::unique_lock<std::mutex> searching(search_mu_);
    SearchOutput out = runSearch(view, params_, seconds, playouts, std::max(1, limits.threads),
                                 seed, have_prior ? &prior : nullptr, &beliefs_);
    searching.unlock();
    std::lock_guard<std::mutex> lock(mu_);
    cache_.valid = true;
    cache_.turn = view.turn();
    cache_.self = view.self();
    cache_.version = view.version();
    cache_.turn_start = turn_start;
    cache_.stats = RootStats{};
    cache_.stats.resize(view.rules().numPoints());
    cache_.stats.add(out.stats, 0.5);
    diag_.belief = std::move(out.belief);
    diag_.playouts = out.playouts;
    diag_.seconds = out.seconds;
    diag_.threads = out.threads;
    return out.action;
  }

  std::string name() const override { return name_; }

  SearchDiagnostics lastDiagnostics() const override {
    std::lock_guard<std::mutex> lock(mu_);
    return diag_;
  }

 private:
  struct Cache {
    bool valid = false;
    int turn = -1;
    Color self = Color::Empty;
    int version = 0;
    Clock::time_point turn_start;
    RootStats stats;
  };

  const std::string name_;
  const SearchParams params_;
  const double scale_;
  const uint64_t seed_;
  std::atomic<uint64_t> calls_{0};
  mutable std::mutex mu_;
  Cache cache_;
  std::mutex search_mu_;  // one search at a time: they share the belief cache
  StoryBeliefCache beliefs_;
  SearchDiagnostics diag_;
};

SearchParams flatMcParams() {
  SearchParams p;
  p.belief = BeliefKind::Uniform;
  p.ucb = false;
  p.consider_pass = false;
  p.pass_when_ending_wins = 1.0;  // never checks
  p.resign_below = 0;
  return p;
}

/// bot:v1, frozen (issue #17): the hard player of issue #14, facts-only belief.
SearchParams v1Params() {
  return SearchParams{};
}

/// The second generation: the belief reads the whole story.
SearchParams ourParams() {
  SearchParams p;
  p.belief = BeliefKind::Story;
  return p;
}

}  // namespace

std::unique_ptr<Player> makePlayer(std::string_view name, uint64_t seed) {
  if (name == "random") return makeRandomPlayer(seed);
  if (name == "flatmc")
    return std::make_unique<MonteCarloPlayer>("flatmc", flatMcParams(), 1.0, seed);
  if (name == "easy") return std::make_unique<MonteCarloPlayer>("easy", ourParams(), 0.02, seed);
  if (name == "medium")
    return std::make_unique<MonteCarloPlayer>("medium", ourParams(), 0.15, seed);
  if (name == "v1") return std::make_unique<MonteCarloPlayer>("v1", v1Params(), 1.0, seed);
  if (name == "hard" || name == "default")
    return std::make_unique<MonteCarloPlayer>(std::string(name), ourParams(), 1.0, seed);
  return nullptr;
}

}  // namespace pg
