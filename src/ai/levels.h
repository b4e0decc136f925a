// The ladder of the computer's levels that the site offers, weakest first (docs/bot.md,
// "The ladder"): each is a clear step above the one below it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// "beginner", "easy", "medium", "advanced", "hard": the names makePlayer takes, weakest first.
const std::vector<std::string>& computerLevels();

/// The power to which `level`'s story belief raises the opponent model's gammas on a board of
/// `size` (SearchParams::model_power; 2 for "hard" and "default", 1 for the others): what the
/// heat map of a game against that level uses (belief_map.h).
double beliefModelPower(std::string_view level, int size);

/// The power of the belief network's map that guides `level`'s story on a board of `size`
/// (SearchParams::guide_power; 0 when no network is installed or the level does not use it on
/// that size: hard uses it on 13x13 to 15x15): what its heat map uses too.
double beliefGuidePower(std::string_view level, int size);

/// The level a new table against the computer gets when its setup names none.
inline constexpr const char* kDefaultLevel = "medium";

}  // namespace pg
