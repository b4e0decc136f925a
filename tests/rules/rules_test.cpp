// The Rules value type: presets, validation, names, and the GTP fixed handicap points.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "rules/rules.h"
#include "rules_test_util.h"

namespace pg {
namespace {

std::vector<std::string> names(const std::vector<Point>& points, int size) {
  std::vector<std::string> out;
  for (Point p : points) out.push_back(pointName(p, size));
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(Rules, DefaultsFollowTheRuleBook) {
  const Rules r;
  EXPECT_EQ(r.size, 9);
  EXPECT_EQ(r.topology, Topology::Planar);
  EXPECT_EQ(r.ko, KoRule::PositionalSuperko);
  EXPECT_EQ(r.komi, 7.5);
  EXPECT_EQ(r.handicap, 0);
  EXPECT_FALSE(r.atari_go);
  EXPECT_EQ(r.effectiveTurnCap(), 4 * 81);
  EXPECT_EQ(r.numPoints(), 81);
  EXPECT_FALSE(r.validate().has_value());
  EXPECT_EQ(Rules::defaultKomi(0), 7.5);
  EXPECT_EQ(Rules::defaultKomi(2), 0.5);
  Rules c = r;
  c.turn_cap = 50;
  EXPECT_EQ(c.effectiveTurnCap(), 50);
  EXPECT_FALSE(c == r);
}

TEST(Rules, Presets) {
  const auto all = Rules::presetNames();
  EXPECT_EQ(all.size(), 7u);
  for (const std::string& name : all) {
    const auto r = Rules::preset(name);
    ASSERT_TRUE(r.has_value()) << name;
    EXPECT_FALSE(r->validate().has_value()) << name << ": " << r->validate().value_or("");
  }
  EXPECT_EQ(Rules::preset("standard"), Rules{});
  EXPECT_EQ(Rules::preset("small")->size, 7);
  EXPECT_EQ(Rules::preset("medium")->size, 13);
  EXPECT_EQ(Rules::preset("large")->size, 19);
  EXPECT_TRUE(Rules::preset("atari")->atari_go);
  EXPECT_EQ(Rules::preset("atari")->size, 9);
  EXPECT_EQ(Rules::preset("torus")->topology, Topology::Torus);
  EXPECT_EQ(Rules::preset("simple-ko")->ko, KoRule::Simple);
  EXPECT_FALSE(Rules::preset("nonsense").has_value());
  EXPECT_FALSE(Rules::preset("").has_value());
  // No two presets are the same rules.
  for (const std::string& name : all)
    for (const std::string& other : all)
      if (name != other) {
        EXPECT_FALSE(Rules::preset(name) == Rules::preset(other)) << name << " " << other;
      }
}

TEST(Rules, NamesRoundTrip) {
  for (KoRule k : {KoRule::PositionalSuperko, KoRule::Simple})
    EXPECT_EQ(parseKoRule(koRuleName(k)), k);
  for (Topology t : {Topology::Planar, Topology::Torus})
    EXPECT_EQ(parseTopology(topologyName(t)), t);
  EXPECT_EQ(parseKoRule("positional"), KoRule::PositionalSuperko);
  EXPECT_FALSE(parseKoRule("japanese").has_value());
  EXPECT_FALSE(parseTopology("sphere").has_value());
}

TEST(RulesValidate, BoardSizeFiveToNineteen) {
  Rules r;
  for (int size = -1; size <= 30; ++size) {
    r.size = size;
    EXPECT_EQ(r.validate().has_value(), size < 5 || size > 19) << "size " << size;
  }
}

TEST(RulesValidate, Komi) {
  Rules r;
  for (double k : {0.0, 0.5, -0.5, 6.0, 7.5, -12.0, 100.5}) {
    r.komi = k;
    EXPECT_FALSE(r.validate().has_value()) << k;
  }
  for (double k : {0.25, 7.4, -0.1, 1e9, std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN()}) {
    r.komi = k;
    EXPECT_TRUE(r.validate().has_value()) << k;
  }
}

TEST(RulesValidate, TurnCap) {
  Rules r;
  for (int cap : {0, 1, 100, 100000}) {
    r.turn_cap = cap;
    EXPECT_FALSE(r.validate().has_value()) << cap;
  }
  for (int cap : {-1, 100001}) {
    r.turn_cap = cap;
    EXPECT_TRUE(r.validate().has_value()) << cap;
  }
}

TEST(RulesValidate, HandicapLimits) {
  for (int size = 5; size <= 19; ++size) {
    const int expected_max = size < 7 ? 0 : (size == 7 || size % 2 == 0) ? 4 : 9;
    EXPECT_EQ(maxHandicap(size), expected_max) << size;
    for (int h = -2; h <= 12; ++h) {
      Rules r;
      r.size = size;
      r.handicap = h;
      const bool ok = h == 0 || (h >= 2 && h <= expected_max);
      EXPECT_EQ(!r.validate().has_value(), ok) << "size " << size << " handicap " << h;
      // Any combination with torus, Atari Go and simple ko is valid too.
      r.topology = Topology::Torus;
      r.atari_go = true;
      r.ko = KoRule::Simple;
      EXPECT_EQ(!r.validate().has_value(), ok) << "size " << size << " handicap " << h;
    }
  }
}

TEST(Handicap, GtpExamples) {
  EXPECT_EQ(names(handicapPoints(3, 9), 9), (std::vector<std::string>{"C3", "G7", "G3"}));
  EXPECT_EQ(names(handicapPoints(2, 19), 19), (std::vector<std::string>{"D4", "Q16"}));
  EXPECT_EQ(sorted(names(handicapPoints(9, 19), 19)),
            sorted({"D4", "Q16", "Q4", "D16", "K10", "D10", "Q10", "K4", "K16"}));
  EXPECT_EQ(sorted(names(handicapPoints(4, 7), 7)), sorted({"C3", "E5", "E3", "C5"}));
  EXPECT_EQ(sorted(names(handicapPoints(5, 9), 9)), sorted({"C3", "G7", "G3", "C7", "E5"}));
  EXPECT_EQ(sorted(names(handicapPoints(6, 13), 13)),
            sorted({"D4", "K10", "K4", "D10", "D7", "K7"}));
  EXPECT_EQ(sorted(names(handicapPoints(8, 13), 13)),
            sorted({"D4", "K10", "K4", "D10", "D7", "K7", "G4", "G10"}));
  EXPECT_EQ(sorted(names(handicapPoints(4, 12), 12)), sorted({"C3", "K10", "K3", "C10"}));
  EXPECT_EQ(sorted(names(handicapPoints(4, 14), 14)), sorted({"D4", "L11", "L4", "D11"}));
}

// Every size from 7 to 19 and every count, against the layout described in GTP v2: 3-3 points
// below 13x13, 4-4 points from 13x13; 2 = lower-left and upper-right, 3 adds lower-right, 4
// adds upper-left, 5 = 4 + centre, 6 = 4 + the middles of the left and right sides, 7 = 6 +
// centre, 8 = 6 + the middles of the bottom and top sides, 9 = 8 + centre.
TEST(Handicap, EverySizeAndCount) {
  for (int size = 5; size <= 19; ++size) {
    const int line = size < 13 ? 3 : 4;  // 1-based line of the corner points
    const int lo = line - 1, hi = size - line, mid = size / 2;
    auto at = [&](int x, int y) { return pointName(static_cast<Point>(y * size + x), size); };
    const std::string ll = at(lo, lo), ur = at(hi, hi), lr = at(hi, lo), ul = at(lo, hi);
    const std::string c = at(mid, mid), left = at(lo, mid), right = at(hi, mid);
    const std::string bottom = at(mid, lo), top = at(mid, hi);
    std::vector<std::vector<std::string>> want(10);
    want[2] = {ll, ur};
    want[3] = {ll, ur, lr};
    want[4] = {ll, ur, lr, ul};
    want[5] = {ll, ur, lr, ul, c};
    want[6] = {ll, ur, lr, ul, left, right};
    want[7] = {ll, ur, lr, ul, left, right, c};
    want[8] = {ll, ur, lr, ul, left, right, bottom, top};
    want[9] = {ll, ur, lr, ul, left, right, bottom, top, c};
    for (int n = 0; n <= 10; ++n) {
      const auto got = names(handicapPoints(n, size), size);
      if (n < 2 || n > maxHandicap(size)) {
        EXPECT_TRUE(got.empty()) << "size " << size << " n " << n;
        continue;
      }
      // The first three in GTP's order; the set for all.
      for (int i = 0; i < std::min(n, 3); ++i) EXPECT_EQ(got[i], want[n][i]) << size << " " << n;
      EXPECT_EQ(sorted(got), sorted(want[n])) << "size " << size << " n " << n;
      EXPECT_EQ(std::set<std::string>(got.begin(), got.end()).size(), got.size());
    }
  }
  EXPECT_TRUE(handicapPoints(2, 5).empty());
  EXPECT_TRUE(handicapPoints(2, 6).empty());
  EXPECT_EQ(maxHandicap(5), 0);
  EXPECT_EQ(maxHandicap(6), 0);
}

}  // namespace
}  // namespace pg
