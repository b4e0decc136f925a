// The wake-up for a table's clock: one timer on the table's strand, re-armed after every change
// of the clock, whose wake-ups know when a later arm or a cancel made them stale.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>

#include "server/table/table_strand.h"

namespace pg {

class ClockTimer {
 public:
  explicit ClockTimer(const TableStrand& strand) : strand_(strand), timer_(strand) {}

  /// Cancels the wake-up armed before and arms one `wait_ms` from now: `wake(generation)`
  /// runs then, on the strand, unless a later arm or cancel came first. `wake` may run later
  /// still (held behind a write): it checks current(generation) then. Precondition: on the
  /// strand.
  void arm(int64_t wait_ms, std::function<void(uint64_t generation)> wake);
  /// Cancels the wake-up armed (if any). Precondition: on the strand.
  void cancel();
  /// Whether no arm or cancel came after the one that gave `generation`.
  bool current(uint64_t generation) const { return generation == generation_; }

 private:
  const TableStrand& strand_;
  boost::asio::steady_timer timer_;
  uint64_t generation_ = 0;
};

}  // namespace pg
