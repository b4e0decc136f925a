// `phantomgo bench belief`: how much of each belief's weight lies on the true hidden stones, on
// the same positions. Self-play games of one bot through the real Referee; at every decision
// with hidden stones it asks the facts sampler (bot:v1's belief, belief.h), the story belief
// replayed from the start, and the story belief carried on from the player's previous decision
// (what the bot uses, story_belief.h), and reports each by game phase with the build times.
// Joint measures look at whole boards drawn from a belief: how often a true hidden chain is
// there whole, and how often every hidden stone is right.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include "ai/belief.h"
#include "ai/belief_map.h"
#include "ai/belief_net.h"
#include "ai/match.h"
#include "ai/nets.h"
#include "ai/player.h"
#include "ai/story_belief.h"
#include "cli/commands.h"
#include "referee/referee.h"

namespace pg {

namespace {

using BenchClock = std::chrono::steady_clock;

struct BeliefBenchConfig {
  std::string bot = "v1";
  int games = 10;
  int playouts = 300;
  int size = 9;
  int particles = 256;
  int facts_samples = 256;
  int joint_samples = 64;    // boards drawn for the joint measures
  double model_power = 1.0;  // the story's opponent model, sharpened (SearchParams::model_power)
  uint64_t seed = 1;
  bool json = false;
  std::string nets;        // a directory with belief.pgnn: the network's rows
  double guide_power = 0;  // > 0: a story whose placements the network's map guides (rows "guided")
};

struct Tally {
  std::array<double, 3> sum{};
  std::array<int64_t, 3> n{};
  std::vector<double> ms;
  void add(int phase, double share) {
    sum[static_cast<size_t>(phase)] += share;
    ++n[static_cast<size_t>(phase)];
  }
  double phase(int k) const { return n[size_t(k)] ? sum[size_t(k)] / double(n[size_t(k)]) : 0; }
  double all() const {
    const int64_t total = n[0] + n[1] + n[2];
    return total ? (sum[0] + sum[1] + sum[2]) / double(total) : 0;
  }
  double medianMs() {
    if (ms.empty()) return 0;
    std::nth_element(ms.begin(), ms.begin() + static_cast<long>(ms.size() / 2), ms.end());
    return ms[ms.size() / 2];
  }
};

/// The true hidden chains of the opponent of view.self() with two stones or more: each as the
/// list of its points that the view does not show.
std::vector<std::vector<Point>> hiddenChains(const View& view, const Board& real) {
  const Color opp = opponent(view.self());
  std::map<Point, std::vector<Point>> by_head;
  for (Point p = 0; p < view.rules().numPoints(); ++p)
    if (real.at(p) == opp && view.at(p) == Color::Empty) by_head[real.chainHead(p)].push_back(p);
  std::vector<std::vector<Point>> chains;
  for (auto& [head, points] : by_head)
    if (points.size() >= 2) chains.push_back(std::move(points));
  return chains;
}

/// A joint measure: of `samples` boards drawn from `belief`, the mean share that hold a true
/// hidden chain whole (over the chains of hiddenChains), in `chains`; and the share that put
/// every hidden stone where it truly is, in `exact`.
void wholeChains(const Determinizer& belief, const View& view, const Board& real,
                 const std::vector<std::vector<Point>>& true_chains, int samples, Rng& rng,
                 double& chains, double& exact) {
  const Color opp = opponent(view.self());
  Board b(view.rules().size, view.rules().topology);
  int64_t whole = 0, right = 0;
  for (int i = 0; i < samples; ++i) {
    belief.sample(b, rng, kNoPoint, nullptr);
    for (const std::vector<Point>& chain : true_chains)
      whole += std::all_of(chain.begin(), chain.end(), [&](Point p) { return b.at(p) == opp; });
    bool same = true;
    for (Point p = 0; p < view.rules().numPoints() && same; ++p)
      if (view.at(p) == Color::Empty) same = (b.at(p) == opp) == (real.at(p) == opp);
    right += same;
  }
  chains = true_chains.empty() ? 0 : double(whole) / double(samples) / double(true_chains.size());
  exact = double(right) / double(samples);
}

/// The share of `occ` (per point, fraction of boards with a hidden stone) on the true stones.
double onTrue(const std::vector<float>& occ, const View& view, const Board& real, int hidden) {
  const Color opp = opponent(view.self());
  double s = 0;
  for (Point p = 0; p < view.rules().numPoints(); ++p)
    if (view.at(p) == Color::Empty && real.at(p) == opp) s += occ[static_cast<size_t>(p)];
  return s / hidden;
}

void run(BeliefBenchConfig cfg) {
  Rules rules;
  rules.size = cfg.size;
  if (auto err = rules.validate()) throw CLI::ValidationError("bench belief", *err);
  const int n = rules.numPoints();
  std::map<std::string, Tally> t;  // facts, story, carried, uniform
  const OpponentModel model = OpponentModel::learned().sharpened(cfg.model_power);
  int64_t fell_back = 0, carried = 0, decisions = 0, guided_carried = 0;
  std::unique_ptr<BeliefNet> net;
  if (!cfg.nets.empty()) {
    const NetsLoad load = loadNets(cfg.nets);
    if (!load.nets->belief) throw CLI::ValidationError("bench belief", load.report);
    net = std::make_unique<BeliefNet>(load.nets->belief);
  }
  std::vector<std::string> rows;  // the network's rows, in order
  if (net) {
    rows.push_back("network");
    if (cfg.guide_power > 0) rows.push_back("guided");
  }
  for (int g = 0; g < cfg.games; ++g) {
    const uint64_t seed = cfg.seed * 1000003ULL + static_cast<uint64_t>(g) * 2;
    auto black = makePlayer(cfg.bot, seed), white = makePlayer(cfg.bot, seed + 1);
    if (!black || !white) throw CLI::ValidationError("bench belief", "unknown bot " + cfg.bot);
    StoryBeliefCache caches[2];
    StoryBeliefCache guided_caches[2];
    Referee ref(rules);
    SearchLimits limits;
    limits.seconds = 0;
    limits.playouts = cfg.playouts;
    limits.threads = 1;
    Rng rng(seed ^ 0xBE11EFULL);
    Rng joint_rng(seed ^ 0x101E7ULL);  // its own stream: the other figures stay as they were
    while (!ref.over()) {
      const Color c = ref.toMove();
      const View& view = ref.view(audienceOf(c));
      const Board& real = ref.realGame().board();
      int hidden = 0, unknown = 0;
      for (Point p = 0; p < n; ++p)
        if (view.at(p) == Color::Empty) {
          ++unknown;
          hidden += real.at(p) == opponent(c);
        }
      if (hidden > 0) {
        ++decisions;
        const int phase = gamePhase(view.turn(), n);
        t["uniform"].add(phase, double(hidden) / unknown);
        BenchClock::time_point t0 = BenchClock::now();
        const std::vector<float> occ = factsBeliefMap(view, cfg.facts_samples, rng.next32());
        t["facts"].ms.push_back(
            std::chrono::duration<double, std::milli>(BenchClock::now() - t0).count());
        t["facts"].add(phase, onTrue(occ, view, real, hidden));
        t0 = BenchClock::now();
        const StoryBelief story(view, model, cfg.particles, rng.next32());
        t["story"].ms.push_back(
            std::chrono::duration<double, std::milli>(BenchClock::now() - t0).count());
        fell_back += story.fellBack();
        t["story"].add(phase,
                       onTrue(story.fellBack() ? occ : story.occupancy(), view, real, hidden));
        t0 = BenchClock::now();
        const auto kept =
            caches[c == Color::Black ? 0 : 1].get(view, model, cfg.particles, rng.next32());
        t["carried"].ms.push_back(
            std::chrono::duration<double, std::milli>(BenchClock::now() - t0).count());
        carried += kept->carried();
        t["carried"].add(phase,
                         onTrue(kept->fellBack() ? occ : kept->occupancy(), view, real, hidden));
        // The joint measures, on boards drawn from the facts sampler and the carried story.
        const std::vector<std::vector<Point>> chains = hiddenChains(view, real);
        const Knowledge knowledge = Knowledge::fromView(view);  // the sampler refers to it
        const Sampler facts(knowledge, true);
        double whole = 0, exact = 0;
        wholeChains(facts, view, real, chains, cfg.joint_samples, joint_rng, whole, exact);
        if (!chains.empty()) t["facts chains"].add(phase, whole);
        t["facts exact"].add(phase, exact);
        wholeChains(*kept, view, real, chains, cfg.joint_samples, joint_rng, whole, exact);
        if (!chains.empty()) t["carried chains"].add(phase, whole);
        t["carried exact"].add(phase, exact);
        if (net) {
          // The network reads the view and the carried story's map, as hard does.
          t0 = BenchClock::now();
          const BeliefMaps maps = net->predict(view, kept->fellBack() ? occ : kept->occupancy());
          t["network"].ms.push_back(
              std::chrono::duration<double, std::milli>(BenchClock::now() - t0).count());
          double total = 0;
          for (float q : maps.hidden) total += q;
          std::vector<float> scaled(maps.hidden);
          for (float& q : scaled) q = std::min(1.0f, q * static_cast<float>(hidden / total));
          t["network"].add(phase, onTrue(scaled, view, real, hidden));
          if (cfg.guide_power > 0) {
            const std::vector<float> guide = placementGuide(maps, cfg.guide_power);
            t0 = BenchClock::now();
            const auto guided = guided_caches[c == Color::Black ? 0 : 1].get(
                view, model, cfg.particles, rng.next32(), &guide);
            t["guided"].ms.push_back(
                std::chrono::duration<double, std::milli>(BenchClock::now() - t0).count());
            guided_carried += guided->carried();
            t["guided"].add(
                phase, onTrue(guided->fellBack() ? occ : guided->occupancy(), view, real, hidden));
            wholeChains(*guided, view, real, chains, cfg.joint_samples, joint_rng, whole, exact);
            if (!chains.empty()) t["guided chains"].add(phase, whole);
            t["guided exact"].add(phase, exact);
          }
        }
      }
      const Action act = (c == Color::Black ? *black : *white).choose(view, limits);
      if (act.kind == Action::Kind::Try)
        ref.tryPoint(c, act.point);
      else if (act.kind == Action::Kind::Pass)
        ref.pass(c);
      else
        ref.resign(c);
    }
  }
  if (cfg.json) {
    nlohmann::json j{{"bot", cfg.bot},           {"games", cfg.games},
                     {"playouts", cfg.playouts}, {"particles", cfg.particles},
                     {"decisions", decisions},   {"story_fell_back", fell_back},
                     {"carried", carried}};
    for (auto& [name, tally] : t) {
      nlohmann::json phases = nlohmann::json::object();
      for (int k = 0; k < 3; ++k) phases[kPhaseNames[k]] = tally.phase(k);
      if (name.find(' ') != std::string::npos) {  // a joint measure
        j[name] = {{"share", tally.all()}, {"by_phase", phases}};
        continue;
      }
      j[name] = {
          {"on_true_stones", tally.all()}, {"by_phase", phases}, {"median_ms", tally.medianMs()}};
    }
    std::cout << j.dump() << '\n';
    return;
  }
  std::printf("%d games of bot:%s (%d playouts a try), %lld decisions with hidden stones\n",
              cfg.games, cfg.bot.c_str(), cfg.playouts, static_cast<long long>(decisions));
  std::printf("%-14s %8s %8s %8s %8s %10s\n", "belief", "all", "opening", "middle", "end",
              "median ms");
  std::vector<std::string> singles{"uniform", "facts", "story", "carried"};
  singles.insert(singles.end(), rows.begin(), rows.end());
  for (const std::string& name : singles) {
    Tally& x = t[name];
    std::printf("%-14s %8.3f %8.3f %8.3f %8.3f %10.2f\n", name.c_str(), x.all(), x.phase(0),
                x.phase(1), x.phase(2), x.medianMs());
  }
  std::printf(
      "joint measures, %d boards a decision: the share of boards that hold a true hidden "
      "chain of two stones or more whole (chains), or every hidden stone right (exact)\n",
      cfg.joint_samples);
  std::vector<std::string> joints{"facts chains", "carried chains"};
  for (size_t i = 1; i < rows.size(); ++i) joints.push_back(rows[i] + " chains");
  joints.insert(joints.end(), {"facts exact", "carried exact"});
  for (size_t i = 1; i < rows.size(); ++i) joints.push_back(rows[i] + " exact");
  for (const std::string& name : joints) {
    const Tally& x = t[name];
    std::printf("%-22s %8.3f %8.3f %8.3f %8.3f  (%lld decisions)\n", name.c_str(), x.all(),
                x.phase(0), x.phase(1), x.phase(2),
                static_cast<long long>(x.n[0] + x.n[1] + x.n[2]));
  }
  std::printf("story fell back to the facts: %lld; carried on: %lld of %lld",
              static_cast<long long>(fell_back), static_cast<long long>(carried),
              static_cast<long long>(decisions));
  if (cfg.guide_power > 0)
    std::printf("; the guided story carried on: %lld", static_cast<long long>(guided_carried));
  std::printf("\n");
}

}  // namespace

void addBeliefBench(CLI::App& bench) {
  auto cfg = std::make_shared<BeliefBenchConfig>();
  CLI::App* sub = bench.add_subcommand(
      "belief",
      "The share of each belief's weight on the true hidden stones (facts, story, story "
      "carried on), by game phase, in self-play games of one bot, and how often boards drawn "
      "from the facts and the story hold whole true chains");
  sub->add_option("--bot", cfg->bot, "the bot of both sides")->capture_default_str();
  sub->add_option("--games", cfg->games)->check(CLI::Range(1, 100000))->capture_default_str();
  sub->add_option("--playouts", cfg->playouts, "the bot's playouts a try")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  sub->add_option("--size", cfg->size)
      ->check(CLI::Range(kMinSize, kMaxSize))
      ->capture_default_str();
  sub->add_option("--particles", cfg->particles, "the story belief's particles")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--joint-samples", cfg->joint_samples,
                  "boards drawn a decision for the joint measures")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--model-power", cfg->model_power,
                  "the story's opponent model with every gamma raised to this power (hard: 2)")
      ->check(CLI::Range(0.0, 10.0))
      ->capture_default_str();
  sub->add_option("--nets", cfg->nets, "a directory with belief.pgnn: adds the network's own map");
  sub->add_option("--guide-power", cfg->guide_power,
                  "adds a story whose opponent placements are weighted by the network's map to "
                  "this power (0: none)")
      ->capture_default_str();
  sub->add_option("--seed", cfg->seed)->capture_default_str();
  sub->add_flag("--json", cfg->json, "print one JSON object");
  sub->callback([cfg] { run(*cfg); });
}

}  // namespace pg
