// The fast board: stones, chains, pseudo-liberties, captures, simple ko and a Zobrist hash.
// It knows almost no rules: it does not know whose turn it is, superko, passes or the end of
// the game (see game.h). Precondition for every Point argument: 0 <= p < numPoints() unless
// the comment says otherwise.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/types.h"

namespace pg {

enum class Topology : uint8_t { Planar, Torus };

/// Neighbour tables for one (size, topology). Shared by every board of that shape; immutable.
struct Geometry {
  int size = 0;
  int num_points = 0;
  Topology topology = Topology::Planar;
  /// Four neighbours of each point. On a planar board a missing neighbour is kOffBoard.
  std::array<std::array<Point, 4>, kMaxPoints> nbr{};
  /// Four diagonal neighbours (same convention).
  std::array<std::array<Point, 4>, kMaxPoints> diag{};

  /// The shared geometry of a shape. Precondition: kMinSize <= size <= kMaxSize.
  static const Geometry& get(int size, Topology topology);
};

/// 64-bit Zobrist keys of (colour, point). Positional: the side to move is not hashed.
uint64_t zobristKey(Color c, Point p);

class Board {
 public:
  /// An empty board. Precondition: kMinSize <= size <= kMaxSize.
  Board(int size, Topology topology);
  Board(const Board& other) { *this = other; }
  /// Copies only the part of the arrays that the board's size uses.
  Board& operator=(const Board& other);

  int size() const { return geo_->size; }
  int numPoints() const { return geo_->num_points; }
  Topology topology() const { return geo_->topology; }
  const Geometry& geometry() const { return *geo_; }
  Point point(int x, int y) const { return static_cast<Point>(y * geo_->size + x); }
  int xOf(Point p) const { return p % geo_->size; }
  int yOf(Point p) const { return p / geo_->size; }

  /// Colour at p; kOffBoard gives Color::Off.
  Color at(Point p) const { return color_[p]; }
  const std::array<Point, 4>& neighbours(Point p) const { return geo_->nbr[p]; }
  int stoneCount(Color c) const { return stones_[static_cast<int>(c)]; }
  uint64_t hash() const { return hash_; }

  /// Empty points, in no particular order. 0 <= i < numEmpty().
  int numEmpty() const { return num_empty_; }
  Point emptyAt(int i) const { return empty_[i]; }
  /// Swaps two entries of the empty list (changes only its order; for samplers).
  void swapEmpty(int i, int j);

  /// The point that `ko_color` may not play at because of simple ko, or kNoPoint. Set by a play
  /// that captured exactly one stone with a single stone left in atari; cleared by every play.
  Point koPoint() const { return ko_point_; }
  Color koColor() const { return ko_color_; }
  void clearKo() { ko_point_ = kNoPoint; }

  /// True if c at p would leave its own chain without liberties after captures.
  /// Precondition: p is empty (the answer for an occupied point is meaningless but safe).
  bool isSuicide(Color c, Point p) const {
    return (nbr_count_[p] & kEmptyMask) == 0 && isSuicideSlow(c, p);
  }
  /// Empty, not suicide, and not the simple-ko point for c. Superko is the game's business.
  bool isLegal(Color c, Point p) const {
    return color_[p] == Color::Empty && !(p == ko_point_ && c == ko_color_) && !isSuicide(c, p);
  }
  /// Every on-board neighbour of p is a stone of colour c (a one-point eye, maybe false).
  bool isOnePointEye(Color c, Point p) const {
    return (nbr_count_[p] & (kEmptyMask | colorMask(opponent(c)))) == 0;
  }
  /// Number of neighbours of p of colour c (Off counts the edges of a planar board).
  int neighbourCount(Point p, Color c) const {
    return (nbr_count_[p] >> (4 * static_cast<int>(c))) & 0xF;
  }
  /// Hash of the position after c plays at p, captures included. Precondition: isLegal
  /// ignoring ko (the answer is meaningless but safe otherwise).
  uint64_t hashAfter(Color c, Point p) const;
  /// Number of stones c at p would capture (0 if none). Same precondition as hashAfter.
  int wouldCapture(Color c, Point p) const;

