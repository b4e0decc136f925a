// The page's language from a request's Accept-Language header: the server preloads that
// language's files with the page (StaticFiles), as the page would load them at run time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// The first language of an Accept-Language header ("de-CH,de;q=0.9,en;q=0.8") among `codes`,
/// by its primary subtag, lower-cased; else "en".
std::string pickLanguage(std::string_view accept_language, const std::vector<std::string>& codes);

}  // namespace pg
