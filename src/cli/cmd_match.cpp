// `phantomgo match`: games between two players with the real referee (ai/match.h).
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "ai/match.h"
#include "cli/commands.h"

namespace pg {

namespace {

std::string resultText(const Result& r) {
  std::string s = r.winner == Color::Black ? "B+" : r.winner == Color::White ? "W+" : "draw ";
  switch (r.reason) {
    case EndReason::Resignation:
      return s + "R";
    case EndReason::Time:
      return s + "T";
    case EndReason::Abandoned:
      return s + "F";
    case EndReason::AtariCapture:
      return s + "capture";
    default:
      if (r.score) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f", std::abs(r.score->margin()));
        return s + buf;
      }
      return s + std::string(endReasonName(r.reason));
  }
}

nlohmann::json sideJson(const SideStats& s) {
  nlohmann::json phases = nlohmann::json::array();
  for (int k = 0; k < 3; ++k)
    phases.push_back({{"phase", kPhaseNames[k]},
                      {"belief_on_true_stones", s.phaseBelief(k)},
                      {"belief_uniform_baseline", s.phaseUniform(k)},
                      {"belief_decisions", s.phase_n[static_cast<size_t>(k)]}});
  nlohmann::json search = nlohmann::json::array();
  for (int k = 0; k < 3; ++k)
    search.push_back({{"phase", kPhaseNames[k]},
                      {"playouts", s.phase_playouts[static_cast<size_t>(k)]},
                      {"playouts_per_second_per_thread", s.phasePlayoutsPerSecondPerThread(k)}});
  return {{"seconds_per_move", s.secondsPerMove()},
          {"tries_per_move", s.triesPerMove()},
          {"playouts", s.playouts},
          {"playouts_per_second_per_thread", s.playoutsPerSecondPerThread()},
          {"belief_on_true_stones", s.belief()},
          {"belief_uniform_baseline", s.beliefUniform()},
          {"belief_decisions", s.belief_n},
          {"search_by_phase", search},
          {"belief_by_phase", phases},
          {"failures", s.failures}};
}

void printSide(const char* label, const std::string& spec, const SideStats& s) {
  std::printf("%s %s: %.3f s/move, %.2f tries/move", label, spec.c_str(), s.secondsPerMove(),
              s.triesPerMove());
  if (s.playouts > 0) {
    std::printf(", %.0f playouts/s per thread in the search (", s.playoutsPerSecondPerThread());
    for (int k = 0; k < 3; ++k)
      std::printf("%s%s %.0f", k ? ", " : "", kPhaseNames[k], s.phasePlayoutsPerSecondPerThread(k));
    std::printf(")");
  }
  if (s.belief_n > 0)
    std::printf(", belief on true hidden stones %.3f (uniform %.3f, %lld decisions)", s.belief(),
                s.beliefUniform(), static_cast<long long>(s.belief_n));
  if (s.belief_n > 0)
    for (int k = 0; k < 3; ++k)
      std::printf("; %s %.3f (uniform %.3f, %lld)", kPhaseNames[k], s.phaseBelief(k),
                  s.phaseUniform(k), static_cast<long long>(s.phase_n[static_cast<size_t>(k)]));
  if (s.failures > 0) std::printf(", %lld games lost by misbehaving", (long long)s.failures);
  std::printf("\n");
}

}  // namespace

