#include "rating/category.h"

#include <array>

namespace pg::rating {

namespace {

constexpr int64_t kRapidUnderMs = 15 * 60 * 1000;

constexpr std::array<std::pair<Board, std::string_view>, 3> kBoards{
    {{Board::Small, "small"}, {Board::Thirteen, "13"}, {Board::Nineteen, "19"}}};
constexpr std::array<std::pair<Speed, std::string_view>, 3> kSpeeds{
    {{Speed::Rapid, "rapid"},
     {Speed::Classical, "classical"},
     {Speed::Correspondence, "correspondence"}}};

}  // namespace

std::optional<Category> categoryOf(int size, std::optional<int64_t> main_ms,
                                   std::optional<int64_t> increment_ms, bool correspondence) {
  Category c;
  if (size >= 5 && size <= 9)
    c.board = Board::Small;
  else if (size == 13)
    c.board = Board::Thirteen;
  else if (size == 19)
    c.board = Board::Nineteen;
  else
    return std::nullopt;
  if (correspondence)
    c.speed = Speed::Correspondence;
  else if (main_ms && *main_ms + 40 * increment_ms.value_or(0) < kRapidUnderMs)
    c.speed = Speed::Rapid;
  else
    c.speed = Speed::Classical;
  return c;
}

std::string categoryName(const Category& c) {
  std::string out;
  for (const auto& [b, name] : kBoards)
    if (b == c.board) out = name;
  for (const auto& [s, name] : kSpeeds)
    if (s == c.speed) out += "-" + std::string(name);
  return out;
}

std::optional<Category> categoryFromName(std::string_view name) {
  for (const auto& [b, board] : kBoards)
    for (const auto& [s, speed] : kSpeeds)
      if (name == std::string(board) + "-" + std::string(speed)) return Category{b, s};
  return std::nullopt;
}

}  // namespace pg::rating
