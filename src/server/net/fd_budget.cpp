#include "server/net/fd_budget.h"

#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace pg {

namespace {

constexpr uint64_t kFdCeiling = uint64_t{1} << 20;

}  // namespace

ConnectionBudget connectionBudget(uint64_t fd_limit, std::size_t requested) {
  const uint64_t fds = std::min(fd_limit, kFdCeiling);
  const std::size_t allowed = fds > kFdReserve + kMinConnections
                                  ? static_cast<std::size_t>(fds - kFdReserve)
                                  : kMinConnections;
  if (requested == 0) return {allowed, false};
  if (requested > allowed) return {allowed, true};
  return {requested, false};
}

FdLimits raiseFdLimit() {
  FdLimits out;
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0) {
    out.error = std::strerror(errno);
    return out;
  }
  out.soft_before = out.soft = rl.rlim_cur;
  out.hard = rl.rlim_max;
  if (rl.rlim_cur >= rl.rlim_max) return out;
  rlimit raised = rl;
  raised.rlim_cur = rl.rlim_max;
  if (setrlimit(RLIMIT_NOFILE, &raised) != 0) {
    out.error = std::strerror(errno);
    return out;
  }
  out.soft = raised.rlim_cur;
  return out;
}

}  // namespace pg
