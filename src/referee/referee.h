// The referee: the only way to drive a game. It keeps the real board (a Game), enforces "each
// point at most once a turn", refuses bad input, answers a real try with legal or illegal
// only, appends every accepted input to an append-only log and keeps, for each audience, the
// stream of events that audience was told (its version is the stream's length).
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "referee/event.h"
#include "referee/seen.h"
#include "referee/view.h"
#include "rules/assert.h"
#include "rules/game.h"

namespace pg {

/// Why an input was refused as bad input. A refusal changes nothing and tells nobody else.
/// None of these depends on hidden information: each is decided from the actor's own view.
enum class Refusal : uint8_t {
  GameOver,        ///< the game has ended
  NotYourTurn,     ///< the actor is not on turn
  OffBoard,        ///< the point is not on the board
  OwnStone,        ///< the point holds a stone the actor can see (own or handicap)
  AlreadyTried,    ///< the point was already tried this turn
  NoChange,        ///< a guess mark that is already set, or cleared when not set
  TooLateToAbort,  ///< an abort after each side has moved once
};
/// A name for logs and tests, e.g. "not-your-turn". What a client is told (its code and text)
/// is the error catalog's (protocol/errors.h: errorOf).
std::string_view refusalName(Refusal r);

/// The answer to an input: refused (bad input), or accepted. For a try, `legal` tells which.
struct Answer {
  std::optional<Refusal> refusal;
  bool legal = false;  ///< tries only
  bool accepted() const { return !refusal.has_value(); }
};

class Referee {
 public:
  /// Precondition: !rules.validate().
  explicit Referee(const Rules& rules);

  /// Rebuilds a game from its log. Throws std::invalid_argument if an event is refused or its
  /// recorded outcome differs from what the rules give.
  static Referee replay(const Rules& rules, const std::vector<Event>& log);

  // Inputs. Each either refuses (nothing changes) or appends one event to the log.
  Answer tryPoint(Color player, Point p);
  Answer pass(Color player);
  /// Either player, at any time before the end.
  Answer resign(Color player);
  /// The server's clock: the player on turn ran out of time.
  Answer timeout(Color player);
  /// The server: `player`, on turn, stayed away long enough for the opponent to end the game
  /// (Game::abandon). The server decides when; the referee only checks the turn.
  Answer abandon(Color player);
  /// Either player cancels the game before each side has moved once (Game::mayAbort): it ends
  /// without a result.
  Answer abortGame(Color player);
  /// The server: `player`, on turn, made no first move in the time allowed; the game ends without
  /// a result (Game::abortGame). The server decides when; the referee checks the turn and that
  /// the game may still be aborted.
  Answer noShow(Color player);
  /// A private guess mark of `player` at p (set or clear). Allowed on any point, at any time
  /// before the end.
  Answer mark(Color player, Point p, bool set);
  /// Re-applies a logged event (replay). Checks the recorded outcome.
  Answer apply(const Event& e);

  const Rules& rules() const { return game_.rules(); }
  Color toMove() const { return game_.over() ? Color::Empty : game_.toMove(); }
  int turn() const { return game_.turnsPlayed(); }
  bool over() const { return game_.over(); }
  /// Precondition: over().
  const Result& result() const {
    PG_ASSERT(over(), "a result exists only after the end");
    return game_.result();
  }
  /// Tries the player on turn has made this turn (count only: public).
  int triesThisTurn() const { return static_cast<int>(tried_list_.size()); }

  /// The full-information log. Server-side only (persistence, replay); never sent to a player
  /// before the end.
  const std::vector<Event>& log() const { return log_; }
  /// The real game. For the match referee, the belief measurement and tests; never to be
  /// serialised for a player.
  const Game& realGame() const { return game_; }

  /// Everything `a` was told, in order. Event i has version i + 1.
  const std::vector<SeenEvent>& seen(Audience a) const { return view(a).events(); }
  int version(Audience a) const { return static_cast<int>(seen(a).size()); }
  /// The audience's current view (the fold of seen(a)).
  const View& view(Audience a) const { return views_[static_cast<int>(a)]; }

  /// The whole story; available once over().
  Reveal buildReveal() const;

 private:
  std::optional<Refusal> checkTry(Color player, Point p) const;
  void record(Event e);

  Game game_;
  std::vector<uint8_t> tried_;     // points tried this turn by the player on turn
  std::vector<Point> tried_list_;  // the same, in order (to reset cheaply)
  std::vector<uint8_t> marks_[2];  // guess marks of Black and White
  std::vector<Event> log_;
  std::vector<View> views_;
};

}  // namespace pg
