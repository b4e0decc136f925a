// A table's setup, chosen at creation: rules, mode, the computer's seat, the clock and the
// players' display names. Its JSON form is both the create request's and the stored one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/levels.h"
#include "protocol/json.h"
#include "rules/rules.h"

namespace pg {

enum class TableMode : uint8_t { Online, Computer, Hotseat };
std::string_view tableModeName(TableMode m);  ///< "online" | "computer" | "hotseat"

/// A Fischer clock (main time plus increment), or a correspondence clock: at most
/// `days_per_move` days for each move, set back to that after each of your turns. The latter is
/// run as a Fischer clock with main = increment = cap = the move's days
/// (server/table/fischer_clock.h).
struct ClockSetup {
  int64_t main_ms = 0;       ///< > 0
  int64_t increment_ms = 0;  ///< >= 0
  int days_per_move = 0;     ///< 0: Fischer; else correspondence, one of correspondenceDays()

  bool correspondence() const { return days_per_move > 0; }
  /// The most time a player may hold: a move's days for correspondence, else 0 (no cap).
  int64_t capMs() const { return correspondence() ? main_ms : 0; }
  bool operator==(const ClockSetup&) const = default;
};

/// The days per move a correspondence clock may have: 1, 2, 3 and 7.
const std::vector<int>& correspondenceDays();
/// A correspondence clock of `days` per move. Precondition: days is one of correspondenceDays().
ClockSetup correspondenceClock(int days);

struct ComputerSetup {
  Color color = Color::White;            ///< the computer's colour
  std::string strength = kDefaultLevel;  ///< a name of computerLevels() (ai/levels.h)
  bool operator==(const ComputerSetup&) const = default;
};

struct TableSetup {
  Rules rules;
  TableMode mode = TableMode::Online;
  std::optional<ComputerSetup> computer;  ///< set exactly when mode is Computer
  std::optional<ClockSetup> clock;
  std::string black_name = "Black";
  std::string white_name = "White";
  /// A rated game (docs/protocol.md, "Rated games"): chosen at creation by a signed-in player,
  /// between people online or against a computer level; plain Phantom Go on a board that has a
  /// rating category, without handicap, Atari Go or torus.
  bool rated = false;
  bool operator==(const TableSetup&) const = default;

  /// Whether a person (not the computer) holds the seat of colour c.
  bool isHuman(Color c) const { return !computer || computer->color != c; }
  /// Whether the clock waits until each side has moved once (an online table with a live
  /// Fischer clock: the creator of a lobby game may not be at the board yet when it starts).
  /// Until then the player on turn has a time for the first move instead (ServerSettings::
  /// first_move_ms), and the game is aborted if it passes.
  bool clockWaitsForFirstMoves() const {
    return mode == TableMode::Online && clock && !clock->correspondence();
  }
};

/// The rating category of a rated game ("small-rapid", ...: rating/category.h), or nullopt for a
/// game that is not rated.
std::optional<std::string> ratingCategoryOf(const TableSetup& s);

/// The strengths a computer seat may have, in order.
const std::vector<std::string>& computerStrengths();

/// Parses a create request or a stored setup: {rules, mode, computer, clock, names}, every
/// field optional. Throws ProtocolError with a plain English reason.
TableSetup setupFromJson(const Json& j);
Json setupToJson(const TableSetup& s);
/// The computer's seat and level ({"color", "strength"}), or null between people.
Json computerToJson(const TableSetup& s);
/// The public form of a clock (the info, the game's story): {"kind":"fischer","main_seconds",
/// "increment_seconds"}, {"kind":"correspondence","days_per_move"} or null. setupToJson stores
/// it without "kind"; setupFromJson reads either.
Json clockSetupToJson(const std::optional<ClockSetup>& c);

}  // namespace pg
