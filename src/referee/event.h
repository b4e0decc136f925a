// The referee's append-only log: every accepted input, with its full-information outcome.
// This is what the server persists and what replay consumes. It is never sent to a player
// before the end of the game (see visibility.h for what each audience gets).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "rules/types.h"

namespace pg {

enum class EventKind : uint8_t {
  Try,      ///< a stone try: legal (played) or illegal (rejected)
  Pass,     ///< the player on turn passed
  Resign,   ///< a player resigned (on turn or not)
  Timeout,  ///< the player on turn ran out of time (reported by the server's clock)
  Abandon,  ///< the player on turn stayed away; the opponent ended the game (the server's call)
  Mark,     ///< a private guess mark was set or cleared
  Abort,    ///< a player cancelled the game before each side had moved once: no result
  NoShow,   ///< the player on turn made no first move in time; the server aborted (no result)
};
std::string_view eventKindName(EventKind k);

struct Event {
  EventKind kind = EventKind::Pass;
  Color player = Color::Black;
  Point point = kNoPoint;  ///< Try, Mark
  bool legal = false;      ///< Try: the outcome
  bool set = false;        ///< Mark: set (true) or cleared (false)
  /// Try (legal): the captured opponent stones, sorted ascending, so that the order never
  /// depends on how the hidden chain was built.
  std::vector<Point> captured;

  bool operator==(const Event&) const = default;
};

}  // namespace pg
