// Point names, colours and their parsers.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "rules/types.h"

namespace pg {
namespace {

TEST(PointName, CornersAndSkippedI) {
  EXPECT_EQ(pointName(0, 9), "A1");
  EXPECT_EQ(pointName(8, 9), "J1");  // no I
  EXPECT_EQ(pointName(80, 9), "J9");
  EXPECT_EQ(pointName(72, 9), "A9");
  EXPECT_EQ(pointName(3 * 19 + 3, 19), "D4");
  EXPECT_EQ(pointName(15 * 19 + 15, 19), "Q16");
  EXPECT_EQ(pointName(24, 25), "Z1");
  EXPECT_EQ(pointName(624, 25), "Z25");
  EXPECT_EQ(pointName(kPass, 9), "pass");
}

TEST(PointName, RoundTripEverySize) {
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    std::set<std::string> names;
    for (Point p = 0; p < size * size; ++p) {
      const std::string name = pointName(p, size);
      EXPECT_EQ(name.find('I'), std::string::npos) << name;
      EXPECT_TRUE(names.insert(name).second) << "duplicate name " << name;
      const auto back = parsePoint(name, size);
      ASSERT_TRUE(back.has_value()) << name << " on " << size;
      EXPECT_EQ(*back, p) << name << " on " << size;
      // Lower case works too.
      std::string lower = name;
      lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
      EXPECT_EQ(parsePoint(lower, size), p) << lower;
    }
    EXPECT_EQ(parsePoint("pass", size), kPass);
    EXPECT_EQ(parsePoint("PASS", size), kPass);
  }
}

TEST(ParsePoint, RejectsMalformedAndOffBoard) {
  for (const char* bad : {"", "A", "I1", "i5", "A0", "A01", "A10", "K1", "1A", "AA", "A-1", "A1x",
                          "A 1", "passs", "Z1", "A1000"})
    EXPECT_FALSE(parsePoint(bad, 9).has_value()) << bad;
  EXPECT_TRUE(parsePoint("J9", 9).has_value());
  EXPECT_FALSE(parsePoint("T20", 19).has_value());
  EXPECT_TRUE(parsePoint("T19", 19).has_value());
  EXPECT_FALSE(parsePoint("F1", 5).has_value());
  EXPECT_FALSE(parsePoint("A6", 5).has_value());
}

TEST(Colors, NamesAndParse) {
  EXPECT_EQ(colorName(Color::Black), "black");
  EXPECT_EQ(colorName(Color::White), "white");
  EXPECT_EQ(colorName(Color::Empty), "empty");
  EXPECT_EQ(parseColor("B"), Color::Black);
  EXPECT_EQ(parseColor("black"), Color::Black);
  EXPECT_EQ(parseColor("White"), Color::White);
  EXPECT_EQ(parseColor("w"), Color::White);
  EXPECT_FALSE(parseColor("x").has_value());
  EXPECT_FALSE(parseColor("").has_value());
  EXPECT_EQ(opponent(Color::Black), Color::White);
  EXPECT_EQ(opponent(Color::White), Color::Black);
  EXPECT_TRUE(isStone(Color::Black));
  EXPECT_FALSE(isStone(Color::Empty));
  EXPECT_FALSE(isStone(Color::Off));
}

}  // namespace
}  // namespace pg
