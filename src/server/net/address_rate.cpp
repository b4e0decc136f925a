#include "server/net/address_rate.h"

namespace pg {

namespace {

/// Buckets kept before the full ones are forgotten.
constexpr std::size_t kPruneAt = 4096;

}  // namespace

int64_t AddressRate::take(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (buckets_.size() >= kPruneAt && !buckets_.count(address)) prune(now);
  auto it = buckets_.try_emplace(address, rate_, burst_).first;
  if (it->second.allow(now)) return 0;
  return it->second.msUntilToken(now);
}

void AddressRate::prune(Clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& kv) { return kv.second.fullAt(now); });
}

std::size_t AddressRate::size() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

}  // namespace pg
