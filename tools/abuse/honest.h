// `pg_abuse honest` and `pg_abuse probe`: the honest client of the hostile-client test (issue
// #34, tools/abuse_test.sh), from an address of its own. `honest` plays whole online games
// between two WebSocket connections and times each try (and pass) from the moment it is sent
// until the mover has its answer; `probe` measures how soon a (restarted) server serves a
// table again.
#pragma once

#include <cstdint>
#include <string>

namespace pg::abuse {

struct HonestOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  std::string from = "127.0.0.3";  ///< the honest player's source address
  double seconds = 15;             ///< no new game starts after this; a game under way resigns
  int size = 9;
  double think_ms = 50;  ///< mean pause before each action (uniform 0..2x)
  int max_turns = 60;    ///< from this turn on both players pass, which ends the game
  double p99_limit_ms = 50;
  int timeout_ms = 5000;  ///< an answer later than this is an error
  uint64_t seed = 1;
  bool json = false;
};

/// Plays until the time is up; prints games, tries, percentiles and errors. Returns 0 if there
/// was no error, at least one timed try, and the p99 was under the limit; 1 otherwise.
int runHonest(const HonestOptions& o);

struct ProbeOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  std::string from = "127.0.0.3";
  int timeout_ms = 5000;
  bool json = false;
};

/// Creates a table and joins a seat, again and again until that works; prints the ms it took
/// from the start. Returns 0 if it worked within the timeout.
int runProbe(const ProbeOptions& o);

}  // namespace pg::abuse