  /// Plays c at p, removes captured opponent chains, updates ko. Returns the number of stones
  /// captured and, if `captured` is not null, writes their points there (room for numPoints()).
  /// Precondition: isLegal(c, p) ignoring ko (the ko rule is the caller's choice).
  int play(Color c, Point p, Point* captured = nullptr);
  /// Puts a stone without capturing anything (setup: handicap, ASCII boards). Precondition:
  /// p is empty and every chain keeps at least one liberty afterwards.
  void place(Color c, Point p);

  /// Chain queries. Precondition: at(p) is a stone.
  Point chainHead(Point p) const { return chain_[p]; }
  int chainSize(Point p) const { return info_[chain_[p]].stones; }
  bool inAtari(Point p) const { return inAtariHead(chain_[p]); }
  /// Exact liberty count (walks the chain).
  int liberties(Point p) const;
  /// Next stone of p's chain (a circular list).
  Point nextInChain(Point p) const { return next_[p]; }

  /// Rebuilds every derived structure from the colours and compares. Returns an empty string if
  /// consistent, else a description of the first difference.
  std::string checkConsistency() const;

  /// Rows from the top, 'X' black, 'O' white, '.' empty, one space between points, no labels.
  std::string toAscii() const;
  /// The same with GTP coordinates around it.
  std::string toAsciiLabelled() const;
  /// Parses rows as toAscii prints them (spaces optional; '+' counts as empty). Stones are
  /// placed, not played. Throws std::invalid_argument on a malformed picture or a chain without
  /// liberties.
  static Board fromAscii(std::string_view text, Topology topology = Topology::Planar);

 private:
  struct ChainInfo {
    uint16_t stones;
    uint16_t libs;   // pseudo-liberties: (stone, empty neighbour) adjacencies
    uint32_t sum;    // sum of the pseudo-liberty points
    uint32_t sumsq;  // sum of their squares
  };

  static constexpr uint16_t kEmptyMask = 0x000F;
  static constexpr uint16_t colorMask(Color c) {
    return static_cast<uint16_t>(0xF << (4 * static_cast<int>(c)));
  }
  static constexpr uint16_t colorUnit(Color c) {
    return static_cast<uint16_t>(1 << (4 * static_cast<int>(c)));
  }
  bool isSuicideSlow(Color c, Point p) const;
  bool inAtariHead(Point h) const {
    const ChainInfo& ci = info_[h];
    return static_cast<uint64_t>(ci.libs) * ci.sumsq == static_cast<uint64_t>(ci.sum) * ci.sum;
  }
  void addLib(Point h, Point lib) {
    ChainInfo& ci = info_[h];
    ++ci.libs;
    ci.sum += static_cast<uint32_t>(lib);
    ci.sumsq += static_cast<uint32_t>(lib) * static_cast<uint32_t>(lib);
  }
  void removeLib(Point h, Point lib) {
    ChainInfo& ci = info_[h];
    --ci.libs;
    ci.sum -= static_cast<uint32_t>(lib);
    ci.sumsq -= static_cast<uint32_t>(lib) * static_cast<uint32_t>(lib);
  }
  void removeEmpty(Point p);
  void addEmpty(Point p);
  void merge(Point a, Point b);
  int removeChain(Point h, Point* out);

  const Geometry* geo_;
  int num_empty_ = 0;
  uint64_t hash_ = 0;
  Point ko_point_ = kNoPoint;
  Color ko_color_ = Color::Empty;
  std::array<int, 4> stones_{};
  std::array<Color, kMaxPoints + 1> color_;
  std::array<Point, kMaxPoints + 1> chain_;
  std::array<Point, kMaxPoints> next_;
  std::array<ChainInfo, kMaxPoints> info_;
  std::array<Point, kMaxPoints> empty_;
  std::array<int16_t, kMaxPoints> empty_pos_;
  // Per point, the number of neighbours of each colour, 4 bits each: empty, black, white, off.
  std::array<uint16_t, kMaxPoints> nbr_count_;
};

}  // namespace pg
