// A computer player. Its only input is a View: what its seat was told. It never sees the real
// board; the wall is the type.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "referee/view.h"

namespace pg {

struct Action {
  enum class Kind : uint8_t { Try, Pass, Resign };
  Kind kind = Kind::Pass;
  Point point = kNoPoint;  ///< Try only
  static Action tryAt(Point p) { return Action{Kind::Try, p}; }
  static Action pass() { return Action{Kind::Pass, kNoPoint}; }
  static Action resign() { return Action{Kind::Resign, kNoPoint}; }
};

/// How long a player may think about one action.
struct SearchLimits {
  double seconds = 1.0;  ///< wall-clock budget for this action (0: no time limit)
  int playouts = 0;      ///< if > 0, a playout budget instead of time
  int threads = 1;
};

class Player {
 public:
  virtual ~Player() = default;
  /// The next action for view.self(), who is on turn. Never a point already tried this turn or
  /// one that holds a stone the view shows. Precondition: !view.over() && view.toMove() ==
  /// view.self().
  virtual Action choose(const View& view, const SearchLimits& limits) = 0;
  virtual std::string name() const = 0;
};

/// Makes a player from a name: "random" and the others the ai module provides. Returns null for
/// an unknown name.
std::unique_ptr<Player> makePlayer(std::string_view name, uint64_t seed);

}  // namespace pg
