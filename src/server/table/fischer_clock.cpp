#include "server/table/fischer_clock.h"

#include <algorithm>

#include "rules/assert.h"

namespace pg {

namespace {
int idx(Color c) {
  return c == Color::Black ? 0 : 1;
}
}  // namespace

FischerClock::FischerClock(int64_t main_ms, int64_t increment_ms, int64_t cap_ms)
    : main_ms_(main_ms), increment_ms_(increment_ms), cap_ms_(cap_ms), left_{main_ms, main_ms} {
  PG_ASSERT(main_ms > 0 && increment_ms >= 0 && (cap_ms == 0 || cap_ms >= main_ms),
            "a clock needs main time, no negative increment, and no cap below the main time");
}

void FischerClock::start(Color to_move, int64_t now) {
  if (started_) return;
  started_ = true;
  running_ = to_move;
  turn_start_ = now;
}

void FischerClock::switchTurn(int64_t now) {
  if (running_ == Color::Empty) return;
  left_[idx(running_)] -= now - turn_start_;
  left_[idx(running_)] += increment_ms_;
  if (cap_ms_ > 0) left_[idx(running_)] = std::min(left_[idx(running_)], cap_ms_);
  running_ = opponent(running_);
  turn_start_ = now;
}

void FischerClock::stop(int64_t now) {
  if (running_ == Color::Empty) return;
  left_[idx(running_)] -= now - turn_start_;
  running_ = Color::Empty;
}

void FischerClock::pause(int64_t from, int64_t to) {
  if (running_ != Color::Empty && to > from) turn_start_ += to - from;
}

int64_t FischerClock::remaining(Color c, int64_t now) const {
  const int64_t left = left_[idx(c)];
  return c == running_ ? left - (now - turn_start_) : left;
}

int64_t FischerClock::deadline() const {
  return turn_start_ + left_[idx(running_)];
}

}  // namespace pg
