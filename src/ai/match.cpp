#include "ai/match.h"

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "ai/external_player.h"
#include "referee/referee.h"

namespace pg {

namespace {
using Clock = std::chrono::steady_clock;

/// The share of the belief's weight that lies on the true hidden stones of the player on turn.
void measureBelief(const Referee& ref, const View& view, const SearchDiagnostics& d,
                   SideStats& side) {
  if (d.belief.empty()) return;
  const Board& real = ref.realGame().board();
  const Color opp = opponent(view.self());
  const int n = view.rules().numPoints();
  int hidden = 0, unknown = 0;
  double on_true = 0;
  for (Point p = 0; p < n; ++p) {
    if (view.at(p) != Color::Empty) continue;
    ++unknown;
    if (real.at(p) == opp) {
      ++hidden;
      on_true += d.belief[static_cast<size_t>(p)];
    }
  }
  if (hidden == 0 || unknown == 0) return;
  side.belief_sum += on_true / hidden;
  side.uniform_sum += double(hidden) / unknown;
  ++side.belief_n;
  const size_t k = static_cast<size_t>(gamePhase(view.turn(), n));
  side.phase_belief_sum[k] += on_true / hidden;
  side.phase_uniform_sum[k] += double(hidden) / unknown;
  ++side.phase_n[k];
}
}  // namespace

int gamePhase(int turn, int num_points) {
  if (4 * turn < num_points) return 0;
  if (8 * turn < 5 * num_points) return 1;
  return 2;
}

int GameSummary::aScore() const {
  if (result.winner == Color::Empty) return 1;
  return result.winner == a_color ? 2 : 0;
}

int MatchStats::aWinsAs(Color c) const {
  int wins = 0;
  for (const GameSummary& g : summaries) wins += g.a_color == c && g.aScore() == 2;
  return wins;
}

std::pair<double, double> MatchStats::aCi95() const {
  if (games == 0) return {0, 1};
  const double n = games, p = aWinRate(), z = 1.959964;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::unique_ptr<Player> makePlayerFromSpec(const std::string& spec, uint64_t seed,
                                           double engine_timeout) {
  if (spec.rfind("bot:", 0) == 0) {
    auto p = makePlayer(spec.substr(4), seed);
    if (!p) throw std::invalid_argument("unknown bot '" + spec.substr(4) + "'");
    return p;
  }
  if (spec.rfind("cmd:", 0) == 0 && spec.size() > 4)
    return std::make_unique<ExternalPlayer>(spec.substr(4), engine_timeout);
  throw std::invalid_argument("a player is bot:NAME or cmd:COMMAND, not '" + spec + "'");
}

MatchStats runMatch(const MatchConfig& cfg,
                    const std::function<void(const GameSummary&)>& on_game) {
  if (auto err = cfg.rules.validate()) throw std::invalid_argument(*err);
  for (const std::string& spec : {cfg.a, cfg.b})  // validate both specs before the first game
    if (spec.rfind("cmd:", 0) != 0) makePlayerFromSpec(spec, 0, 1.0);
  const double timeout =
      cfg.engine_timeout > 0 ? cfg.engine_timeout : 10.0 + 3.0 * std::max(0.0, cfg.limits.seconds);
  MatchStats stats;
  for (int g = 0; g < cfg.games; ++g) {
    GameSummary sum;
    sum.index = g;
    sum.a_color = g % 2 == 0 ? Color::Black : Color::White;
    const uint64_t seed = cfg.seed * 1000003ULL + static_cast<uint64_t>(g) * 2;
    std::unique_ptr<Player> a = makePlayerFromSpec(cfg.a, seed, timeout);
    std::unique_ptr<Player> b = makePlayerFromSpec(cfg.b, seed + 1, timeout);
    Referee ref(cfg.rules);
    while (!ref.over()) {
      const Color c = ref.toMove();
      const bool is_a = c == sum.a_color;
      Player& player = is_a ? *a : *b;
      SideStats& side = is_a ? stats.a : stats.b;
      const View& view = ref.view(audienceOf(c));
      const Clock::time_point t0 = Clock::now();
      const Action act = player.choose(view, cfg.limits);
      side.seconds += std::chrono::duration<double>(Clock::now() - t0).count();
      ++side.actions;
      const SearchDiagnostics d = player.lastDiagnostics();
      side.playouts += d.playouts;
      side.search_thread_seconds += d.seconds * d.threads;
      const size_t phase = static_cast<size_t>(gamePhase(view.turn(), cfg.rules.numPoints()));
      side.phase_playouts[phase] += d.playouts;
      side.phase_search_thread_seconds[phase] += d.seconds * d.threads;
      measureBelief(ref, view, d, side);
      const std::string who = (is_a ? "A (" : "B (") + std::string(colorName(c)) + ")";
      if (act.kind == Action::Kind::Try) {
        ++side.tries;
        const Answer ans = ref.tryPoint(c, act.point);
        if (!ans.accepted()) {
          sum.note = who + " lost: bad try " + pointName(act.point, cfg.rules.size) + " (" +
                     std::string(refusalName(*ans.refusal)) + ")";
          ++side.failures;
          ref.resign(c);
        } else if (ans.legal) {
          ++side.moves;
        }
      } else if (act.kind == Action::Kind::Pass) {
        ++side.moves;
        ref.pass(c);
      } else {
        auto* ext = dynamic_cast<ExternalPlayer*>(&player);
        if (ext && !ext->failure().empty()) {
          sum.note = who + " lost: the engine " + ext->failure();
          ++side.failures;
          if (ext->timedOut())
            ref.timeout(c);
          else
            ref.resign(c);
        } else {
          ref.resign(c);
        }
      }
    }
    sum.result = ref.result();
    sum.turns = ref.turn();
    ++stats.games;
    const int s = sum.aScore();
    if (s == 2)
      ++stats.a_wins;
    else if (s == 0)
      ++stats.b_wins;
    else
      ++stats.draws;
    stats.summaries.push_back(sum);
    if (on_game) on_game(sum);
  }
  return stats;
}

}  // namespace pg
