// A Fischer clock (main time plus an increment after each turn, optionally capped), as plain
// arithmetic on millisecond timestamps passed in by the caller, so that the table can run it live
// and rebuild it from stored event times after a restart.
//
// The cap bounds the time a player holds after the increment. A correspondence clock (N days per
// move) is main = increment = cap = N days: whatever is left of a move's days, each turn starts
// with N days again, and nothing accumulates.
//
// A turn ends with a legal stone or a pass; illegal tries do not stop the clock. When the server
// restarts, pause() removes the downtime from the running turn: clocks are paused while the
// server is down, and only the time up to the last stored instant is charged.
#pragma once

#include <cstdint>

#include "rules/types.h"

namespace pg {

class FischerClock {
 public:
  /// Precondition: main_ms > 0, increment_ms >= 0, cap_ms == 0 (no cap) or cap_ms >= main_ms.
  FischerClock(int64_t main_ms, int64_t increment_ms, int64_t cap_ms = 0);

  int64_t mainMs() const { return main_ms_; }
  int64_t incrementMs() const { return increment_ms_; }
  /// The most time a player holds after an increment; 0 for no cap.
  int64_t capMs() const { return cap_ms_; }

  /// Starts `to_move`'s time at `now`. Precondition: not started.
  void start(Color to_move, int64_t now);
  /// The running player's turn ended at `now`: their time is charged, the increment added (up to
  /// the cap), and the opponent's time runs from `now`. Does nothing when not running.
  void switchTurn(int64_t now);
  /// The game is over at `now`: charges the running player and stops.
  void stop(int64_t now);
  /// The time from `from` to `to` is not charged to the running player (server downtime).
  void pause(int64_t from, int64_t to);

  bool started() const { return started_; }
  /// The colour whose time runs; Empty before the start and after the end.
  Color running() const { return running_; }
  /// Time left for c at `now`; may be negative for the running player once expired.
  int64_t remaining(Color c, int64_t now) const;
  /// The instant at which the running player's time reaches zero. Precondition: running.
  int64_t deadline() const;

 private:
  int64_t main_ms_;
  int64_t increment_ms_;
  int64_t cap_ms_;
  int64_t left_[2];  // at the start of the running turn (or at the stop)
  int64_t turn_start_ = 0;
  bool started_ = false;
  Color running_ = Color::Empty;
};

}  // namespace pg
