#include "rules/board.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

namespace pg {

namespace {

Geometry makeGeometry(int size, Topology topology) {
  Geometry g;
  g.size = size;
  g.num_points = size * size;
  g.topology = topology;
  const bool torus = topology == Topology::Torus;
  auto at = [&](int x, int y) -> Point {
    if (torus) {
      x = (x + size) % size;
      y = (y + size) % size;
    } else if (x < 0 || y < 0 || x >= size || y >= size) {
      return kOffBoard;
    }
    return static_cast<Point>(y * size + x);
  };
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const int p = y * size + x;
      g.nbr[p] = {at(x, y + 1), at(x + 1, y), at(x, y - 1), at(x - 1, y)};
      g.diag[p] = {at(x + 1, y + 1), at(x + 1, y - 1), at(x - 1, y - 1), at(x - 1, y + 1)};
    }
  }
  return g;
}

}  // namespace

const Geometry& Geometry::get(int size, Topology topology) {
  PG_ASSERT(size >= kMinSize && size <= kMaxSize, "Geometry: size out of range");
  static const auto all = [] {
    auto table = std::make_unique<std::array<Geometry, 2 * (kMaxSize + 1)>>();
    for (int s = kMinSize; s <= kMaxSize; ++s) {
      (*table)[2 * s] = makeGeometry(s, Topology::Planar);
      (*table)[2 * s + 1] = makeGeometry(s, Topology::Torus);
    }
    return table;
  }();
  return (*all)[2 * size + (topology == Topology::Torus ? 1 : 0)];
}

Board::Board(int size, Topology topology) : geo_(&Geometry::get(size, topology)) {
  PG_ASSERT(size >= kMinSize && size <= kMaxSize, "Board: size out of range");
  color_.fill(Color::Empty);
  color_[kOffBoard] = Color::Off;
  nbr_count_[kOffBoard] = 0;
  chain_.fill(kOffBoard);
  next_.fill(kNoPoint);
  info_.fill(ChainInfo{0, 0, 0, 0});
  info_[kOffBoard] = kOffChain;
  const int n = geo_->num_points;
  for (int p = 0; p < n; ++p) {
    empty_[p] = static_cast<Point>(p);
    empty_pos_[p] = static_cast<int16_t>(p);
  }
  num_empty_ = n;
  stones_ = {n, 0, 0, 0};
  for (int p = 0; p < n; ++p) {
    uint16_t cnt = 0;
    for (Point q : geo_->nbr[p]) cnt = static_cast<uint16_t>(cnt + colorUnit(color_[q]));
    nbr_count_[p] = cnt;
  }
}

Board& Board::operator=(const Board& o) {
  if (this == &o) return *this;
  geo_ = o.geo_;
  num_empty_ = o.num_empty_;
  hash_ = o.hash_;
  ko_point_ = o.ko_point_;
  ko_color_ = o.ko_color_;
  stones_ = o.stones_;
  const size_t n = static_cast<size_t>(geo_->num_points);
  std::memcpy(color_.data(), o.color_.data(), n * sizeof(Color));
  color_[kOffBoard] = Color::Off;
  std::memcpy(chain_.data(), o.chain_.data(), n * sizeof(Point));
  chain_[kOffBoard] = kOffBoard;
  std::memcpy(next_.data(), o.next_.data(), n * sizeof(Point));
  std::memcpy(info_.data(), o.info_.data(), n * sizeof(ChainInfo));
  info_[kOffBoard] = kOffChain;
  std::memcpy(empty_.data(), o.empty_.data(), n * sizeof(Point));
  std::memcpy(empty_pos_.data(), o.empty_pos_.data(), n * sizeof(int16_t));
  std::memcpy(nbr_count_.data(), o.nbr_count_.data(), n * sizeof(uint16_t));
  nbr_count_[kOffBoard] = 0;
  return *this;
}

uint64_t Board::hashAfter(Color c, Point p) const {
  PG_ASSERT(onBoard(p) && isStone(c), "hashAfter: point off the board or not a colour");
  uint64_t h = hash_ ^ zobristKey(c, p);
  const Color opp = opponent(c);
  forEachChainCapturedBy(c, p, [&](Point head) {
    Point s = head;
    do {
      h ^= zobristKey(opp, s);
      s = next_[s];
    } while (s != head);
  });
  return h;
}

int Board::wouldCapture(Color c, Point p) const {
  PG_ASSERT(onBoard(p) && isStone(c), "wouldCapture: point off the board or not a colour");
  int total = 0;
  forEachChainCapturedBy(c, p, [&](Point head) { total += static_cast<int>(info_[head].stones); });
  return total;
}

int Board::liberties(Point p) const {
  const Point h = chainHead(p);
  std::vector<Point> libs;
  Point s = h;
  do {
    for (Point q : geo_->nbr[s])
      if (color_[q] == Color::Empty && std::find(libs.begin(), libs.end(), q) == libs.end())
        libs.push_back(q);
    s = next_[s];
  } while (s != h);
  return static_cast<int>(libs.size());
}

