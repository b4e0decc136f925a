// The subcommands of the phantomgo binary. Each one lives in its own cmd_*.cpp and registers
// itself on the application through one add*Command function; main.cpp calls them in order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli11.h"
#include "rules/board.h"

namespace pg {

/// `phantomgo gtp`: a GTP v2 engine for plain Go on stdin/stdout (cmd_gtp.cpp).
void addGtpCommand(CLI::App& app);
/// `phantomgo bench playouts|search|referee`: the core's speed and the referee's rejection
/// timing (cmd_bench.cpp).
void addBenchCommand(CLI::App& app);
/// `phantomgo bench belief`: the beliefs' weight on the true hidden stones (bench_belief.cpp).
void addBeliefBench(CLI::App& bench);
/// `phantomgo bench nn`: evaluations per second of a network of src/nn (bench_nn.cpp).
void addNnBench(CLI::App& bench);
/// `phantomgo match`: games between two players with the referee (cmd_match.cpp).
void addMatchCommand(CLI::App& app);
/// `phantomgo serve`: the game server (cmd_serve.cpp).
void addServeCommand(CLI::App& app);
/// `phantomgo backup`: a consistent copy of a live SQLite store (cmd_backup.cpp).
void addBackupCommand(CLI::App& app);
/// `phantomgo loadtest`: loopback latency of the server (cmd_loadtest.cpp).
void addLoadtestCommand(CLI::App& app);

// ---- The playout benchmark, callable without a process (cmd_bench.cpp) ----

struct PlayoutBenchConfig {
  int size = 9;  ///< kMinSize..kMaxSize
  Topology topology = Topology::Planar;
  double seconds = 1.0;  ///< > 0; at least one playout runs whatever the time
  uint64_t seed = 1;
  double komi = 7.5;  ///< used only for the black win rate
};

struct PlayoutBenchResult {
  int64_t playouts = 0;
  int64_t moves = 0;       ///< stones played in all playouts
  int64_t finished = 0;    ///< playouts that ended by two passes (not by the move cap)
  int64_t black_wins = 0;  ///< playoutScore - komi > 0
  double elapsed = 0;      ///< wall-clock seconds actually spent
  /// CPU seconds the benchmark thread used (0 if unknown). On a shared machine the thread may
  /// get only part of a core; the rate per CPU second is then the speed of one core.
  double cpu_seconds = 0;

  /// Playouts per CPU second of the thread when known, else per wall-clock second.
  double playoutsPerSecond() const {
    const double t = cpu_seconds > 0 ? cpu_seconds : elapsed;
    return t > 0 ? playouts / t : 0;
  }
  double wallPlayoutsPerSecond() const { return elapsed > 0 ? playouts / elapsed : 0; }
  double movesPerPlayout() const { return playouts > 0 ? double(moves) / playouts : 0; }
  double blackWinRate() const { return playouts > 0 ? double(black_wins) / playouts : 0; }
};

/// Runs playouts on one thread from an empty board (move cap 3 x points) for cfg.seconds.
PlayoutBenchResult runPlayoutBench(const PlayoutBenchConfig& cfg);
/// Info lines, the last one "playouts/s: N"; ends with a newline.
std::string playoutBenchText(const PlayoutBenchConfig& cfg, const PlayoutBenchResult& r);
/// {"size","torus","seconds","playouts","playouts_per_second","moves_per_playout",
/// "black_win_rate"}.
nlohmann::json playoutBenchJson(const PlayoutBenchConfig& cfg, const PlayoutBenchResult& r);

// ---- The search benchmark (cmd_bench.cpp) ----

struct SearchBenchConfig {
  int size = 9;
  Topology topology = Topology::Planar;
  double seconds = 2.0;  ///< search time per position
  std::vector<int> turns{0, 1, 10, 20, 40};
  int threads = 1;
  uint64_t seed = 1;
};

struct SearchBenchRow {
  int turn = 0;
  Color to_move = Color::Black;
  int hidden = 0;  ///< opponent stones the mover cannot see
  int64_t playouts = 0;
  double seconds = 0, cpu_seconds = 0;
  /// Wall-clock time of the whole call, from the caller's side: what the time budget bounds.
  double wall_seconds = 0;
  double playoutsPerSecond() const {
    const double t = cpu_seconds > 0 ? cpu_seconds : seconds;
    return t > 0 ? static_cast<double>(playouts) / t : 0;
  }
};

/// One search of cfg.seconds on cfg.threads threads (rates per CPU second of the process) at each
/// position of cfg.turns (positions of one random game; a turn after the game's end is skipped).
std::vector<SearchBenchRow> runSearchBench(const SearchBenchConfig& cfg);
std::string searchBenchText(const SearchBenchConfig& cfg, const std::vector<SearchBenchRow>& rows,
                            const PlayoutBenchResult& bench);

// ---- The referee's rejection timing (cmd_bench.cpp) ----

struct RefereeBenchConfig {
  int size = 9;
  double seconds = 2.0;
};

/// The referee's time to answer "illegal", per reason, from one run in which the three are
/// timed in turn (occupied, suicide, ko, occupied, ...), so that drift hits all three alike.
struct RefereeBenchReason {
  std::string reason;  ///< "occupied" | "suicide" | "ko"
  int64_t samples = 0;
  double median_ns = 0, p10_ns = 0, p90_ns = 0;
};
struct RefereeBenchResult {
  std::vector<RefereeBenchReason> reasons;  ///< occupied, suicide, ko
  double elapsed = 0;
  /// median(reason) / median(occupied); 0 when occupied's median is 0.
  double ratio(const std::string& reason) const;
};

/// Black tries A1 in three positions (a hidden white stone, a suicide, a ko retake) over and
/// over, each try on a fresh copy of the referee, for about cfg.seconds.
RefereeBenchResult runRefereeBench(const RefereeBenchConfig& cfg);
/// Ends with the lines "ratio suicide/occupied: R" and "ratio ko/occupied: R".
std::string refereeBenchText(const RefereeBenchConfig& cfg, const RefereeBenchResult& r);
/// {"size","seconds","reasons":[{"reason","samples","median_ns","p10_ns","p90_ns"}...],
/// "ratios":{"suicide/occupied","ko/occupied"}}.
nlohmann::json refereeBenchJson(const RefereeBenchConfig& cfg, const RefereeBenchResult& r);

}  // namespace pg
