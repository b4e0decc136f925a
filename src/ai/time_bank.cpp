// The searching player's saved time (time_bank.h).
#include "ai/time_bank.h"

#include <algorithm>

namespace pg {

TimeBank::Grant TimeBank::grant(double share) {
  Grant g;
  const double spread = balance_ / 4;
  balance_ -= spread;
  g.seconds = share + spread;
  g.extra_seconds = std::min(balance_, g.seconds);
  return g;
}

void TimeBank::settle(const Grant& grant, double used) {
  balance_ = std::max(0.0, balance_ + grant.seconds - used);
}

}  // namespace pg
