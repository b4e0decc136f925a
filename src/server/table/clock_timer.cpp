#include "server/table/clock_timer.h"

#include <chrono>
#include <utility>

#include "rules/assert.h"

namespace pg {

void ClockTimer::arm(int64_t wait_ms, std::function<void(uint64_t generation)> wake) {
  cancel();
  timer_.expires_after(std::chrono::milliseconds(wait_ms));
  timer_.async_wait([this, generation = generation_,
                     wake = std::move(wake)](const boost::system::error_code& ec) {
    if (ec || !current(generation)) return;
    wake(generation);
  });
}

void ClockTimer::cancel() {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  ++generation_;
  timer_.cancel();
}

}  // namespace pg
