// A client's fold of the messages one seat receives (snapshot and events, docs/protocol.md):
// the version, its own stones, the points tried this turn, who is on turn. Enough for the tests
// and the latency tool to choose tries the server will not refuse as bad input.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "protocol/json.h"
#include "rules/types.h"

namespace pg {

class SeatTracker {
 public:
  /// `seat` is "black", "white" or "spectator".
  SeatTracker(std::string seat, int size);

  /// Folds a snapshot or an event addressed to this seat; returns false (and changes nothing)
  /// for any other message. Throws std::runtime_error if an event's version is not the next.
  bool apply(const Json& msg);

  const std::string& seat() const { return seat_; }
  /// A snapshot has been folded. Until then version() is 0 without anything behind it (not even
  /// who is on turn), so a client must rejoin without `last_version` (docs/protocol.md,
  /// "Reconnecting").
  bool synced() const { return synced_; }
  int version() const { return version_; }
  /// "black", "white", or "" once over or before the first snapshot.
  const std::string& toMove() const { return to_move_; }
  bool over() const { return over_; }
  int turn() const { return turn_; }
  const std::set<std::string>& ownStones() const { return own_; }
  /// Points a try may name now: not an own stone, not a handicap stone, not tried this turn.
  std::vector<std::string> candidates() const;
  /// Every event received, in order, as JSON (the "event" objects).
  const std::vector<Json>& events() const { return events_; }

 private:
  std::string seat_;
  int size_;
  int version_ = 0;
  int turn_ = 0;
  bool over_ = false;
  bool synced_ = false;
  std::string to_move_;
  std::set<std::string> own_;
  std::set<std::string> handicap_;
  std::set<std::string> tried_;
  std::vector<Json> events_;
};

}  // namespace pg
