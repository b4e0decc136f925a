// The loopback latency tool behind `phantomgo loadtest`: two WebSocket clients play random
// online games and time each try from the moment it is sent until both players have their
// answer (the mover's stone/illegal event and the opponent's moved/rejected event).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pg {

struct LatencyConfig {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  int moves = 1000;  ///< tries (and passes) to time
  int size = 9;
  uint64_t seed = 1;
};

struct LatencyResult {
  int moves = 0;
  int games = 0;
  double median_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
  double mean_ms = 0;
  double seconds = 0;  ///< wall time of the whole run
};

/// Runs against the server at host:port. Throws std::runtime_error on a protocol failure.
LatencyResult runLatencyProbe(const LatencyConfig& cfg);
/// The q-quantile (0..1) of the values, nearest rank. Precondition: !values.empty().
double quantile(std::vector<double> values, double q);

}  // namespace pg
