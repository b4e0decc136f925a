// Abandoned games as a feature (docs/protocol.md, "Abandoned games"): at an online table without
// a clock, the player on turn who stays away long enough (AwayWatch counts it) lets the opponent
// end the game. The feature keeps the away times up to date with who is connected, publishes the
// moment the opponent may end the game (a wake-up then), and says who may claim the win now.
#pragma once

#include <cstdint>
#include <optional>

#include "server/table/away_watch.h"
#include "server/table/clock_timer.h"
#include "server/table/public_info.h"
#include "server/table/table_host.h"
#include "server/table/table_strand.h"

namespace pg {

class AbandonFeature {
 public:
  /// Both seats away, and a turn begun, since `now` (a table just loaded).
  AbandonFeature(TableHost& host, const TableStrand& strand, int64_t now);

  /// Whether the rule applies here: an online table without a clock.
  bool applies() const;
  /// The seat that may end the game at `now` because the player on turn stayed away, if any.
  std::optional<Color> mayClaim(int64_t now) const;
  /// Brings the away times up to date with who is connected, and nothing else (no timer: it may
  /// run before the table is on its strand, as when a load builds the first info).
  void sync(int64_t now);
  /// As sync(), and arms the wake-up that publishes the moment the opponent may end the game.
  /// Precondition: on the strand.
  void watch(int64_t now);
  /// Cancels the wake-up (the game ended, or the table closed). Precondition: on the strand.
  void stop() { timer_.cancel(); }
  /// A new turn began at `now` (a stone or a pass was stored, or the game started).
  void turnStarted(int64_t now) { away_.turnStarted(now); }
  /// When the running turn began (or the table was loaded, whichever was later).
  int64_t turnSince() const { return away_.turnSince(); }
  /// The public side, as of `now`.
  AwayInfo info(int64_t now) const;

 private:
  TableHost& host_;
  AwayWatch away_;
  ClockTimer timer_;
};

}  // namespace pg
