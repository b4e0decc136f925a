// The time a searching player saves and spends (ai/time_bank.h): over a game it never spends
// more than the sum of its shares.
#include <gtest/gtest.h>

#include <random>

#include "ai/time_bank.h"

namespace pg {
namespace {

TEST(TimeBank, AFreshBankGrantsTheShare) {
  TimeBank bank;
  EXPECT_DOUBLE_EQ(bank.grant(0.25), 0.25);
  EXPECT_DOUBLE_EQ(bank.balance(), 0.0);
}

TEST(TimeBank, TimeSavedOnOneMoveIsSpreadOverTheNext) {
  TimeBank bank;
  bank.settle(bank.grant(0.25), 0.05);
  EXPECT_DOUBLE_EQ(bank.balance(), 0.20);
  const double g = bank.grant(0.25);
  EXPECT_DOUBLE_EQ(g, 0.25 + 0.05) << "a quarter of the balance";
  EXPECT_DOUBLE_EQ(bank.balance(), 0.15) << "taken from the balance at once";
  bank.settle(g, g);
  EXPECT_DOUBLE_EQ(bank.balance(), 0.15);
}

TEST(TimeBank, AnOverrunComesOutOfTheBalanceDownToNothing) {
  TimeBank bank;
  bank.settle(bank.grant(0.25), 0.15);  // 0.10 saved
  bank.settle(bank.grant(0.25), 0.35);  // granted 0.275, overran by 0.075
  EXPECT_NEAR(bank.balance(), 0.0, 1e-12);
  bank.settle(bank.grant(0.25), 0.5);
  EXPECT_DOUBLE_EQ(bank.balance(), 0.0);
}

TEST(TimeBank, ACeilingBoundsTheGrantAndKeepsTheRestInTheBank) {
  TimeBank bank;
  for (int i = 0; i < 40; ++i) bank.settle(bank.grant(1.0), 0.1);  // 36 s saved
  ASSERT_NEAR(bank.balance(), 36.0, 1e-9);
  // A running clock with 3 s left: the table's ceiling is 0.3 s, its share 0.15 s.
  const double g = bank.grant(0.15, 0.3);
  EXPECT_DOUBLE_EQ(g, 0.3) << "a quarter of the balance would be 9 s";
  EXPECT_NEAR(bank.balance(), 36.0 - 0.15, 1e-9);
  EXPECT_DOUBLE_EQ(bank.grant(0.5, 0.3), 0.5) << "the share itself is never cut";
  EXPECT_NEAR(bank.balance(), 36.0 - 0.15, 1e-9);
}

TEST(TimeBank, AGameNeverSpendsMoreThanItsShares) {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int game = 0; game < 200; ++game) {
    TimeBank bank;
    double shares = 0, used = 0;
    for (int action = 0; action < 120; ++action) {
      const double share = action % 3 == 2 ? 0.0625 : 0.25;
      const double granted = bank.grant(share);
      // Anything from an early stop to the whole grant.
      const double took = unit(rng) * granted;
      bank.settle(granted, took);
      shares += share;
      used += took;
      ASSERT_GE(bank.balance(), 0.0);
      ASSERT_NEAR(used + bank.balance(), shares, 1e-9) << "game " << game << " action " << action;
    }
  }
}

}  // namespace
}  // namespace pg
