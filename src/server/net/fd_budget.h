// How many connections a node can hold with its file descriptors: every open TCP connection is
// one descriptor, and a few more are kept for everything else (docs/server.md "Sizing a node").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pg {

/// Descriptors kept for what is not a client connection: the database and its WAL and shm
/// files, stdin/stdout/stderr and the log, the listening socket, Asio's epoll, eventfd and
/// timerfd, web files being read, and the busy answers in progress (kMaxRefusing in
/// server_context.h).
inline constexpr std::size_t kFdReserve = 64;
/// The fewest connections the derived default allows, however low the descriptor limit.
inline constexpr std::size_t kMinConnections = 16;

struct ConnectionBudget {
  std::size_t max_connections = 0;
  /// The requested limit was above what the descriptors allow and was lowered to it.
  bool lowered = false;
};

/// The connection limit for a soft RLIMIT_NOFILE of `fd_limit` (RLIM_INFINITY and limits above
/// 2^20, the kernel's default nr_open, count as 2^20): `requested` (0: none given, the
/// default), or `fd_limit - kFdReserve` (at least kMinConnections) when none is given or the
/// requested one is larger.
ConnectionBudget connectionBudget(uint64_t fd_limit, std::size_t requested);

/// The process's RLIMIT_NOFILE before and after raiseFdLimit().
struct FdLimits {
  uint64_t soft_before = 0;
  uint64_t soft = 0;  ///< the soft limit now
  uint64_t hard = 0;
  std::string error;  ///< why it could not be raised (empty: raised, or already at the hard one)
};

/// Raises the soft RLIMIT_NOFILE to the hard limit (setrlimit), for the whole process.
FdLimits raiseFdLimit();

}  // namespace pg
