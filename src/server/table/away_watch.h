// When a seat's player has been away long enough for the opponent to end the game
// (docs/protocol.md, "Abandoned games"). Plain arithmetic on times in milliseconds since the
// Unix epoch; the table feeds it presence changes and the starts of turns.
//
// The player on turn is "away" once no connection holds their seat. The opponent may end the
// game once that player has been away for the table's abandon time, counted from the later of
// the moment they left and the start of their turn: leaving while the opponent thinks costs
// nothing until one's own turn begins. A table loaded after a restart counts both seats away
// from the load, so the server's downtime is never charged.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "rules/types.h"

namespace pg {

class AwayWatch {
 public:
  /// Both seats away since `now`, and a turn that began at `now`.
  explicit AwayWatch(int64_t now) : away_since_{now, now}, turn_since_(now) {}

  /// The seat of colour c has (connected) or has not a connection now. A change of nothing
  /// keeps the earlier time.
  void presence(Color c, bool connected, int64_t now);
  /// A new turn began (a stone or a pass was stored, or the game started).
  void turnStarted(int64_t now) { turn_since_ = now; }
  /// When the running turn began (or the table was loaded, whichever was later).
  int64_t turnSince() const { return turn_since_; }

  /// Since when the seat has had no connection; nullopt while it has one.
  std::optional<int64_t> awaySince(Color c) const { return away_since_[index(c)]; }
  /// When the opponent of `on_turn` may end the game, after `after_ms` away; nullopt while
  /// `on_turn` is connected.
  std::optional<int64_t> claimableAt(Color on_turn, int64_t after_ms) const;

 private:
  static int index(Color c) { return c == Color::Black ? 0 : 1; }

  std::array<std::optional<int64_t>, 2> away_since_;
  int64_t turn_since_;
};

}  // namespace pg