void addMatchCommand(CLI::App& app) {
  struct Args {
    MatchConfig cfg;
    bool torus = false, atari = false, json = false, simple_ko = false;
    double seconds = 1.0;
    int playouts = 0;
    int threads = 2;
    double komi = -1;
  };
  auto args = std::make_shared<Args>();
  CLI::App* sub = app.add_subcommand(
      "match", "Play games between two players (bot:NAME or cmd:COMMAND) with the referee");
  sub->add_option("--a", args->cfg.a,
                  "player A: bot:beginner|easy|medium|advanced|hard|default|v1|v2|x-nets|flatmc|"
                  "random, or cmd:<shell command> (engine protocol)")
      ->capture_default_str();
  sub->add_option("--b", args->cfg.b, "player B")->capture_default_str();
  sub->add_option("--games", args->cfg.games, "number of games")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub->add_option("--size", args->cfg.rules.size, "board size")
      ->check(CLI::Range(kMinSize, 19))
      ->capture_default_str();
  sub->add_flag("--torus", args->torus, "the board wraps around");
  sub->add_option("--handicap", args->cfg.rules.handicap, "handicap stones (0 or 2..max)")
      ->capture_default_str();
  sub->add_flag("--atari", args->atari, "Atari Go: the first capture wins");
  sub->add_flag("--simple-ko", args->simple_ko, "simple ko instead of positional superko");
  sub->add_option("--komi", args->komi, "komi (default 7.5, or 0.5 with handicap)");
  auto* secs = sub->add_option("--seconds-per-move", args->seconds, "time budget per move")
                   ->capture_default_str();
  sub->add_option("--playouts", args->playouts, "playout budget per action instead of time")
      ->excludes(secs);
  sub->add_option("--threads", args->threads, "search threads per bot")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--seed", args->cfg.seed, "match seed")->capture_default_str();
  sub->add_option("--engine-timeout", args->cfg.engine_timeout,
                  "seconds a cmd: engine may take per answer (default 10 + 3 x seconds)");
  sub->add_flag("--json", args->json, "print one JSON object at the end instead of text");
  sub->callback([args] {
    MatchConfig cfg = args->cfg;
    cfg.rules.topology = args->torus ? Topology::Torus : Topology::Planar;
    cfg.rules.atari_go = args->atari;
    cfg.rules.ko = args->simple_ko ? KoRule::Simple : KoRule::PositionalSuperko;
    cfg.rules.komi = args->komi >= 0 ? args->komi : Rules::defaultKomi(cfg.rules.handicap);
    cfg.limits.threads = args->threads;
    cfg.limits.playouts = args->playouts;
    cfg.limits.seconds = args->playouts > 0 ? 0 : args->seconds;
    const bool json = args->json;
    const int size = cfg.rules.size;
    MatchStats st;
    try {
      st = runMatch(cfg, [&](const GameSummary& g) {
        if (json) return;
        std::printf("game %d: A %s, %s after %d turns%s%s\n", g.index + 1,
                    std::string(colorName(g.a_color)).c_str(), resultText(g.result).c_str(),
                    g.turns, g.note.empty() ? "" : "; ", g.note.c_str());
        std::fflush(stdout);
      });
    } catch (const std::exception& e) {
      throw CLI::ValidationError("match", e.what());
    }
    (void)size;
    const auto ci = st.aCi95();
    if (json) {
      nlohmann::json j{{"a", cfg.a},
                       {"b", cfg.b},
                       {"games", st.games},
                       {"a_wins", st.a_wins},
                       {"b_wins", st.b_wins},
                       {"draws", st.draws},
                       {"a_wins_as_black", st.aWinsAs(Color::Black)},
                       {"a_wins_as_white", st.aWinsAs(Color::White)},
                       {"a_win_rate", st.aWinRate()},
                       {"a_ci95", {ci.first, ci.second}},
                       {"a_stats", sideJson(st.a)},
                       {"b_stats", sideJson(st.b)}};
      std::cout << j.dump() << '\n';
    } else {
      std::printf("games: %d, A (%s) wins: %d, B (%s) wins: %d, draws: %d\n", st.games,
                  cfg.a.c_str(), st.a_wins, cfg.b.c_str(), st.b_wins, st.draws);
      std::printf("A win rate: %.3f, 95%% CI [%.3f, %.3f]; A won %d as Black, %d as White\n",
                  st.aWinRate(), ci.first, ci.second, st.aWinsAs(Color::Black),
                  st.aWinsAs(Color::White));
      printSide("A", cfg.a, st.a);
      printSide("B", cfg.b, st.b);
    }
    std::cout.flush();
  });
}

}  // namespace pg
