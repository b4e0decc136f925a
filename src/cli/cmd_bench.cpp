// `phantomgo bench playouts`: how many light random playouts one thread runs per second.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/search.h"
#include "cli/commands.h"
#include "referee/referee.h"
#include "rules/playout.h"
#include "rules/rules.h"

namespace pg {

namespace {
double threadCpuSeconds() {
  timespec ts{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
/// CPU seconds of all the process's threads (the search's workers included).
double processCpuSeconds() {
  timespec ts{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
}  // namespace

namespace {

/// A position of a game between two players who try uniformly random points of their own view
/// (the referee rejects what it must), stopped when `turn` turns are played. Empty if the game
/// ended before.
std::optional<Referee> randomPosition(const Rules& rules, int turn, Rng& rng) {
  Referee ref(rules);
  while (!ref.over() && ref.turn() < turn) {
    const Color c = ref.toMove();
    const View& v = ref.view(audienceOf(c));
    std::vector<Point> free;
    for (Point p = 0; p < rules.numPoints(); ++p) {
      const auto& tried = v.triedThisTurn();
      if (v.at(p) == Color::Empty && std::find(tried.begin(), tried.end(), p) == tried.end())
        free.push_back(p);
    }
    if (free.empty() || rng.below(50) == 0)
      ref.pass(c);
    else
      ref.tryPoint(c, free[rng.below(static_cast<uint32_t>(free.size()))]);
  }
  if (ref.over()) return std::nullopt;
  return ref;
}

}  // namespace

std::vector<SearchBenchRow> runSearchBench(const SearchBenchConfig& cfg) {
  Rules rules;
  rules.size = cfg.size;
  rules.topology = cfg.topology;
  Rng rng(cfg.seed);
  std::vector<SearchBenchRow> rows;
  for (int turn : cfg.turns) {
    const std::optional<Referee> ref = randomPosition(rules, turn, rng);
    if (!ref) continue;
    const Color c = ref->toMove();
    const View& view = ref->view(audienceOf(c));
    SearchBenchRow row;
    row.turn = turn;
    row.to_move = c;
    row.hidden = view.stoneCount(opponent(c));
    for (Point p = 0; p < rules.numPoints(); ++p)
      if (view.at(p) == opponent(c)) --row.hidden;
    const double cpu0 = processCpuSeconds();
    const auto wall0 = std::chrono::steady_clock::now();
    const SearchOutput out = runSearch(view, SearchParams{}, cfg.seconds, 0, cfg.threads,
                                       cfg.seed + static_cast<uint64_t>(turn), nullptr);
    row.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    row.cpu_seconds = processCpuSeconds() - cpu0;
    row.seconds = out.seconds;
    row.playouts = out.playouts;
    rows.push_back(row);
  }
  return rows;
}

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

std::string searchBenchText(const SearchBenchConfig& cfg, const std::vector<SearchBenchRow>& rows,
                            const PlayoutBenchResult& bench) {
  std::string text;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "board: %dx%d %s, %d search thread(s), %.2f s a position, seed %llu\n"
                "bench playouts/s (empty board, same process): %.0f\n",
                cfg.size, cfg.size, std::string(topologyName(cfg.topology)).c_str(), cfg.threads,
                cfg.seconds, static_cast<unsigned long long>(cfg.seed), bench.playoutsPerSecond());
  text += buf;
  for (const SearchBenchRow& r : rows) {
    std::snprintf(
        buf, sizeof buf,
        "turn %3d %s to move, %2d hidden stones: %lld playouts, %.0f playouts/CPU-s, "
        "%.2f of the bench, %.3f s wall\n",
        r.turn, r.to_move == Color::Black ? "black" : "white", r.hidden,
        static_cast<long long>(r.playouts), r.playoutsPerSecond(),
        bench.playoutsPerSecond() > 0 ? r.playoutsPerSecond() / bench.playoutsPerSecond() : 0.0,
        r.wall_seconds);
    text += buf;
  }
  if (!rows.empty()) {
    // The time budget, checked here rather than in a timed unit test: how far past it each
    // search returned.
    std::vector<double> over;
    for (const SearchBenchRow& r : rows) over.push_back(1000 * (r.wall_seconds - cfg.seconds));
    std::sort(over.begin(), over.end());
    std::snprintf(buf, sizeof buf, "past the %.2f s budget (ms): median %+.1f, max %+.1f\n",
                  cfg.seconds, over[over.size() / 2], over.back());
    text += buf;
  }
  return text;
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

  auto sargs = std::make_shared<SearchBenchConfig>();
  auto storus = std::make_shared<bool>(false);
  CLI::App* ssub = bench->add_subcommand(
      "search",
      "Playouts per CPU second inside the phantom search (sampling and root selection "
      "included) at positions of a random game, beside the playout bench");
  ssub->add_option("--size", sargs->size, "board size")
      ->check(CLI::Range(kMinSize, kMaxTableSize))
      ->capture_default_str();
  ssub->add_flag("--torus", *storus, "the board wraps around at its edges");
  ssub->add_option("--seconds", sargs->seconds, "search time per position")
      ->check(CLI::Range(0.01, 3600.0))
      ->capture_default_str();
  ssub->add_option("--turns", sargs->turns, "the positions: turns played before the search")
      ->capture_default_str();
  ssub->add_option("--threads", sargs->threads, "search threads (rates are per CPU second)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  ssub->add_option("--seed", sargs->seed, "random seed")->capture_default_str();
  ssub->callback([sargs, storus] {
    SearchBenchConfig cfg = *sargs;
    cfg.topology = *storus ? Topology::Torus : Topology::Planar;
    PlayoutBenchConfig pcfg;
    pcfg.size = cfg.size;
    pcfg.topology = cfg.topology;
    pcfg.seconds = cfg.seconds;
    pcfg.seed = cfg.seed;
    const PlayoutBenchResult base = runPlayoutBench(pcfg);
    const std::vector<SearchBenchRow> rows = runSearchBench(cfg);
    std::cout << searchBenchText(cfg, rows, base);
    std::cout.flush();
  });
}

}  // namespace pg
