// Our bot speaking the engine protocol (docs/engine-protocol.md) as an engine: the other side
// is a referee. It folds what it is told into a View, exactly as the referee's own views do, and
// asks a Player for each genmove. No I/O beyond run(): tests drive handleLine().
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ai/player.h"
#include "referee/view.h"

namespace pg {

struct PhantomEngineOptions {
  std::string bot = "default";  ///< a makePlayer name
  uint64_t seed = 1;
  SearchLimits limits;
  Rules rules;  ///< the initial rules; boardsize/komi/phantom_* change them
};

class PhantomEngine {
 public:
  /// Throws std::invalid_argument for an unknown bot name.
  explicit PhantomEngine(const PhantomEngineOptions& options);

  /// One command line in, the whole response out ("=id ...\n\n" or "?id ...\n\n"), or an empty
  /// string for a blank or comment line.
  std::string handleLine(std::string_view line);
  /// Reads commands until end of input or `quit`.
  void run(std::istream& in, std::ostream& out);
  bool quitRequested() const { return quit_; }

  static const std::vector<std::string>& commandNames();

 private:
  std::string execute(const std::string& cmd, const std::vector<std::string>& args, bool* ok);
  /// The view for `self`, created on first use (the colour is learnt from the first command
  /// that names one).
  View& viewFor(Color self);
  void apply(SeenKind kind, Color player, Point point, std::vector<Point> captured);
  void newGame();

  PhantomEngineOptions opt_;
  std::unique_ptr<Player> player_;
  std::optional<View> view_;
  Point pending_ = kNoPoint;  // the point of our last genmove, waiting for its result
  Color to_move_ = Color::Black;
  int turn_ = 0;
  bool quit_ = false;
};

}  // namespace pg