PG_NO_COVERAGE std::string Board::checkConsistency() const {
  // Called after every step of the fuzz targets and many tests: no allocation unless it fails,
  // beyond one mark array and the two reused work lists.
  const int n = numPoints();
  if (color_[kOffBoard] != Color::Off) return "sentinel colour changed";
  // Empty list.
  int empties = 0;
  for (int p = 0; p < n; ++p) {
    if (color_[p] == Color::Empty) {
      ++empties;
      const int i = empty_pos_[p];
      if (i < 0 || i >= num_empty_ || empty_[i] != p) {
        return "empty list does not hold " + pointName(static_cast<Point>(p), size());
      }
    }
  }
  if (empties != num_empty_) return "empty count mismatch";
  // Stone counts and hash.
  std::array<int, 4> counts{};
  uint64_t h = 0;
  for (int p = 0; p < n; ++p) {
    ++counts[static_cast<int>(color_[p])];
    if (isStone(color_[p])) h ^= zobristKey(color_[p], static_cast<Point>(p));
  }
  for (int c = 0; c < 3; ++c)
    if (counts[c] != stones_[c]) return "stone count mismatch";
  if (h != hash_) return "hash mismatch";
  for (int p = 0; p < n; ++p) {
    uint16_t cnt = 0;
    for (Point q : geo_->nbr[p]) cnt = static_cast<uint16_t>(cnt + colorUnit(color_[q]));
    if (cnt != nbr_count_[p])
      return "neighbour counts differ at " + pointName(static_cast<Point>(p), size());
  }
  // Chains: flood fill and compare membership and pseudo-liberties.
  std::vector<int> mark(static_cast<size_t>(n), -1);
  std::vector<Point> stack, members;
  stack.reserve(static_cast<size_t>(n));
  members.reserve(static_cast<size_t>(n));
  for (int start = 0; start < n; ++start) {
    if (!isStone(color_[start]) || mark[start] >= 0) continue;
    const Color c = color_[start];
    stack.assign(1, static_cast<Point>(start));
    members.clear();
    mark[start] = start;
    while (!stack.empty()) {
      const Point s = stack.back();
      stack.pop_back();
      members.push_back(s);
      for (Point q : geo_->nbr[s])
        if (q != kOffBoard && color_[q] == c && mark[q] < 0) {
          mark[q] = start;
          stack.push_back(q);
        }
    }
    const Point head = chain_[start];
    uint32_t libs = 0, sum = 0, sumsq = 0;
    for (Point s : members) {
      if (chain_[s] != head) {
        return "chain id differs inside the chain at " + pointName(s, size());
      }
      for (Point q : geo_->nbr[s])
        if (color_[q] == Color::Empty) {
          ++libs;
          sum += static_cast<uint32_t>(q);
          sumsq += static_cast<uint32_t>(q) * static_cast<uint32_t>(q);
        }
    }
    // The circular list must visit exactly the members.
    size_t walked = 0;
    Point s = head;
    do {
      if (mark[s] != start) return "chain list leaves the chain";
      ++walked;
      s = next_[s];
    } while (s != head && walked <= members.size());
    if (walked != members.size()) return "chain list length mismatch";
    const ChainInfo& ci = info_[head];
    if (ci.stones != members.size()) return "chain size mismatch";
    if (ci.libs != libs || ci.sum != sum || ci.sumsq != sumsq) {
      return "pseudo-liberties differ for the chain at " + pointName(head, size());
    }
    if (libs == 0) {
      return "chain without liberties at " + pointName(head, size());
    }
  }
  // Chains that are not adjacent must have distinct heads.
  for (int p = 0; p < n; ++p)
    if (isStone(color_[p]) && mark[chain_[p]] != mark[p]) return "chain head outside the chain";
  return {};
}

std::string Board::toAscii() const {
  std::string out;
  const int s = size();
  for (int y = s - 1; y >= 0; --y) {
    for (int x = 0; x < s; ++x) {
      const Color c = color_[point(x, y)];
      out += c == Color::Black ? 'X' : c == Color::White ? 'O' : '.';
      if (x + 1 < s) out += ' ';
    }
    out += '\n';
  }
  return out;
}

std::string Board::toAsciiLabelled() const {
  const int s = size();
  std::string header = "   ";
  for (int x = 0; x < s; ++x) {
    header += pointName(point(x, 0), s)[0];
    header += ' ';
  }
  header += '\n';
  std::string out = header;
  const std::string body = toAscii();
  size_t pos = 0;
  for (int y = s - 1; y >= 0; --y) {
    const size_t end = body.find('\n', pos);
    std::string label = std::to_string(y + 1);
    if (label.size() < 2) label = " " + label;
    out += label + " " + body.substr(pos, end - pos) + " " + std::to_string(y + 1) + "\n";
    pos = end + 1;
  }
  out += header;
  return out;
}

Board Board::fromAscii(std::string_view text, Topology topology) {
  std::vector<std::string> rows;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) rows.push_back(cur);
    cur.clear();
  };
  for (char ch : text) {
    if (ch == '\n') {
      flush();
    } else if (ch == 'X' || ch == 'x' || ch == 'O' || ch == 'o' || ch == '.' || ch == '+') {
      cur += ch;
    } else if (ch != ' ' && ch != '\t' && ch != '\r') {
      throw std::invalid_argument(std::string("unexpected character in board picture: ") + ch);
    }
  }
  flush();
  const int s = static_cast<int>(rows.size());
  if (s < kMinSize || s > kMaxSize) throw std::invalid_argument("board picture has a bad size");
  Board b(s, topology);
  for (int r = 0; r < s; ++r) {
    if (static_cast<int>(rows[r].size()) != s)
      throw std::invalid_argument("board picture is not square");
    const int y = s - 1 - r;
    for (int x = 0; x < s; ++x) {
      const char ch = rows[r][x];
      if (ch == 'X' || ch == 'x') b.place(Color::Black, b.point(x, y));
      if (ch == 'O' || ch == 'o') b.place(Color::White, b.point(x, y));
    }
  }
  for (int p = 0; p < b.numPoints(); ++p)
    if (isStone(b.at(static_cast<Point>(p))) && b.info_[b.chain_[p]].libs == 0)
      throw std::invalid_argument("board picture has a chain without liberties");
  return b;
}

}  // namespace pg
