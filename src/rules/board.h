// The fast board: stones, chains, pseudo-liberties, captures, simple ko and a Zobrist hash.
// It knows almost no rules: it does not know whose turn it is, superko, passes or the end of
// the game (see game.h). Precondition for every Point argument: 0 <= p < numPoints() unless
// the comment says otherwise.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "rules/assert.h"
#include "rules/random.h"
#include "rules/types.h"

namespace pg {

enum class Topology : uint8_t { Planar, Torus };

/// Which of its own one-point eyes a random playout may fill. KeepAll: none (issue #14's
/// playouts, which `bot:v1` keeps). FillFalse: the false ones (the usual rule of Monte-Carlo
/// Go programs: a chain whose eyes are false is not alive, and filling them lets the other
/// side capture it, where keeping them can leave two kos to cycle until the move limit).
enum class PlayoutEyes : uint8_t { KeepAll, FillFalse };

/// Neighbour tables for one (size, topology). Shared by every board of that shape; immutable.
struct Geometry {
  int size = 0;
  int num_points = 0;
  Topology topology = Topology::Planar;
  /// Four neighbours of each point. On a planar board a missing neighbour is kOffBoard.
  std::array<std::array<Point, 4>, kMaxPoints> nbr{};
  /// Four diagonal neighbours of each point. On a planar board a missing one is kOffBoard.
  std::array<std::array<Point, 4>, kMaxPoints> diag{};

  /// The shared geometry of a shape. Precondition: kMinSize <= size <= kMaxSize.
  static const Geometry& get(int size, Topology topology);
};

namespace detail {

struct ZobristTable {
  std::array<std::array<uint64_t, kMaxPoints>, 3> key{};
};

// Built at compile time, so a lookup is one load (no guard of a function-local static).
constexpr ZobristTable makeZobristTable() {
  ZobristTable t;
  uint64_t s = 0x5048414E544F4D31ULL;  // fixed seed: hashes are stable across runs and builds
  for (auto& row : t.key)
    for (auto& k : row) k = splitmix64(s);
  return t;
}

inline constexpr ZobristTable kZobrist = makeZobristTable();

/// {1, q, q * q, 0} for every point q and kOffBoard: the chain lanes of one pseudo-liberty at
/// q (one load, where building the vector from q takes several instructions).
struct alignas(16) LibRow {
  uint32_t v[4];
};
constexpr std::array<LibRow, kMaxPoints + 1> makeLibTable() {
  std::array<LibRow, kMaxPoints + 1> t{};
  for (uint32_t q = 0; q < t.size(); ++q) t[q] = LibRow{{1, q, q * q, 0}};
  return t;
}

inline constexpr std::array<LibRow, kMaxPoints + 1> kLibTable = makeLibTable();

}  // namespace detail

/// 64-bit Zobrist keys of (colour, point). Positional: the side to move is not hashed.
/// Precondition: c is Empty, Black or White.
inline uint64_t zobristKey(Color c, Point p) {
  PG_ASSERT(c == Color::Empty || isStone(c), "zobristKey: colour is Off");
  return detail::kZobrist.key[static_cast<int>(c)][p];
}

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
  Point point(int x, int y) const {
    PG_ASSERT(x >= 0 && x < geo_->size && y >= 0 && y < geo_->size, "point: (x, y) off the board");
    return static_cast<Point>(y * geo_->size + x);
  }
  /// 0 <= p < numPoints(): the precondition of every Point argument below.
  bool onBoard(Point p) const { return p >= 0 && p < geo_->num_points; }
  int xOf(Point p) const { return p % geo_->size; }
  int yOf(Point p) const { return p / geo_->size; }

  /// Colour at p; kOffBoard gives Color::Off.
  Color at(Point p) const { return color_[p]; }
  const std::array<Point, 4>& neighbours(Point p) const { return geo_->nbr[p]; }
  int stoneCount(Color c) const { return stones_[static_cast<int>(c)]; }
  uint64_t hash() const { return hash_; }

  /// Empty points, in no particular order. 0 <= i < numEmpty().
  int numEmpty() const { return num_empty_; }
  Point emptyAt(int i) const {
    PG_ASSERT(i >= 0 && i < num_empty_, "emptyAt: index out of the empty list");
    return empty_[i];
  }
  /// Swaps two entries of the empty list (changes only its order; for samplers).
  void swapEmpty(int i, int j) {
    PG_ASSERT(i >= 0 && i < num_empty_ && j >= 0 && j < num_empty_,
              "swapEmpty: index out of the empty list");
    const Point a = empty_[i], b = empty_[j];
    empty_[i] = b;
    empty_[j] = a;
    empty_pos_[b] = static_cast<int16_t>(i);
    empty_pos_[a] = static_cast<int16_t>(j);
  }

