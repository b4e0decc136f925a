// The time a searching player saves and spends (ai/time_bank.h): over a game it never spends
// more than the sum of its shares.
#include <gtest/gtest.h>

#include <random>

#include "ai/time_bank.h"

namespace pg {
namespace {

TEST(TimeBank, AFreshBankGrantsTheShareAndNoExtraTime) {
  TimeBank bank;
  const TimeBank::Grant g = bank.grant(0.25);
  EXPECT_DOUBLE_EQ(g.seconds, 0.25);
  EXPECT_DOUBLE_EQ(g.extra_seconds, 0.0);
}

TEST(TimeBank, TimeSavedOnOneMoveIsSpreadOverTheNextAndKeptForAnUnsettledChoice) {
  TimeBank bank;
  bank.settle(bank.grant(0.25), 0.05);
  EXPECT_DOUBLE_EQ(bank.balance(), 0.20);
  const TimeBank::Grant g = bank.grant(0.25);
  EXPECT_DOUBLE_EQ(g.seconds, 0.25 + 0.05) << "a quarter of the balance";
  EXPECT_DOUBLE_EQ(g.extra_seconds, 0.15) << "the rest, at most the action's own time";
  bank.settle(g, g.seconds + g.extra_seconds);
  EXPECT_NEAR(bank.balance(), 0.0, 1e-12);
}

TEST(TimeBank, TheExtraTimeIsAtMostTheActionsOwnTime) {
  TimeBank bank;
  for (int i = 0; i < 10; ++i) bank.settle(bank.grant(0.25), 0.0);
  const TimeBank::Grant g = bank.grant(0.1);
  EXPECT_LE(g.extra_seconds, g.seconds);
  EXPECT_GT(g.extra_seconds, 0.0);
}

TEST(TimeBank, AGameNeverSpendsMoreThanItsShares) {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int game = 0; game < 200; ++game) {
    TimeBank bank;
    double shares = 0, used = 0;
    for (int action = 0; action < 120; ++action) {
      const double share = action % 3 == 2 ? 0.0625 : 0.25;
      const TimeBank::Grant g = bank.grant(share);
      // Anything from an early stop to the whole extension.
      const double took = unit(rng) * (g.seconds + g.extra_seconds);
      bank.settle(g, took);
      shares += share;
      used += took;
      ASSERT_GE(bank.balance(), 0.0);
      ASSERT_NEAR(used + bank.balance(), shares, 1e-9) << "game " << game << " action " << action;
    }
  }
}

}  // namespace
}  // namespace pg
