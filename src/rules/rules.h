// The rule variants of a table as one plain value type, with named presets.
// Its JSON form lives in the protocol module (protocol/rules_json.h), not here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/board.h"
#include "rules/types.h"

namespace pg {

enum class KoRule : uint8_t {
  PositionalSuperko,  ///< a stone play may not recreate any earlier whole-board position
  Simple,             ///< no immediate recapture of a single stone that just captured one stone
};

/// The largest board a table may use (the rule book: 5x5 to 19x19). The core itself works up to
/// kMaxSize.
inline constexpr int kMaxTableSize = 19;
/// The largest komi either way: more than any board needs (the fair komi of 5x5 under area
/// scoring is about 24), so that a slip of the keyboard (6,5 read as 65) is refused, not played.
inline constexpr double kMaxKomi = 30.0;

std::string_view koRuleName(KoRule k);  // "superko" | "simple"
std::optional<KoRule> parseKoRule(std::string_view s);
std::string_view topologyName(Topology t);  // "planar" | "torus"
std::optional<Topology> parseTopology(std::string_view s);

struct Rules {
  int size = 9;
  Topology topology = Topology::Planar;
  KoRule ko = KoRule::PositionalSuperko;
  /// Added to White's score. A multiple of 0.5, from -kMaxKomi to kMaxKomi.
  double komi = 7.5;
  /// 0, or 2..maxHandicap(size): Black's stones on the GTP fixed points, then White moves first.
  int handicap = 0;
  /// The first capture wins at once for the capturer.
  bool atari_go = false;
  /// Completed turns after which the game ends and is scored; 0 means 4 x points.
  int turn_cap = 0;

  bool operator==(const Rules&) const = default;

  int numPoints() const { return size * size; }
  int effectiveTurnCap() const { return turn_cap > 0 ? turn_cap : 4 * size * size; }
  /// 7.5, or 0.5 when handicap stones are placed.
  static double defaultKomi(int handicap) { return handicap > 0 ? 0.5 : 7.5; }

  /// nullopt when the rules are playable (size kMinSize..kMaxTableSize, komi a multiple of 0.5
  /// within kMaxKomi either way,
  /// a valid handicap, turn cap 0..100000); otherwise an English reason.
  std::optional<std::string> validate() const;

  /// Named presets: "standard" (9x9), "small" (7x7), "medium" (13x13), "large" (19x19),
  /// "atari" (9x9 Atari Go), "torus" (9x9 torus), "simple-ko" (9x9, simple ko).
  static std::optional<Rules> preset(std::string_view name);
  static std::vector<std::string> presetNames();
};

/// GTP v2 fixed_handicap limit: 0 below 7x7, 4 on 7x7 and even sizes, 9 on odd sizes from 9.
int maxHandicap(int size);
/// The GTP v2 fixed_handicap points, in GTP's order. Empty if n is not 2..maxHandicap(size).
std::vector<Point> handicapPoints(int n, int size);

}  // namespace pg
