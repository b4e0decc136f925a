#include "gtp/gtp.h"

namespace pg::gtp {

std::string preprocess(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (const char ch : line) {
    if (ch == '#') break;
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '\t') {
      out += ' ';
    } else if (ch == '\n' || (u >= 32 && u != 127)) {
      out += ch;
    }
  }
  return out;
}

bool isId(std::string_view s) {
  if (s.empty()) return false;
  for (const char ch : s)
    if (ch < '0' || ch > '9') return false;
  return true;
}

std::optional<Command> parse(std::string_view line) {
  const std::string clean = preprocess(line);
  std::vector<std::string> words;
  std::string cur;
  for (const char ch : clean) {
    if (ch == ' ' || ch == '\n') {
      if (!cur.empty()) words.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) words.push_back(std::move(cur));
  if (words.empty()) return std::nullopt;
  Command c;
  std::size_t i = 0;
  if (isId(words[0])) c.id = words[i++];
  if (i < words.size()) c.name = words[i++];
  c.args.assign(words.begin() + static_cast<std::ptrdiff_t>(i), words.end());
  return c;
}

std::string respond(bool ok, std::string_view id, std::string_view text) {
  std::string out(1, ok ? '=' : '?');
  out += id;
  if (!text.empty()) {
    out += ' ';
    out += text;
  }
  out += "\n\n";
  return out;
}

}  // namespace pg::gtp
