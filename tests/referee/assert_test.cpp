// The referee's documented preconditions are checked by PG_ASSERT in the sanitizer and fuzz
// builds (PG_ASSERTS); elsewhere these tests are skipped, since the checks compile to nothing.
#include <gtest/gtest.h>

#include "referee/referee.h"
#include "referee/view.h"

namespace pg {
namespace {

#ifdef PG_ASSERTS
constexpr bool kAsserts = true;
#else
constexpr bool kAsserts = false;
#endif

TEST(RefereeAssertDeathTest, ResultBeforeTheEndDies) {
  if (!kAsserts) GTEST_SKIP() << "PG_ASSERT is off in this build";
  const Referee referee(Rules{});
  EXPECT_DEATH((void)referee.result(), "a result exists only after the end");
}

TEST(RefereeAssertDeathTest, RevealBeforeTheEndDies) {
  if (!kAsserts) GTEST_SKIP() << "PG_ASSERT is off in this build";
  const View view(Rules{}, Audience::Black);
  EXPECT_DEATH((void)view.reveal(), "the reveal exists only after the end");
}

TEST(RefereeAssertDeathTest, AudienceOfEmptyDies) {
  if (!kAsserts) GTEST_SKIP() << "PG_ASSERT is off in this build";
  volatile Color empty = Color::Empty;
  EXPECT_DEATH((void)audienceOf(empty), "audienceOf takes a player's colour");
}

TEST(RefereeAssertDeathTest, UnplayableRulesDie) {
  if (!kAsserts) GTEST_SKIP() << "PG_ASSERT is off in this build";
  Rules rules;
  rules.komi = 0.3;  // not a multiple of 0.5: every part of the game can still be built
  EXPECT_DEATH(Referee{rules}, "the rules are playable");
}

}  // namespace
}  // namespace pg
