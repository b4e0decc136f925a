// A computer player. Its only input is a View: what its seat was told. It never sees the real
// board; the wall is the type.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

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
  /// The most this action may take, whatever a player saved earlier (0: no bound). A table
  /// with a running clock sets it, so that saved time never runs the clock out.
  double max_seconds = 0;
};

/// What a player's last choose() did, for the match's measurements. Empty for players that
/// do not search.
struct SearchDiagnostics {
  std::vector<float> belief;  ///< per point: share of the samples with a hidden stone there
  int64_t playouts = 0;
  double seconds = 0;  ///< time spent in the search
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
  /// Diagnostics of the last choose() (thread-safe; a copy).
  virtual SearchDiagnostics lastDiagnostics() const { return {}; }
};

/// Makes a player from a name: a level of the ladder (levels.h: "beginner" ... "hard"),
/// "default" (= "hard"), "v1" (the hard player of issue #14, frozen as the baseline of issue
/// #17), "v2" (the hard player of issue #17, frozen as the baseline of issue #40), "x-nets" (v2
/// with the learned networks, under test: docs/bot.md), "flatmc" or "random". Returns null for an
/// unknown name. choose() may be called from any thread; calls on one instance are serialised where
/// they share state.
std::unique_ptr<Player> makePlayer(std::string_view name, uint64_t seed);

/// Every name makePlayer knows, the ladder's levels first.
const std::vector<std::string>& playerNames();

/// The "random" player: a uniform point among those empty in its view and not tried this
/// turn; passes when none is left (random_player.cpp).
std::unique_ptr<Player> makeRandomPlayer(uint64_t seed);

}  // namespace pg
