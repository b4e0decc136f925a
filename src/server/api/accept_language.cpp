#include "server/api/accept_language.h"

#include <algorithm>
#include <cctype>

namespace pg {

std::string pickLanguage(std::string_view accept_language, const std::vector<std::string>& codes) {
  std::size_t at = 0;
  while (at < accept_language.size()) {
    auto end = accept_language.find(',', at);
    if (end == std::string_view::npos) end = accept_language.size();
    std::string_view tag = accept_language.substr(at, end - at);
    at = end + 1;
    tag = tag.substr(0, tag.find(';'));
    std::string base;
    for (const char c : tag) {
      if (c == '-' || c == '_') break;
      if (c != ' ' && c != '\t')
        base += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (std::find(codes.begin(), codes.end(), base) != codes.end()) return base;
  }
  return "en";
}

}  // namespace pg
