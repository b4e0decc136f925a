// The searching player's saved time (time_bank.h).
#include "ai/time_bank.h"

#include <algorithm>

namespace pg {

double TimeBank::grant(double share, double most) {
  double spread = balance_ / 4;
  if (most > 0) spread = std::clamp(most - share, 0.0, spread);
  balance_ -= spread;
  return share + spread;
}

void TimeBank::settle(double granted, double used) {
  balance_ = std::max(0.0, balance_ + granted - used);
}

}  // namespace pg
