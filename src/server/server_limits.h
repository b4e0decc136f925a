// The server's protective limits, each a named setting with its default. The main ones have
// flags on `phantomgo serve`; docs/protocol.md lists them for client writers.
#pragma once

#include <chrono>
#include <cstddef>

namespace pg {

struct ServerLimits {
  /// Largest WebSocket frame (message) a client may send; larger closes the connection (1009).
  std::size_t max_frame_bytes = 16 * 1024;
  /// Token bucket per connection: sustained messages per second, and the burst allowed.
  double messages_per_second = 20;
  double message_burst = 40;
  /// A WebSocket that has not joined a table by then is closed.
  std::chrono::milliseconds join_timeout{30000};
  /// A WebSocket that answers no ping for this long is closed (pings go out at half of it).
  std::chrono::milliseconds idle_timeout{120000};
  /// Time allowed to read one HTTP request, or to complete the WebSocket handshake.
  std::chrono::milliseconds http_timeout{30000};
  /// Open TCP connections (HTTP and WebSocket together); further ones are answered 503
  /// `server-busy` (a few at a time; beyond those, closed at once). 0: derived from the
  /// open-file limit when the server starts (connectionBudget in fd_budget.h), which also
  /// lowers a value larger than the descriptors allow.
  std::size_t max_connections = 0;
  /// Outgoing frames queued for one connection; a client that reads nothing is dropped.
  std::size_t max_queued_frames = 4096;
  /// Largest HTTP request body.
  std::size_t max_body_bytes = 64 * 1024;
  /// Tables held in memory (every unfinished one, and finished ones being watched).
  std::size_t max_tables = 10000;
  /// The lobby, per client address (client_address.h): open challenges at once, and
  /// challenges created within an hour; beyond, `429 rate-limited`.
  int challenges_open_per_address = 3;
  int challenges_per_hour_per_address = 10;
  /// An untaken challenge leaves the lobby this long after its creation.
  std::chrono::milliseconds challenge_ttl{15 * 60 * 1000};
  /// Challenges listed by GET /api/challenges at most (the oldest first).
  int challenges_listed = 100;
};

}  // namespace pg
