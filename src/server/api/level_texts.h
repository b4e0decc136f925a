// The computer's levels as the site names them: for each level of the ladder (ai/levels.h),
// weakest first, its name and one sentence on whom it suits, in each of the site's six
// languages. The text is web/i18n/levels.json, built into the server (the page loads the same
// file), and GET /api/info gives it as "levels".
#pragma once

#include <string_view>

#include "protocol/json.h"

namespace pg {

/// The file as it was built in.
std::string_view levelTextsJson();

/// The same, parsed once: [{"level": "beginner", "name": {"en": ..., ...}, "who": {...}}, ...].
const Json& levelTexts();

}  // namespace pg
