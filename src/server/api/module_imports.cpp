#include "server/api/module_imports.h"

#include <cctype>

namespace pg {

namespace {

bool identChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

}  // namespace

std::vector<std::string> staticImports(std::string_view source) {
  std::vector<std::string> out;
  std::size_t line_start = 0;
  while (line_start < source.size()) {
    auto line_end = source.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = source.size();
    const std::string_view line = source.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    const std::string_view lead = line.substr(first);
    if (lead.substr(0, 2) == "//" || lead.substr(0, 2) == "/*" || lead[0] == '*') continue;
    for (const std::string_view word : {std::string_view("from"), std::string_view("import")}) {
      std::size_t at = 0;
      while ((at = line.find(word, at)) != std::string_view::npos) {
        const std::size_t pos = at;
        at += word.size();
        if (pos > 0 && (identChar(line[pos - 1]) || line[pos - 1] == '.')) continue;
        std::size_t q = at;
        while (q < line.size() && (line[q] == ' ' || line[q] == '\t')) ++q;
        if (q >= line.size() || (line[q] != '"' && line[q] != '\'')) continue;
        const auto close = line.find(line[q], q + 1);
        if (close == std::string_view::npos) continue;
        out.emplace_back(line.substr(q + 1, close - q - 1));
      }
    }
  }
  return out;
}

}  // namespace pg
