// What an arena's creation asks for (POST /api/arenas, docs/protocol.md "Arenas"), checked, and
// the setup of each game the arena pairs: an online table with the arena's rules and clock,
// its seats named after the two players, rated when its rules and clock have a rating
// category (plain Phantom Go on a rated size: rated like any rated game of the site).
#pragma once

#include <cstdint>
#include <string>

#include "protocol/json.h"
#include "server/table/table_setup.h"
#include "store/stored.h"

namespace pg {

/// The bounds a creation is checked against.
struct ArenaLimits {
  int min_seconds = 300;
  int max_seconds = 14400;
  int64_t max_ahead_ms = 7LL * 24 * 60 * 60 * 1000;  ///< how far ahead it may start
};

/// A creation request, checked.
struct ArenaRequest {
  std::string name;
  int64_t starts_at = 0;
  int64_t ends_at = 0;
  Json setup;  ///< {"rules", "clock"}: the games' setup as stored with the arena
};

/// Checks {name, starts_at (ms; at most a minute in the past: it then starts now), duration_s,
/// size, rules, clock} against `limits` at `now`. The rules are a table's (docs/protocol.md),
/// `size` a shorthand for rules.size; the clock is a Fischer clock (default 3 min + 2 s): a
/// game of an arena must end in its time. Throws ProtocolError with a plain English reason.
ArenaRequest arenaRequestFromJson(const Json& body, int64_t now, const ArenaLimits& limits);

/// The setup of a game of the arena whose stored setup is `arena_setup`.
TableSetup arenaGameSetup(const Json& arena_setup, const std::string& black_name,
                          const std::string& white_name);

/// A new table for that game, with fresh id and seat tokens, created and started at `now`
/// (started: each seat's first move has its time from when the table is loaded, so a player
/// who never comes aborts the game instead of holding their opponent forever).
StoredTable arenaGameTable(const TableSetup& setup, int64_t now);

}  // namespace pg
