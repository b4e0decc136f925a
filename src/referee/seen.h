// What one audience is told: the per-audience form of the events. Everything in this file is
// safe to send to its audience; it is produced only by project() in visibility.h.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/assert.h"
#include "rules/game.h"
#include "rules/rules.h"
#include "rules/types.h"

namespace pg {

enum class Audience : uint8_t { Black = 0, White = 1, Spectator = 2 };
inline constexpr int kNumAudiences = 3;
std::string_view audienceName(Audience a);
/// Precondition: c is Black or White.
constexpr Audience audienceOf(Color c) {
  PG_ASSERT(isStone(c), "audienceOf takes a player's colour");
  return c == Color::Black ? Audience::Black : Audience::White;
}
/// The seat colour of a player audience; Empty for spectators.
constexpr Color colorOf(Audience a) {
  return a == Audience::Black ? Color::Black : a == Audience::White ? Color::White : Color::Empty;
}

/// One turn of the whole story, revealed at the end: the tries the player had rejected, then
/// how the turn ended.
struct TurnRecord {
  enum class End : uint8_t { Stone, Pass, Resign, Timeout, Abandoned, Aborted, NoShow, Unfinished };
  Color player = Color::Black;
  std::vector<Point> rejected;  ///< in the order they were tried
  End end = End::Unfinished;
  Point point = kNoPoint;       ///< End::Stone
  std::vector<Point> captured;  ///< End::Stone
  bool operator==(const TurnRecord&) const = default;
};
std::string_view turnEndName(TurnRecord::End e);

/// The whole story, public once the game is over.
struct Reveal {
  std::vector<Color> board;     ///< the real final board, index = point
  std::vector<Point> handicap;  ///< Black's handicap stones
  std::vector<TurnRecord> turns;
  Result result;
  Score score;  ///< the area score of the final board (also given after resignation or time)
  bool operator==(const Reveal&) const = default;
};

enum class SeenKind : uint8_t {
  Stone,     ///< (to the mover) your try was legal; the stone is on your board
  Illegal,   ///< (to the mover) your try at `point` was illegal
  Moved,     ///< (to others) `player` played a stone somewhere
  Rejected,  ///< (to others) `player` had a try rejected
  Pass,      ///< `player` passed
  Resign,    ///< `player` resigned
  Timeout,   ///< `player` ran out of time
  Abandon,   ///< `player` (on turn) stayed away and the opponent ended the game
  Abort,     ///< `player` aborted the game before each side had moved once
  NoShow,    ///< `player` (on turn) made no first move in time and the game was aborted
  Mark,      ///< (to the owner) your guess mark at `point` was set or cleared
  End,       ///< the game is over; `reveal` holds the whole story
};
std::string_view seenKindName(SeenKind k);

struct SeenEvent {
  SeenKind kind = SeenKind::Pass;
  Color player = Color::Black;  ///< who acted
  Point point = kNoPoint;       ///< Stone, Illegal, Mark only
  bool set = false;             ///< Mark only
  /// Stone, Moved: points of the stones removed by the capture; their colour is
  /// opponent(player). Sorted ascending.
  std::vector<Point> captured;
  int turn = 0;                          ///< completed turns after this event
  Color to_move = Color::Black;          ///< after this event (Empty once the game is over)
  std::shared_ptr<const Reveal> reveal;  ///< End only

  bool operator==(const SeenEvent& o) const {
    return kind == o.kind && player == o.player && point == o.point && set == o.set &&
           captured == o.captured && turn == o.turn && to_move == o.to_move &&
           (reveal == o.reveal || (reveal && o.reveal && *reveal == *o.reveal));
  }
};

}  // namespace pg
