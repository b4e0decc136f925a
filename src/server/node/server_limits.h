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
  /// Tables held in memory: those in play, and the waiting or finished ones that a connection
  /// has joined. A waiting table is in the store only until someone joins it (and leaves
  /// memory when its last connection goes), so it counts toward its creator's waiting tables
  /// (below), not toward this. Past it, creations are answered 503 server-full and joins of a
  /// table not in memory `server-full`.
  std::size_t max_tables = 10000;
  /// The lobby, per client address (client_address.h): open challenges at once, and
  /// challenges created within an hour; beyond, `429 rate-limited`.
  int challenges_open_per_address = 3;
  int challenges_per_hour_per_address = 10;
  /// An untaken challenge leaves the lobby this long after its creation.
  std::chrono::milliseconds challenge_ttl{15 * 60 * 1000};
  /// Challenges listed by GET /api/challenges at most (the oldest first).
  int challenges_listed = 100;

  // Per client address (client_address.h: the TCP peer, or the address a trusted proxy
  // names). Every refusal is `429 rate-limited` with Retry-After (a WebSocket error frame of
  // that code for a join), counted in /metrics by kind. The defaults leave room for a family or
  // a school behind one address; docs/security.md gives the reasons, docs/deploy.md how to
  // raise them.

  /// Open connections (HTTP and WebSocket together) at once.
  std::size_t connections_per_address = 256;
  /// WebSocket joins (token bucket): sustained per second, and the burst allowed.
  double joins_per_second_per_address = 10;
  double join_burst_per_address = 60;
  /// Requests to /api/ (token bucket): sustained per second, and the burst allowed. Static
  /// files, /healthz and /metrics are not counted.
  double api_requests_per_second_per_address = 20;
  double api_burst_per_address = 100;
  /// Tables created (POST /api/tables and the lobby's challenges; rematches are not) within a
  /// minute and within an hour, counted in the store (every node of a cluster sees the same).
  int tables_per_minute_per_address = 30;
  int tables_per_hour_per_address = 300;
  /// Waiting tables (created, not yet started) at once, counted in the store as well.
  int waiting_tables_per_address = 50;
  /// Spectator connections on one table.
  int spectators_per_table_per_address = 16;
  /// Account attempts (docs/protocol.md, "Accounts"), counted in the store: sign-ups begun an
  /// hour, sign-ins begun in ten minutes, names checked in ten minutes, recoveries tried an
  /// hour (each costs the server ten Argon2id checks).
  int sign_ups_per_hour_per_address = 10;
  int sign_ins_per_10_minutes_per_address = 30;
  int name_checks_per_10_minutes_per_address = 120;
  int recoveries_per_hour_per_address = 10;
  /// E-mail addresses set (each sends a verification mail) and sign-in links asked for.
  int email_changes_per_hour_per_address = 10;
  int email_sign_ins_per_hour_per_address = 10;

  /// A table that has not started this long after its creation (its players never all joined)
  /// is expired: closed with no result and deleted from the store.
  std::chrono::milliseconds waiting_table_ttl{24 * 3600 * 1000};
  /// For a load test, whose every client comes from one address: the limits per address
  /// (above) out of the way.
  void liftPerAddress() {
    constexpr int kMany = 1 << 30;
    connections_per_address = kMany;
    joins_per_second_per_address = join_burst_per_address = kMany;
    api_requests_per_second_per_address = api_burst_per_address = kMany;
    tables_per_minute_per_address = tables_per_hour_per_address = kMany;
    waiting_tables_per_address = spectators_per_table_per_address = kMany;
    sign_ups_per_hour_per_address = sign_ins_per_10_minutes_per_address = kMany;
    name_checks_per_10_minutes_per_address = recoveries_per_hour_per_address = kMany;
    email_changes_per_hour_per_address = email_sign_ins_per_hour_per_address = kMany;
  }

  /// How often the node looks for expired tables, and for finished or waiting tables that no
  /// connection holds (loaded by GET /api/tables/<id>; they leave memory after one to two
  /// intervals).
  std::chrono::milliseconds expiry_interval{60 * 1000};
};

}  // namespace pg
