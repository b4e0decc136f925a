#include "rules/rules.h"

#include <cmath>

#include "rules/assert.h"

namespace pg {

std::string_view koRuleName(KoRule k) {
  return k == KoRule::Simple ? "simple" : "superko";
}

std::optional<KoRule> parseKoRule(std::string_view s) {
  if (s == "superko" || s == "positional") return KoRule::PositionalSuperko;
  if (s == "simple") return KoRule::Simple;
  return std::nullopt;
}

std::string_view topologyName(Topology t) {
  return t == Topology::Torus ? "torus" : "planar";
}

std::optional<Topology> parseTopology(std::string_view s) {
  if (s == "planar") return Topology::Planar;
  if (s == "torus") return Topology::Torus;
  return std::nullopt;
}

int maxHandicap(int size) {
  if (size < 7 || size > kMaxSize) return 0;
  if (size == 7 || size % 2 == 0) return 4;
  return 9;
}

std::vector<Point> handicapPoints(int n, int size) {
  if (n < 2 || n > maxHandicap(size)) return {};
  // The stones stand on the 4th line from 12x12 up, on the 3rd below (as GNU Go places them).
  const int lo = size >= 12 ? 3 : 2;
  const int hi = size - 1 - lo;
  const int mid = size / 2;
  auto pt = [size](int x, int y) { return static_cast<Point>(y * size + x); };
  // In the order of GTP v2's placement table (section 4.1.1): lower left, upper right, upper
  // left, lower right; then the left and right sides, then the bottom and top sides; the centre
  // comes last, for 5, 7 and 9.
  std::vector<Point> out{pt(lo, lo), pt(hi, hi)};
  if (n >= 3) out.push_back(pt(lo, hi));
  if (n >= 4) out.push_back(pt(hi, lo));
  if (n >= 6) {
    out.push_back(pt(lo, mid));
    out.push_back(pt(hi, mid));
  }
  if (n >= 8) {
    out.push_back(pt(mid, lo));
    out.push_back(pt(mid, hi));
  }
  if (n == 5 || n == 7 || n == 9) out.push_back(pt(mid, mid));
  PG_ASSERT(static_cast<int>(out.size()) == n, "one point per handicap stone");
  return out;
}

std::optional<std::string> Rules::validate() const {
  if (size < kMinSize || size > kMaxTableSize)
    return "board size must be from " + std::to_string(kMinSize) + " to " +
           std::to_string(kMaxTableSize);
  if (!std::isfinite(komi) || std::fabs(komi) > kMaxKomi || std::floor(komi * 2) != komi * 2)
    return "komi must be a multiple of 0.5 from -30 to 30";
  if (handicap != 0) {
    const int mx = maxHandicap(size);
    if (mx == 0) return "handicap is not defined on this board size";
    if (handicap < 2 || handicap > mx)
      return "handicap must be 0 or from 2 to " + std::to_string(mx) + " on this board size";
  }
  if (turn_cap < 0 || turn_cap > 100000) return "turn cap must be from 0 to 100000";
  return std::nullopt;
}

std::optional<Rules> Rules::preset(std::string_view name) {
  Rules r;
  if (name == "standard") return r;
  if (name == "small") {
    r.size = 7;
    return r;
  }
  if (name == "medium") {
    r.size = 13;
    return r;
  }
  if (name == "large") {
    r.size = 19;
    return r;
  }
  if (name == "atari") {
    r.atari_go = true;
    return r;
  }
  if (name == "torus") {
    r.topology = Topology::Torus;
    return r;
  }
  if (name == "simple-ko") {
    r.ko = KoRule::Simple;
    return r;
  }
  return std::nullopt;
}

std::vector<std::string> Rules::presetNames() {
  return {"standard", "small", "medium", "large", "atari", "torus", "simple-ko"};
}

}  // namespace pg
