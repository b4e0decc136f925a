// A table's one write in flight, and the inputs held behind it. While a write (an append of
// events, or the start of the game) is in flight, every other input of the table waits here and
// runs in arrival order once the write is answered; so nobody hears of anything the store does
// not hold, and no input overtakes another.
//
// Used on the table's strand only.
#pragma once

#include <deque>
#include <functional>

#include "server/table/table_strand.h"

namespace pg {

class CommitQueue {
 public:
  explicit CommitQueue(const TableStrand& strand) : strand_(strand) {}

  bool inFlight() const { return in_flight_; }
  /// A write starts. Precondition: on the strand; no write in flight.
  void begin();
  /// The write in flight is answered. Precondition: on the strand; a write in flight.
  void end();
  /// Runs `f` now, or holds it until the write in flight is answered (and those held before it
  /// have run). Precondition: on the strand.
  void runOrDefer(std::function<void()> f);
  /// Holds `f` behind the write in flight. Precondition: on the strand; a write in flight.
  void hold(std::function<void()> f);
  /// Runs the held inputs in order, until one of them begins a write (the rest wait for that
  /// one in turn). Precondition: on the strand.
  void releaseHeld();

 private:
  const TableStrand& strand_;
  bool in_flight_ = false;
  std::deque<std::function<void()>> held_;
};

}  // namespace pg
