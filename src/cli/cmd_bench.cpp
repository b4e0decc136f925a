// `phantomgo bench playouts`: how many light random playouts one thread runs per second.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "rules/playout.h"
#include "rules/rules.h"

namespace pg {

namespace {
double threadCpuSeconds() {
  timespec ts{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
}  // namespace

PlayoutBenchResult runPlayoutBench(const PlayoutBenchConfig& cfg) {
  using Clock = std::chrono::steady_clock;
  const Board empty(cfg.size, cfg.topology);
  const int max_moves = 3 * empty.numPoints();
  Rng rng(cfg.seed);
  Board board(empty);
  PlayoutBenchResult r;
  const double cpu_start = threadCpuSeconds();
  const Clock::time_point start = Clock::now();
  const auto budget = std::chrono::duration<double>(cfg.seconds);
  Clock::time_point now = start;
  do {
    board = empty;
    const PlayoutResult p = randomPlayout(board, Color::Black, rng, max_moves);
    ++r.playouts;
    r.moves += p.moves;
    r.finished += p.finished ? 1 : 0;
    if (playoutScore(board) - cfg.komi > 0) ++r.black_wins;
    now = Clock::now();
  } while (now - start < budget);
  r.elapsed = std::chrono::duration<double>(now - start).count();
  r.cpu_seconds = threadCpuSeconds() - cpu_start;
  return r;
}

std::string playoutBenchText(const PlayoutBenchConfig& cfg, const PlayoutBenchResult& r) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "board: %dx%d %s, komi %.1f, one thread, seed %llu\n"
                "seconds: %.3f (cpu %.3f)\n"
                "playouts: %lld\n"
                "moves/playout: %.1f\n"
                "ended by two passes: %.1f%%\n"
                "black win rate: %.3f\n"
                "wall-clock playouts/s: %lld\n"
                "playouts/s: %lld\n",
                cfg.size, cfg.size, std::string(topologyName(cfg.topology)).c_str(), cfg.komi,
                static_cast<unsigned long long>(cfg.seed), r.elapsed, r.cpu_seconds,
                static_cast<long long>(r.playouts), r.movesPerPlayout(),
                r.playouts > 0 ? 100.0 * double(r.finished) / double(r.playouts) : 0.0,
                r.blackWinRate(), static_cast<long long>(std::llround(r.wallPlayoutsPerSecond())),
                static_cast<long long>(std::llround(r.playoutsPerSecond())));
  return buf;
}

nlohmann::json playoutBenchJson(const PlayoutBenchConfig& cfg, const PlayoutBenchResult& r) {
  return nlohmann::json{
      {"size", cfg.size},
      {"torus", cfg.topology == Topology::Torus},
      {"seconds", r.elapsed},
      {"cpu_seconds", r.cpu_seconds},
      {"wall_playouts_per_second", r.wallPlayoutsPerSecond()},
      {"playouts", r.playouts},
      {"playouts_per_second", r.playoutsPerSecond()},
      {"moves_per_playout", r.movesPerPlayout()},
      {"black_win_rate", r.blackWinRate()},
  };
}

void addBenchCommand(CLI::App& app) {
  struct Args {
    PlayoutBenchConfig cfg;
    bool torus = false;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* bench = app.add_subcommand("bench", "Measure the speed of the core");
  bench->require_subcommand(1);
  CLI::App* sub = bench->add_subcommand(
      "playouts",
      "Light random playouts from the empty board on one thread; the last line is "
      "'playouts/s: N'");
  sub->add_option("--size", args->cfg.size, "board size")
      ->check(CLI::Range(kMinSize, kMaxSize))
      ->capture_default_str();
  sub->add_flag("--torus", args->torus, "the board wraps around at its edges");
  sub->add_option("--seconds", args->cfg.seconds, "how long to run")
      ->check(CLI::Range(0.001, 86400.0))
      ->capture_default_str();
  sub->add_option("--seed", args->cfg.seed, "random seed")->capture_default_str();
  sub->add_flag("--json", args->json, "print one JSON object instead of text");
  sub->callback([args] {
    PlayoutBenchConfig cfg = args->cfg;
    cfg.topology = args->torus ? Topology::Torus : Topology::Planar;
    const PlayoutBenchResult r = runPlayoutBench(cfg);
    if (args->json)
      std::cout << playoutBenchJson(cfg, r).dump() << '\n';
    else
      std::cout << playoutBenchText(cfg, r);
    std::cout.flush();
  });
}

}  // namespace pg
