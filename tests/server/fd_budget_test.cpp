// The connection limit derived from the open-file limit (fd_budget.h).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include "server/net/fd_budget.h"

namespace pg {
namespace {

TEST(FdBudget, DefaultIsTheLimitLessTheReserve) {
  EXPECT_EQ(connectionBudget(1024, 0).max_connections, 1024 - kFdReserve);
  EXPECT_EQ(connectionBudget(65536, 0).max_connections, 65536 - kFdReserve);
  EXPECT_EQ(connectionBudget(524288, 0).max_connections, 524288 - kFdReserve);
  EXPECT_FALSE(connectionBudget(1024, 0).lowered);
}

TEST(FdBudget, NeverBelowTheMinimum) {
  EXPECT_EQ(connectionBudget(0, 0).max_connections, kMinConnections);
  EXPECT_EQ(connectionBudget(20, 0).max_connections, kMinConnections);
  EXPECT_EQ(connectionBudget(kFdReserve + kMinConnections, 0).max_connections, kMinConnections);
  EXPECT_EQ(connectionBudget(kFdReserve + kMinConnections + 1, 0).max_connections,
            kMinConnections + 1);
}

TEST(FdBudget, AnExplicitLimitIsKeptOrLowered) {
  EXPECT_EQ(connectionBudget(1024, 500).max_connections, 500u);
  EXPECT_FALSE(connectionBudget(1024, 500).lowered);
  EXPECT_EQ(connectionBudget(1024, 1024 - kFdReserve).max_connections, 1024 - kFdReserve);
  EXPECT_FALSE(connectionBudget(1024, 1024 - kFdReserve).lowered);
  const ConnectionBudget b = connectionBudget(1024, 20000);
  EXPECT_EQ(b.max_connections, 1024 - kFdReserve);
  EXPECT_TRUE(b.lowered);
  // A small explicit limit is kept even below the derived minimum (tests use 2 or 3).
  EXPECT_EQ(connectionBudget(1024, 2).max_connections, 2u);
}

TEST(FdBudget, AnUnlimitedLimitCountsAsTheKernelCeiling) {
  const std::size_t ceiling = (std::size_t{1} << 20) - kFdReserve;
  EXPECT_EQ(connectionBudget(RLIM_INFINITY, 0).max_connections, ceiling);
  EXPECT_EQ(connectionBudget(uint64_t{1} << 40, 0).max_connections, ceiling);
  EXPECT_EQ(connectionBudget(RLIM_INFINITY, 20000).max_connections, 20000u);
}

TEST(FdBudget, RaiseReachesTheHardLimit) {
  const FdLimits l = raiseFdLimit();
  ASSERT_TRUE(l.error.empty()) << l.error;
  EXPECT_EQ(l.soft, l.hard);
  EXPECT_GE(l.soft, l.soft_before);
  rlimit now{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &now), 0);
  EXPECT_EQ(now.rlim_cur, l.soft);
}

}  // namespace
}  // namespace pg
