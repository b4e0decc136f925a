// Helpers shared by the rules tests: ASCII boards, games set up from a picture, and a slow but
// obviously correct reference implementation of Go to compare the fast board against.
#pragma once

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/board.h"
#include "rules/game.h"
#include "rules/rules.h"
#include "rules/types.h"

namespace pg::test {

inline constexpr Color B = Color::Black;
inline constexpr Color W = Color::White;

/// Parses a point name or fails the test.
inline Point pt(std::string_view name, int size) {
  const auto p = parsePoint(name, size);
  EXPECT_TRUE(p.has_value()) << "bad point name " << name;
  return p.value_or(kPass);
}

/// A board from a picture; the labelled picture is shown in every message about it.
inline Board board(std::string_view ascii, Topology t = Topology::Planar) {
  return Board::fromAscii(ascii, t);
}

/// Removes blanks and newlines so two pictures can be compared whatever their spacing.
inline std::string squash(std::string_view s) {
  std::string out;
  for (char ch : s)
    if (ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t') out += ch;
  return out;
}

/// Asserts the board shows exactly `ascii` (spaces ignored).
#define EXPECT_BOARD(b, ascii)                                            \
  EXPECT_EQ(::pg::test::squash((b).toAscii()), ::pg::test::squash(ascii)) \
      << "board is\n"                                                     \
      << (b).toAsciiLabelled() << "expected\n"                            \
      << (ascii)

/// Asserts that checkConsistency() finds nothing, showing the board if it does.
#define EXPECT_CONSISTENT(b) \
  EXPECT_EQ((b).checkConsistency(), "") << "board is\n" << (b).toAsciiLabelled()

/// Plays the stones of `ascii` through `game` (Black and White alternately, passing when one
/// side has no stone left to put), so the game history holds only additions. Any legal picture
/// can be reached this way without a capture. Ends with `to_move` on turn (by one pass if needed).
/// Precondition: the game is fresh and has no handicap.
inline void setUpGame(Game& game, std::string_view ascii, Color to_move) {
  const Board target = Board::fromAscii(ascii, game.rules().topology);
  ASSERT_EQ(target.size(), game.rules().size);
  std::vector<Point> black, white;
  for (Point p = 0; p < target.numPoints(); ++p) {
    if (target.at(p) == Color::Black) black.push_back(p);
    if (target.at(p) == Color::White) white.push_back(p);
  }
  size_t ib = 0, iw = 0;
  while (ib < black.size() || iw < white.size()) {
    auto& list = game.toMove() == Color::Black ? black : white;
    auto& i = game.toMove() == Color::Black ? ib : iw;
    if (i < list.size()) {
      ASSERT_TRUE(game.isLegal(list[i])) << pointName(list[i], target.size());
      ASSERT_EQ(game.play(list[i]), 0);
      ++i;
    } else {
      game.pass();
    }
    ASSERT_FALSE(game.over());
  }
  if (game.toMove() != to_move) game.pass();
  ASSERT_FALSE(game.over());
  ASSERT_EQ(squash(game.board().toAscii()), squash(target.toAscii()));
}

/// Reference Go on a plain array: flood fills for everything. Slow and simple on purpose.
class NaiveBoard {
 public:
  NaiveBoard(int size, Topology t) : size_(size), torus_(t == Topology::Torus) {
    cells_.assign(static_cast<size_t>(size * size), Color::Empty);
  }
  explicit NaiveBoard(const Board& b) : NaiveBoard(b.size(), b.topology()) {
    for (Point p = 0; p < b.numPoints(); ++p) cells_[p] = b.at(p);
  }

  int size() const { return size_; }
  Color at(int p) const { return cells_[p]; }
  const std::vector<Color>& cells() const { return cells_; }

  std::vector<int> neighbours(int p) const {
    const int x = p % size_, y = p / size_;
    std::vector<int> out;
    const int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};
    for (int k = 0; k < 4; ++k) {
      int nx = x + dx[k], ny = y + dy[k];
      if (torus_) {
        nx = (nx + size_) % size_;
        ny = (ny + size_) % size_;
      } else if (nx < 0 || ny < 0 || nx >= size_ || ny >= size_) {
        continue;
      }
      out.push_back(ny * size_ + nx);
    }
    return out;
  }

  /// For an eye of c at p: the opponent holds two of its diagonal points, or one where p is on
  /// the edge of a planar board (the usual rule of a false eye).
  bool isFalseEye(Color c, int p) const {
    const int x = p % size_, y = p / size_;
    int opp = 0;
    bool edge = false;
    for (int dx : {-1, 1}) {
      for (int dy : {-1, 1}) {
        int nx = x + dx, ny = y + dy;
        if (torus_) {
          nx = (nx + size_) % size_;
          ny = (ny + size_) % size_;
        } else if (nx < 0 || ny < 0 || nx >= size_ || ny >= size_) {
          edge = true;
          continue;
        }
        opp += cells_[ny * size_ + nx] == opponent(c);
      }
    }
    return opp >= (edge ? 1 : 2);
  }

  /// The chain through p and its liberties (distinct points).
  void chain(int p, std::vector<int>& stones, std::set<int>& libs) const {
    stones.clear();
    libs.clear();
    const Color c = cells_[p];
    std::vector<char> seen(cells_.size(), 0);
    std::vector<int> stack{p};
    seen[p] = 1;
    while (!stack.empty()) {
      const int s = stack.back();
      stack.pop_back();
      stones.push_back(s);
      for (int q : neighbours(s)) {
        if (cells_[q] == Color::Empty) libs.insert(q);
        if (cells_[q] == c && !seen[q]) {
          seen[q] = 1;
          stack.push_back(q);
        }
      }
    }
  }
  int liberties(int p) const {
    std::vector<int> stones;
    std::set<int> libs;
    chain(p, stones, libs);
    return static_cast<int>(libs.size());
  }

  /// Plays c at p (must be empty), removes captured chains, and reports whether the result is
  /// suicide (in which case the board is left unchanged). Returns the captured points.
  bool play(Color c, int p, std::vector<int>* captured = nullptr) {
    const auto before = cells_;
    cells_[p] = c;
    std::vector<int> removed;
    for (int q : neighbours(p)) {
      if (cells_[q] != opponent(c)) continue;
      std::vector<int> stones;
      std::set<int> libs;
      chain(q, stones, libs);
      if (libs.empty())
        for (int s : stones) {
          cells_[s] = Color::Empty;
          removed.push_back(s);
        }
    }
    if (liberties(p) == 0) {
      cells_ = before;
      return false;
    }
    if (captured) *captured = removed;
    return true;
  }

 private:
  int size_;
  bool torus_;
  std::vector<Color> cells_;
};

}  // namespace pg::test
