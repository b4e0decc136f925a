// The rating categories: a board size class and a speed read from the clock.
#include "rating/category.h"

#include <gtest/gtest.h>

namespace pg::rating {
namespace {

constexpr int64_t kMinute = 60 * 1000;

TEST(RatingCategory, SizeAndClockGiveTheCategory) {
  EXPECT_EQ(categoryOf(9, 5 * kMinute, 3000, false), (Category{Board::Small, Speed::Rapid}));
  EXPECT_EQ(categoryOf(5, std::nullopt, std::nullopt, false),
            (Category{Board::Small, Speed::Classical}))
      << "no clock: classical";
  // 10 minutes and 8 seconds a move: 10 + 40 * 8 s = 15 min 20 s, not under 15 minutes.
  EXPECT_EQ(categoryOf(13, 10 * kMinute, 8000, false),
            (Category{Board::Thirteen, Speed::Classical}));
  EXPECT_EQ(categoryOf(13, 10 * kMinute, 7000, false), (Category{Board::Thirteen, Speed::Rapid}));
  EXPECT_EQ(categoryOf(19, 3 * 24 * 60 * kMinute, 3 * 24 * 60 * kMinute, true),
            (Category{Board::Nineteen, Speed::Correspondence}));
  EXPECT_EQ(categoryOf(11, 5 * kMinute, 0, false), std::nullopt) << "not a rated size";
  EXPECT_EQ(categoryOf(4, 5 * kMinute, 0, false), std::nullopt);
}

TEST(RatingCategory, NamesRoundTrip) {
  for (Board b : {Board::Small, Board::Thirteen, Board::Nineteen})
    for (Speed s : {Speed::Rapid, Speed::Classical, Speed::Correspondence})
      EXPECT_EQ(categoryFromName(categoryName(Category{b, s})), (Category{b, s}));
  EXPECT_EQ(categoryName(Category{Board::Small, Speed::Rapid}), "small-rapid");
  EXPECT_EQ(categoryName(Category{Board::Nineteen, Speed::Correspondence}), "19-correspondence");
  EXPECT_EQ(categoryFromName("9-rapid"), std::nullopt);
  EXPECT_EQ(categoryFromName(""), std::nullopt);
}

}  // namespace
}  // namespace pg::rating