  /// The point that `ko_color` may not play at because of simple ko, or kNoPoint. Set by a play
  /// that captured exactly one stone with a single stone left in atari; cleared by every play.
  Point koPoint() const { return ko_point_; }
  Color koColor() const { return ko_color_; }
  void clearKo() { ko_point_ = kNoPoint; }

  /// True if c at p would leave its own chain without liberties after captures.
  /// Precondition: p is empty (the answer for an occupied point is meaningless but safe).
  bool isSuicide(Color c, Point p) const {
    PG_ASSERT(onBoard(p) && isStone(c), "isSuicide: point off the board or not a colour");
    return (nbr_count_[p] & kEmptyMask) == 0 && isSuicideSlow(c, p);
  }
  /// Empty, not suicide, and not the simple-ko point for c. Superko is the game's business.
  bool isLegal(Color c, Point p) const {
    return color_[p] == Color::Empty && !(p == ko_point_ && c == ko_color_) && !isSuicide(c, p);
  }
  /// For samplers: isLegal(c, p), and not an eye of c's own (under KeepAll every one-point eye;
  /// under FillFalse one that is not false), faster. Precondition: p is empty.
  template <PlayoutEyes E = PlayoutEyes::FillFalse>
  bool isPlayoutCandidate(Color c, Point p) const {
    const uint16_t m = nbr_count_[p];
    // A liberty: no eye, no suicide, and not the ko point (the ko point never has an empty
    // neighbour: it was the last liberty of the stone it held, the other neighbours are stones
    // of the capturer or the edge, and any play or clearKo() ends the ko).
    if (m & kEmptyMask) return true;
    if ((m & colorMask(opponent(c))) == 0) {
      // A one-point eye of c's own: never filled under KeepAll; under FillFalse, filled when it
      // is false and c's move there is not suicide (the ko point is never c's own eye).
      if constexpr (E == PlayoutEyes::KeepAll) return false;
      return isFalseEye(c, p) && savedByNeighbour(c, p);
    }
    if (p == ko_point_ && c == ko_color_) return false;
    return savedByNeighbour(c, p);
  }
  /// Every on-board neighbour of p is a stone of colour c (a one-point eye, maybe false).
  bool isOnePointEye(Color c, Point p) const {
    return (nbr_count_[p] & (kEmptyMask | colorMask(opponent(c)))) == 0;
  }
  /// For a one-point eye of c at p: the opponent holds enough of its diagonal points to make
  /// it false (two of them, or one on the edge or in the corner of a planar board), so
  /// that it can be taken away in atari.
  bool isFalseEye(Color c, Point p) const {
    const Color o = opponent(c);
    int opp = 0, off = 0;
    for (Point d : geo_->diag[p]) {
      opp += color_[d] == o;
      off += color_[d] == Color::Off;
    }
    return opp + (off > 0) >= 2;
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
  Point chainHead(Point p) const {
    PG_ASSERT(onBoard(p) && isStone(color_[p]), "chainHead: no stone at p");
    return chain_[p];
  }
  int chainSize(Point p) const { return static_cast<int>(info_[chainHead(p)].stones); }
  bool inAtari(Point p) const { return inAtariHead(chainHead(p)); }
  /// The one liberty of p's chain. Precondition: inAtari(p) and the chain has a liberty.
  Point atariLiberty(Point p) const {
    PG_ASSERT(inAtari(p) && info_[chain_[p]].libs > 0, "atariLiberty: not in atari");
    const ChainInfo& ci = info_[chain_[p]];
    return static_cast<Point>(ci.sum / ci.libs);
  }
  /// Exact liberty count (walks the chain).
  int liberties(Point p) const;

  /// Rebuilds every derived structure from the colours and compares. Returns an empty string if
  /// consistent, else a description of the first difference.
  PG_NO_COVERAGE std::string checkConsistency() const;

  /// Rows from the top, 'X' black, 'O' white, '.' empty, one space between points, no labels.
  std::string toAscii() const;
  /// The same with GTP coordinates around it.
  std::string toAsciiLabelled() const;
  /// Parses rows as toAscii prints them (spaces optional; '+' counts as empty). Stones are
  /// placed, not played. Throws std::invalid_argument on a malformed picture or a chain without
  /// liberties.
  static Board fromAscii(std::string_view text, Topology topology = Topology::Planar);

 private:
  // Per chain head. Four 32-bit lanes, so that adding or removing a pseudo-liberty, or merging
  // two chains, is one vector addition.
  struct alignas(16) ChainInfo {
    uint32_t libs;   // pseudo-liberties: (stone, empty neighbour) adjacencies
    uint32_t sum;    // sum of the pseudo-liberty points
    uint32_t sumsq;  // sum of their squares
    uint32_t stones;
  };
  using Lanes = uint32_t __attribute__((vector_size(16)));
  static Lanes lanes(const ChainInfo& ci) {
    Lanes v;
    std::memcpy(&v, &ci, sizeof v);
    return v;
  }
  static void setLanes(ChainInfo& ci, Lanes v) { std::memcpy(&ci, &v, sizeof v); }
  /// The lanes of one pseudo-liberty at q.
  static Lanes libLanes(Point q) {
    Lanes v;
    std::memcpy(&v, &detail::kLibTable[q], sizeof v);
    return v;
  }

  static constexpr uint16_t kEmptyMask = 0x000F;
  // The chain of the edge sentinel: libs * sumsq != sum * sum, so it is never in atari.
  static constexpr ChainInfo kOffChain{1, 0, 1, 0};
  static constexpr Point kSink = kMaxPoints + 1;
  static constexpr uint16_t colorMask(Color c) {
    return static_cast<uint16_t>(0xF << (4 * static_cast<int>(c)));
  }
  static constexpr uint16_t colorUnit(Color c) {
    return static_cast<uint16_t>(1 << (4 * static_cast<int>(c)));
  }
  bool isSuicideSlow(Color c, Point p) const { return !savedByNeighbour(c, p); }
  /// Calls f(head) once for each opponent chain next to p that c at p would capture (in atari,
  /// so its last liberty is p). The one loop behind hashAfter and wouldCapture.
  template <typename F>
  void forEachChainCapturedBy(Color c, Point p, F&& f) const {
    const Color opp = opponent(c);
    std::array<Point, 4> seen{};
    int ns = 0;
    for (Point q : geo_->nbr[p]) {
      if (color_[q] != opp) continue;
      const Point head = chain_[q];
      if (!inAtariHead(head)) continue;
      bool dup = false;
      for (int i = 0; i < ns; ++i) dup |= seen[i] == head;
      if (dup) continue;
      seen[ns++] = head;
      f(head);
    }
  }
  /// A neighbour keeps c at p alive: an own chain with another liberty, or an opponent chain in
  /// atari that p captures. (Empty neighbours are not counted: their chain is kOffBoard.)
  bool savedByNeighbour(Color c, Point p) const;
  /// All pseudo-liberties are the same point (libs * sumsq == sum * sum, Cauchy-Schwarz), or
  /// there are none.
  bool inAtariHead(Point h) const {
    const ChainInfo& ci = info_[h];
    return static_cast<uint64_t>(ci.libs) * ci.sumsq == static_cast<uint64_t>(ci.sum) * ci.sum;
  }
  /// kSink for kOffBoard (the chain of empty points and of the edge), else h.
  static int sinkIfOff(Point h) { return h + (h == kOffBoard); }
  void addLib(int h, Point lib) { setLanes(info_[h], lanes(info_[h]) + libLanes(lib)); }
  void removeEmpty(Point p) {
    const int i = empty_pos_[p];
    const Point last = empty_[--num_empty_];
    empty_[i] = last;
    empty_pos_[last] = static_cast<int16_t>(i);
  }
  void addEmpty(Point p) {
    empty_pos_[p] = static_cast<int16_t>(num_empty_);
    empty_[num_empty_++] = p;
  }
  /// place() without its precondition on liberties. Returns whether an opponent chain next to
  /// p was left without pseudo-liberties (so play() has something to capture).
  [[gnu::always_inline]] bool placeStone(Color c, Point p);
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
  // Two extra slots: kOffBoard (the chain of the edge and of empty points) is a chain that is
  // never in atari, so the suicide test needs no edge check; kSink takes ignored updates.
  std::array<ChainInfo, kMaxPoints + 2> info_;
  std::array<Point, kMaxPoints> empty_;
  std::array<int16_t, kMaxPoints> empty_pos_;
  // Per point, the number of neighbours of each colour, 4 bits each: empty, black, white, off.
  // The extra slot at kOffBoard is a sink for the updates of the planar edge (never read).
  std::array<uint16_t, kMaxPoints + 1> nbr_count_;
};

// The hot paths of a playout, inline so that samplers in other files can inline them.

inline bool Board::savedByNeighbour(Color c, Point p) const {
  // An own chain not in atari, or an opponent chain in atari (its last liberty is p). The edge
  // and empty points (chain kOffBoard, never in atari, colour not c) never count. All four
  // neighbours are looked at: no branch per neighbour.
  for (Point q : geo_->nbr[p])
    if (inAtariHead(chain_[q]) != (color_[q] == c)) return true;
  return false;
}

inline void Board::merge(Point a, Point b) {
  Point ha = chain_[a], hb = chain_[b];
  if (ha == hb) return;
  if (info_[ha].stones < info_[hb].stones) std::swap(ha, hb);
  // Relabel the smaller chain hb into ha.
  Point s = hb;
  do {
    chain_[s] = ha;
    s = next_[s];
  } while (s != hb);
  std::swap(next_[ha], next_[hb]);
  setLanes(info_[ha], lanes(info_[ha]) + lanes(info_[hb]));
}

inline void Board::place(Color c, Point p) {
  PG_ASSERT(onBoard(p) && isStone(c) && color_[p] == Color::Empty, "place: point not empty");
  placeStone(c, p);  // nothing to capture: by the precondition every chain keeps a liberty
}

inline bool Board::placeStone(Color c, Point p) {
  removeEmpty(p);
  color_[p] = c;
  hash_ ^= zobristKey(c, p);
  --stones_[0];
  ++stones_[static_cast<int>(c)];
  chain_[p] = p;
  next_[p] = p;
  const uint16_t delta = static_cast<uint16_t>(colorUnit(c) - colorUnit(Color::Empty));
  const auto& nbr = geo_->nbr[p];
  // Without branches on the neighbours' colours (they are random in a playout): an empty
  // neighbour is a pseudo-liberty of p, and every neighbouring chain loses p as one. Empty points
  // and the edge (whose chain is kOffBoard) write their update to the kSink slot. An opponent
  // chain whose count reaches zero is to be captured (a chain next to p twice reaches it only at
  // its second update).
  const Color opp = opponent(c);
  const Lanes key = libLanes(p);
  Lanes mine = {0, 0, 0, 1};
  bool capture = false;
  for (Point q : nbr) {
    nbr_count_[q] = static_cast<uint16_t>(nbr_count_[q] + delta);
    const Color qc = color_[q];
    const uint32_t empty_mask = qc == Color::Empty ? ~0u : 0u;
    mine += libLanes(q) & empty_mask;
    ChainInfo& ci = info_[sinkIfOff(chain_[q])];
    const Lanes v = lanes(ci) - key;
    setLanes(ci, v);
    capture |= (qc == opp) & (v[0] == 0);
  }
  setLanes(info_[p], mine);
  const int own = neighbourCount(p, c);
  if (own == 1) {
    // The common case: find the one neighbour of the same colour without a branch per point.
    Point q1 = nbr[0];
    for (int k = 1; k < 4; ++k) q1 = color_[nbr[k]] == c ? nbr[k] : q1;
    // p joins that chain: nothing to relabel but p itself.
    const Point h = chain_[q1];
    chain_[p] = h;
    next_[p] = next_[h];
    next_[h] = p;
    setLanes(info_[h], lanes(info_[h]) + mine);
  } else if (own > 1) {
    for (Point q : nbr)
      if (color_[q] == c) merge(p, q);
  }
  return capture;
}

inline int Board::removeChain(Point h, Point* out) {
  const Color c = color_[h];
  int n = 0;
  Point s = h;
  do {
    color_[s] = Color::Empty;
    hash_ ^= zobristKey(c, s);
    addEmpty(s);
    if (out) out[n] = s;
    ++n;
    s = next_[s];
  } while (s != h);
  stones_[static_cast<int>(c)] -= n;
  stones_[0] += n;
  // Give the freed points back as liberties to the chains around them.
  const uint16_t delta = static_cast<uint16_t>(colorUnit(c) - colorUnit(Color::Empty));
  s = h;
  do {
    const Point nx = next_[s];
    for (Point q : geo_->nbr[s]) {
      nbr_count_[q] = static_cast<uint16_t>(nbr_count_[q] - delta);
      // Stones get s back as a pseudo-liberty. Without a branch: the edge and the points freed
      // already (chain kOffBoard) update kSink, the points of this chain not yet freed update
      // the info of its head h, which is dead from now on.
      addLib(sinkIfOff(chain_[q]), s);
    }
    chain_[s] = kOffBoard;
    next_[s] = kNoPoint;
    s = nx;
  } while (s != h);
  return n;
}

inline int Board::play(Color c, Point p, Point* captured) {
  PG_ASSERT(onBoard(p) && isStone(c) && color_[p] == Color::Empty, "play: point not empty");
  PG_ASSERT(!isSuicide(c, p), "play: suicide");
  ko_point_ = kNoPoint;
  if (!placeStone(c, p)) return 0;
  const Color opp = opponent(c);
  const auto& nbr = geo_->nbr[p];
  int total = 0;
  Point last_captured = kNoPoint;
  for (Point q : nbr) {
    if (color_[q] == opp && info_[chain_[q]].libs == 0) {
      const int n = removeChain(chain_[q], captured ? captured + total : nullptr);
      if (n == 1) last_captured = q;
      total += n;
    }
  }
  if (total == 1) {
    const ChainInfo& own = info_[chain_[p]];
    if (own.stones == 1 && own.libs == 1) {
      ko_point_ = last_captured;
      ko_color_ = opp;
    }
  }
  return total;
}

}  // namespace pg
