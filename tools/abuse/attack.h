// `pg_abuse attack`: one hostile client address against a running `phantomgo serve` (issue #34,
// tools/abuse_test.sh). For a given time, as fast as the server answers, it opens WebSocket
// connections and holds them, creates tables (online and against the computer) and joins some,
// joins tables as a spectator from many connections, floods chat from every joined connection,
// and hammers GET /api/info and GET /api/tables/<id>. Every failure is counted and tolerated
// (refusals, resets, closes, a server that is down for a while).
#pragma once

#include <cstdint>
#include <string>

namespace pg::abuse {

struct AttackOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  std::string from = "127.0.0.2";  ///< the attacker's source address
  double seconds = 30;
  int threads = 2;      ///< io_contexts, one thread each (at most 2)
  int max_open = 3000;  ///< WebSocket connections open at once, at most
  int holders = 2;      ///< per thread: coroutines that open and hold bare connections
  int creators = 1;     ///< per thread: coroutines creating (and joining) tables
  int spectators = 2;   ///< per thread: coroutines joining tables as spectators
  int hammers = 1;      ///< per thread: coroutines hammering the read-only API
  int retry_ms = 10;    ///< pause after a connection failure (the server is down)
  bool json = false;
};

/// Runs the attack until its time is up or SIGINT/SIGTERM, prints the counts (`attack: <kind>
/// <count>` lines, or one JSON object) and returns the exit code (0 unless it could not run).
int runAttack(const AttackOptions& o);

}  // namespace pg::abuse
