#include "ai/size_switch_player.h"

#include <atomic>

#include "rules/assert.h"

namespace pg {

namespace {

class SizeSwitchPlayer final : public Player {
 public:
  SizeSwitchPlayer(std::string name, std::unique_ptr<Player> small, std::unique_ptr<Player> large,
                   int from_size)
      : name_(std::move(name)),
        small_(std::move(small)),
        large_(std::move(large)),
        from_size_(from_size) {
    PG_ASSERT(small_ && large_, "two players");
  }

  Action choose(const View& view, const SearchLimits& limits) override {
    const bool large = view.rules().size >= from_size_;
    last_large_.store(large, std::memory_order_relaxed);
    return (large ? *large_ : *small_).choose(view, limits);
  }

  std::string name() const override { return name_; }

  SearchDiagnostics lastDiagnostics() const override {
    return (last_large_.load(std::memory_order_relaxed) ? *large_ : *small_).lastDiagnostics();
  }

 private:
  const std::string name_;
  const std::unique_ptr<Player> small_;
  const std::unique_ptr<Player> large_;
  const int from_size_;
  std::atomic<bool> last_large_{false};
};

}  // namespace

std::unique_ptr<Player> makeSizeSwitchPlayer(std::string name, std::unique_ptr<Player> small,
                                             std::unique_ptr<Player> large, int from_size) {
  return std::make_unique<SizeSwitchPlayer>(std::move(name), std::move(small), std::move(large),
                                            from_size);
}

}  // namespace pg
