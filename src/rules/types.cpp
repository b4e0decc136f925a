#include "rules/types.h"

#include <cctype>

namespace pg {

namespace {
constexpr char kColumns[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";  // 25 letters, no I

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}
}  // namespace

std::string_view colorName(Color c) {
  switch (c) {
    case Color::Black:
      return "black";
    case Color::White:
      return "white";
    case Color::Empty:
      return "empty";
    case Color::Off:
      return "off";
  }
  return "?";
}

std::optional<Color> parseColor(std::string_view s) {
  const std::string l = lower(s);
  if (l == "b" || l == "black") return Color::Black;
  if (l == "w" || l == "white") return Color::White;
  return std::nullopt;
}

std::string pointName(Point p, int size) {
  if (p == kPass) return "pass";
  if (p < 0 || p >= size * size) return "?";
  std::string out(1, kColumns[p % size]);
  out += std::to_string(p / size + 1);
  return out;
}

std::optional<Point> parsePoint(std::string_view s, int size) {
  const std::string l = lower(s);
  if (l == "pass") return kPass;
  if (l.size() < 2 || l.size() > 3) return std::nullopt;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(l[0])));
  int x = -1;
  for (int i = 0; i < size && i < kMaxSize; ++i)
    if (kColumns[i] == letter) x = i;
  if (x < 0) return std::nullopt;
  int y = 0;
  for (size_t i = 1; i < l.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(l[i]))) return std::nullopt;
    y = y * 10 + (l[i] - '0');
  }
  if (l[1] == '0' || y < 1 || y > size) return std::nullopt;
  return static_cast<Point>((y - 1) * size + x);
}

}  // namespace pg
