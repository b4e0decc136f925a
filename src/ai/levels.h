// The ladder of the computer's levels that the site offers, weakest first (docs/bot.md,
// "The ladder"): each is a clear step above the one below it.
#pragma once

#include <string>
#include <vector>

namespace pg {

/// "beginner", "easy", "medium", "advanced", "hard": the names makePlayer takes, weakest first.
const std::vector<std::string>& computerLevels();

/// The level a new table against the computer gets when its setup names none.
inline constexpr const char* kDefaultLevel = "medium";

}  // namespace pg
