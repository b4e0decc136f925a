// `phantomgo bench playouts`: how many light random playouts one thread runs per second.
// `phantomgo bench search`: playouts per CPU second inside the phantom search.
// `phantomgo bench referee`: the referee's time to reject a try, for each of the three reasons.
// `phantomgo bench belief` is in bench_belief.cpp, `phantomgo bench nn` in bench_nn.cpp.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
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

namespace {

/// Black's try at A1 is illegal after these moves (Black first, alternating): A1 holds White's
/// hidden stone, is a suicide, or retakes a ko (positional superko). Corner positions: the same
/// on every size.
struct RejectionPosition {
  const char* reason;
  std::vector<const char*> moves;
};
const std::vector<RejectionPosition>& rejectionPositions() {
  static const std::vector<RejectionPosition> kPositions{
      {"occupied", {"E5", "A1", "E4", "B2", "D5", "C2"}},
      {"suicide", {"E5", "A2", "E4", "B1", "D5", "C3"}},
      {"ko", {"A1", "A2", "C1", "E5", "B2", "B1"}},
  };
  return kPositions;
}

double percentile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

}  // namespace

double RefereeBenchResult::ratio(const std::string& reason) const {
  double occupied = 0, other = 0;
  for (const RefereeBenchReason& r : reasons) {
    if (r.reason == "occupied") occupied = r.median_ns;
    if (r.reason == reason) other = r.median_ns;
  }
  return occupied > 0 ? other / occupied : 0;
}

RefereeBenchResult runRefereeBench(const RefereeBenchConfig& cfg) {
  using Clock = std::chrono::steady_clock;
  Rules rules;
  rules.size = cfg.size;
  std::vector<Referee> base;
  for (const RejectionPosition& pos : rejectionPositions()) {
    Referee r(rules);
    for (const char* m : pos.moves) r.tryPoint(r.toMove(), *parsePoint(m, cfg.size));
    base.push_back(std::move(r));
  }
  const Point a1 = *parsePoint("A1", cfg.size);
  std::vector<std::vector<double>> ns(base.size());
  const Clock::time_point start = Clock::now();
  const auto budget = std::chrono::duration<double>(cfg.seconds);
  Clock::time_point now = start;
  do {
    // A round of 64 tries of each reason, interleaved, between two looks at the budget.
    for (int round = 0; round < 64; ++round) {
      for (std::size_t i = 0; i < base.size(); ++i) {
        Referee r = base[i];  // the copy is not timed
        const Clock::time_point t0 = Clock::now();
        const Answer a = r.tryPoint(Color::Black, a1);
        const Clock::time_point t1 = Clock::now();
        if (!a.accepted() || a.legal)
          throw std::logic_error("bench referee: a try was not rejected");
        ns[i].push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
      }
    }
    now = Clock::now();
  } while (now - start < budget);
  RefereeBenchResult out;
  out.elapsed = std::chrono::duration<double>(now - start).count();
  for (std::size_t i = 0; i < base.size(); ++i) {
    RefereeBenchReason r;
    r.reason = rejectionPositions()[i].reason;
    r.samples = static_cast<int64_t>(ns[i].size());
    r.median_ns = percentile(ns[i], 0.5);
    r.p10_ns = percentile(ns[i], 0.1);
    r.p90_ns = percentile(ns[i], 0.9);
    out.reasons.push_back(r);
  }
  return out;
}

std::string refereeBenchText(const RefereeBenchConfig& cfg, const RefereeBenchResult& r) {
  std::string text;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "board: %dx%d, Black tries A1, the three reasons interleaved, %.3f s\n", cfg.size,
                cfg.size, r.elapsed);
  text += buf;
  for (const RefereeBenchReason& x : r.reasons) {
    std::snprintf(buf, sizeof buf, "%-8s n=%lld median %.1f ns (p10 %.1f, p90 %.1f)\n",
                  x.reason.c_str(), static_cast<long long>(x.samples), x.median_ns, x.p10_ns,
                  x.p90_ns);
    text += buf;
  }
  std::snprintf(buf, sizeof buf, "ratio suicide/occupied: %.2f\nratio ko/occupied: %.2f\n",
                r.ratio("suicide"), r.ratio("ko"));
  text += buf;
  return text;
}

nlohmann::json refereeBenchJson(const RefereeBenchConfig& cfg, const RefereeBenchResult& r) {
  nlohmann::json reasons = nlohmann::json::array();
  for (const RefereeBenchReason& x : r.reasons)
    reasons.push_back({{"reason", x.reason},
                       {"samples", x.samples},
                       {"median_ns", x.median_ns},
                       {"p10_ns", x.p10_ns},
                       {"p90_ns", x.p90_ns}});
  return nlohmann::json{
      {"size", cfg.size},
      {"seconds", r.elapsed},
      {"reasons", reasons},
      {"ratios", {{"suicide/occupied", r.ratio("suicide")}, {"ko/occupied", r.ratio("ko")}}},
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

  auto rargs = std::make_shared<RefereeBenchConfig>();
  auto rjson = std::make_shared<bool>(false);
  CLI::App* rsub = bench->add_subcommand(
      "referee",
      "The referee's time to reject a try for each reason (occupied by a hidden stone, suicide, "
      "ko), interleaved in one run; the last lines are 'ratio suicide/occupied: R' and "
      "'ratio ko/occupied: R'");
  rsub->add_option("--size", rargs->size, "board size")
      ->check(CLI::Range(kMinSize, kMaxTableSize))
      ->capture_default_str();
  rsub->add_option("--seconds", rargs->seconds, "how long to run")
      ->check(CLI::Range(0.001, 86400.0))
      ->capture_default_str();
  rsub->add_flag("--json", *rjson, "print one JSON object instead of text");
  rsub->callback([rargs, rjson] {
    const RefereeBenchResult r = runRefereeBench(*rargs);
    if (*rjson)
      std::cout << refereeBenchJson(*rargs, r).dump() << '\n';
    else
      std::cout << refereeBenchText(*rargs, r);
    std::cout.flush();
  });
  addBeliefBench(*bench);
  addNnBench(*bench);
}

}  // namespace pg
