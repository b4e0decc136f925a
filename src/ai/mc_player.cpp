#include "ai/mc_player.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>

#include "ai/story_belief.h"
#include "ai/time_bank.h"

namespace pg {

namespace {

using Clock = std::chrono::steady_clock;

class MonteCarloPlayer final : public Player {
 public:
  MonteCarloPlayer(std::string name, SearchParams params, SearchBudget budget, uint64_t seed)
      : name_(std::move(name)), params_(params), budget_(budget), seed_(seed) {}

  Action choose(const View& view, const SearchLimits& limits) override {
    const Clock::time_point now = Clock::now();
    RootStats prior;
    bool have_prior = false, same_turn = false;
    Clock::time_point turn_start = now;
    int turn_playouts = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (cache_.valid && cache_.turn == view.turn() && cache_.self == view.self() &&
          cache_.version < view.version() && !view.triedThisTurn().empty()) {
        same_turn = true;
        turn_start = cache_.turn_start;
        turn_playouts = static_cast<int>(cache_.turn_playouts);
        if (params_.ucb) {  // flat MC as published starts afresh
          prior = cache_.stats;
          have_prior = true;
        }
      }
    }
    // The budget covers the whole turn; after a rejection the search goes on with what is
    // left (at least a quarter of it), keeping half the weight of the earlier statistics.
    double seconds = limits.seconds * budget_.scale;
    if (same_turn && budget_.bank_time) {
      // What the first try saved is in the bank: a retry's own share is a quarter, what a
      // player without a bank gets after a first try that took its whole time.
      seconds *= 0.25;
    } else if (same_turn) {
      const double used = std::chrono::duration<double>(now - turn_start).count();
      seconds = std::max(seconds - used, 0.25 * seconds);
    }
    int playouts = 0;
    if (limits.playouts > 0) {  // a playout budget instead of time
      playouts = std::max(1, static_cast<int>(limits.playouts * budget_.scale));
      seconds = 0;
    }
    if (limits.playouts <= 0 && limits.seconds <= 0) playouts = 1000;
    // A capped level spends its playouts over the whole turn, like the time: after a
    // rejection, what is left of them (at least a quarter). A time budget still ends its
    // search if it runs out first (a short clock).
    if (budget_.playout_cap > 0) {
      int cap = budget_.playout_cap;
      if (same_turn) cap = std::max(cap - turn_playouts, budget_.playout_cap / 4);
      playouts = playouts > 0 ? std::min(playouts, cap) : cap;
    }
    const uint64_t seed = mix64(seed_ + 0x9E3779B97F4A7C15ULL * ++calls_);
    std::unique_lock<std::mutex> searching(search_mu_);
    double granted = 0;
    if (budget_.bank_time && seconds > 0 && playouts <= 0)
      seconds = granted = bank_.grant(seconds, limits.max_seconds);
    SearchOutput out = runSearch(view, params_, seconds, playouts, std::max(1, limits.threads),
                                 seed, have_prior ? &prior : nullptr, &beliefs_, &guided_beliefs_);
    if (granted > 0)
      bank_.settle(granted, std::chrono::duration<double>(Clock::now() - now).count());
    searching.unlock();
    std::lock_guard<std::mutex> lock(mu_);
    cache_.valid = true;
    cache_.turn = view.turn();
    cache_.self = view.self();
    cache_.version = view.version();
    cache_.turn_start = turn_start;
    cache_.turn_playouts = (same_turn ? cache_.turn_playouts : 0) + out.playouts;
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
    int64_t turn_playouts = 0;  // spent this turn, all actions
    RootStats stats;
  };

  const std::string name_;
  const SearchParams params_;
  const SearchBudget budget_;
  TimeBank bank_;  // budget_.bank_time; choose() runs one search at a time (search_mu_)
  const uint64_t seed_;
  std::atomic<uint64_t> calls_{0};
  mutable std::mutex mu_;
  Cache cache_;
  std::mutex search_mu_;  // one search at a time: they share the belief cache
  StoryBeliefCache beliefs_;
  StoryBeliefCache guided_beliefs_;  // the story guided by the belief network (guide_power)
  SearchDiagnostics diag_;
};

}  // namespace

std::unique_ptr<Player> makeSearchPlayer(std::string name, const SearchParams& params,
                                         const SearchBudget& budget, uint64_t seed) {
  return std::make_unique<MonteCarloPlayer>(std::move(name), params, budget, seed);
}

}  // namespace pg
