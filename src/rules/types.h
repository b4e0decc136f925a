// Basic vocabulary of the rules core: points, colours, moves and coordinate names.
// No I/O, no threads, no JSON anywhere in src/rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

/// Marks a self-check that the fuzz targets run after every step (an oracle, not code to
/// explore): left out of libFuzzer's coverage instrumentation, which would otherwise spend most
/// of each execution tracing the check's own comparisons. The sanitizers still cover it.
#if defined(__clang__)
#define PG_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define PG_NO_COVERAGE
#endif

namespace pg {

/// The largest board the core supports. Tables allow 5..19; the core is tested up to 25.
inline constexpr int kMaxSize = 25;
inline constexpr int kMinSize = 5;
inline constexpr int kMaxPoints = kMaxSize * kMaxSize;

/// A point is an index y * size + x in [0, size*size). Row y = 0 is the bottom row ("1" in GTP).
using Point = int16_t;
/// The pass move.
inline constexpr Point kPass = -1;
/// "No point" (for example: no ko point).
inline constexpr Point kNoPoint = -2;
/// Index of the sentinel slot that planar neighbour tables point to at the edge.
inline constexpr Point kOffBoard = kMaxPoints;

enum class Color : uint8_t { Empty = 0, Black = 1, White = 2, Off = 3 };

/// Precondition: c is Black or White.
constexpr Color opponent(Color c) {
  return c == Color::Black ? Color::White : Color::Black;
}
constexpr bool isStone(Color c) {
  return c == Color::Black || c == Color::White;
}

/// "black" / "white" / "empty".
std::string_view colorName(Color c);
/// Accepts b, black, w, white (any case). Returns nullopt otherwise.
std::optional<Color> parseColor(std::string_view s);

/// GTP vertex name of a point on a board of the given size ("A1" is the lower-left corner,
/// the letter I is skipped). kPass gives "pass".
std::string pointName(Point p, int size);
/// Parses a GTP vertex ("D4", "d4", "pass"). Returns nullopt when it is malformed or off the
/// board.
std::optional<Point> parsePoint(std::string_view s, int size);

}  // namespace pg
