#include "ai/size_switch_player.h"

#include <atomic>

#include "rules/assert.h"

namespace pg {

namespace {

class SizeSwitchPlayer final : public Player {
 public:
  SizeSwitchPlayer(std::string name, std::unique_ptr<Player> chosen, std::unique_ptr<Player> other,
                   bool (*choose_size)(int size))
      : name_(std::move(name)),
        chosen_(std::move(chosen)),
        other_(std::move(other)),
        choose_(choose_size) {
    PG_ASSERT(chosen_ && other_ && choose_, "two players and a choice");
  }

  Action choose(const View& view, const SearchLimits& limits) override {
    const bool chosen = choose_(view.rules().size);
    last_chosen_.store(chosen, std::memory_order_relaxed);
    return (chosen ? *chosen_ : *other_).choose(view, limits);
  }

  std::string name() const override { return name_; }

  SearchDiagnostics lastDiagnostics() const override {
    return (last_chosen_.load(std::memory_order_relaxed) ? *chosen_ : *other_).lastDiagnostics();
  }

 private:
  const std::string name_;
  const std::unique_ptr<Player> chosen_;
  const std::unique_ptr<Player> other_;
  bool (*const choose_)(int size);
  std::atomic<bool> last_chosen_{false};
};

}  // namespace

std::unique_ptr<Player> makeSizeSwitchPlayer(std::string name, std::unique_ptr<Player> chosen,
                                             std::unique_ptr<Player> other,
                                             bool (*choose_size)(int size)) {
  return std::make_unique<SizeSwitchPlayer>(std::move(name), std::move(chosen), std::move(other),
                                            choose_size);
}

}  // namespace pg
