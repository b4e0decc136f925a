// The Rules value type: presets, validation, names, and the GTP fixed handicap points.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
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
  for (double k : {0.0, 0.5, -0.5, 6.0, 7.5, -12.0, 24.5, 30.0, -30.0}) {
    r.komi = k;
    EXPECT_FALSE(r.validate().has_value()) << k;
  }
  // 65 and 1000 are slips of the keyboard (6,5 read as 65), -50 no game anyone means.
  for (double k :
       {0.25, 7.4, -0.1, 30.5, -30.5, 65.0, -50.0, 100.5, 1000.0, 1e9,
        std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
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

// GTP v2's fixed placement as GNU Go places it: the 3rd line below 12x12, the 4th from 12x12 up;
// in the order of GTP's placement table (lower left, upper right, upper left, lower right, left
// and right sides, bottom and top sides, the centre last for 5, 7 and 9). Every size from 7 to
// 19 and every count from 2 to the size's maximum, written out.
struct HandicapCase {
  int size;
  int n;
  const char* points;
};
constexpr HandicapCase kHandicapTable[] = {
    {7, 2, "C3 E5"},
    {7, 3, "C3 E5 C5"},
    {7, 4, "C3 E5 C5 E3"},
    {8, 2, "C3 F6"},
    {8, 3, "C3 F6 C6"},
    {8, 4, "C3 F6 C6 F3"},
    {9, 2, "C3 G7"},
    {9, 3, "C3 G7 C7"},
    {9, 4, "C3 G7 C7 G3"},
    {9, 5, "C3 G7 C7 G3 E5"},
    {9, 6, "C3 G7 C7 G3 C5 G5"},
    {9, 7, "C3 G7 C7 G3 C5 G5 E5"},
    {9, 8, "C3 G7 C7 G3 C5 G5 E3 E7"},
    {9, 9, "C3 G7 C7 G3 C5 G5 E3 E7 E5"},
    {10, 2, "C3 H8"},
    {10, 3, "C3 H8 C8"},
    {10, 4, "C3 H8 C8 H3"},
    {11, 2, "C3 J9"},
    {11, 3, "C3 J9 C9"},
    {11, 4, "C3 J9 C9 J3"},
    {11, 5, "C3 J9 C9 J3 F6"},
    {11, 6, "C3 J9 C9 J3 C6 J6"},
    {11, 7, "C3 J9 C9 J3 C6 J6 F6"},
    {11, 8, "C3 J9 C9 J3 C6 J6 F3 F9"},
    {11, 9, "C3 J9 C9 J3 C6 J6 F3 F9 F6"},
    {12, 2, "D4 J9"},
    {12, 3, "D4 J9 D9"},
    {12, 4, "D4 J9 D9 J4"},
    {13, 2, "D4 K10"},
    {13, 3, "D4 K10 D10"},
    {13, 4, "D4 K10 D10 K4"},
    {13, 5, "D4 K10 D10 K4 G7"},
    {13, 6, "D4 K10 D10 K4 D7 K7"},
    {13, 7, "D4 K10 D10 K4 D7 K7 G7"},
    {13, 8, "D4 K10 D10 K4 D7 K7 G4 G10"},
    {13, 9, "D4 K10 D10 K4 D7 K7 G4 G10 G7"},
    {14, 2, "D4 L11"},
    {14, 3, "D4 L11 D11"},
    {14, 4, "D4 L11 D11 L4"},
    {15, 2, "D4 M12"},
    {15, 3, "D4 M12 D12"},
    {15, 4, "D4 M12 D12 M4"},
    {15, 5, "D4 M12 D12 M4 H8"},
    {15, 6, "D4 M12 D12 M4 D8 M8"},
    {15, 7, "D4 M12 D12 M4 D8 M8 H8"},
    {15, 8, "D4 M12 D12 M4 D8 M8 H4 H12"},
    {15, 9, "D4 M12 D12 M4 D8 M8 H4 H12 H8"},
    {16, 2, "D4 N13"},
    {16, 3, "D4 N13 D13"},
    {16, 4, "D4 N13 D13 N4"},
    {17, 2, "D4 O14"},
    {17, 3, "D4 O14 D14"},
    {17, 4, "D4 O14 D14 O4"},
    {17, 5, "D4 O14 D14 O4 J9"},
    {17, 6, "D4 O14 D14 O4 D9 O9"},
    {17, 7, "D4 O14 D14 O4 D9 O9 J9"},
    {17, 8, "D4 O14 D14 O4 D9 O9 J4 J14"},
    {17, 9, "D4 O14 D14 O4 D9 O9 J4 J14 J9"},
    {18, 2, "D4 P15"},
    {18, 3, "D4 P15 D15"},
    {18, 4, "D4 P15 D15 P4"},
    {19, 2, "D4 Q16"},
    {19, 3, "D4 Q16 D16"},
    {19, 4, "D4 Q16 D16 Q4"},
    {19, 5, "D4 Q16 D16 Q4 K10"},
    {19, 6, "D4 Q16 D16 Q4 D10 Q10"},
    {19, 7, "D4 Q16 D16 Q4 D10 Q10 K10"},
    {19, 8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"},
    {19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"},
};

TEST(Handicap, EverySizeAndCountMatchesTheTable) {
  int checked = 0;
  for (const HandicapCase& c : kHandicapTable) {
    std::string got;
    for (const std::string& name : names(handicapPoints(c.n, c.size), c.size))
      got += (got.empty() ? "" : " ") + name;
    EXPECT_EQ(got, c.points) << c.size << "x" << c.size << ", " << c.n << " stones";
    ++checked;
  }
  // Every (size, count) with a placement is in the table, and nothing else has one.
  int expected = 0;
  for (int size = kMinSize; size <= 19; ++size) {
    const int mx = maxHandicap(size);
    EXPECT_EQ(mx, size < 7 ? 0 : size % 2 == 1 && size >= 9 ? 9 : 4) << size;
    expected += mx > 0 ? mx - 1 : 0;
    for (int n : {-1, 0, 1, mx + 1, 10}) EXPECT_TRUE(handicapPoints(n, size).empty()) << size;
  }
  EXPECT_EQ(checked, expected);
}

}  // namespace
}  // namespace pg
