#include "ai/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <thread>

#include "ai/belief.h"
#include "ai/belief_map.h"
#include "ai/belief_net.h"
#include "ai/candidates.h"
#include "ai/nets.h"
#include "ai/policy_prior.h"
#include "ai/stop_rule.h"
#include "ai/story_belief.h"
#include "rules/assert.h"
#include "rules/game.h"
#include "rules/playout.h"

namespace pg {

void RootStats::resize(int n) {
  wins.assign(static_cast<size_t>(n + 1), 0);
  visits.assign(static_cast<size_t>(n + 1), 0);
}

void RootStats::add(const RootStats& o, double scale) {
  if (wins.size() != o.wins.size()) return;
  for (size_t i = 0; i < wins.size(); ++i) {
    wins[i] += scale * o.wins[i];
    visits[i] += scale * o.visits[i];
  }
}

namespace {

using Clock = std::chrono::steady_clock;

/// The value for `self` of a finished playout: 1 win, 0 loss, 0.5 draw.
double finishedValue(const Board& board, const Rules& rules, Color self) {
  const double margin = playoutScore(board) - rules.komi;  // Black's
  const double black = margin > 0 ? 1.0 : margin < 0 ? 0.0 : 0.5;
  return self == Color::Black ? black : 1.0 - black;
}

/// The result of a playout for `self`: 1 win, 0 loss, 0.5 draw. Plays random playout moves
/// (eyes as `eyes` says) from `board` with `to_move` first.
double playoutValue(Board& board, Color to_move, int passes, const Rules& rules, Color self,
                    PlayoutEyes eyes, Rng& rng) {
  const int max_moves = 3 * board.numPoints();
  if (!rules.atari_go) {
    randomPlayout(board, to_move, rng, max_moves, passes, eyes);
    return finishedValue(board, rules, self);
  }
  // Atari go: the first capture decides (so no ko cycles either).
  Color c = to_move;
  for (int moves = 0; moves < max_moves;) {
    const Point p = randomPlayoutMove(board, c, rng, eyes);
    if (p == kPass) {
      board.clearKo();
      if (++passes >= 2) break;
    } else {
      const int captured = board.play(c, p);
      if (captured > 0) return c == self ? 1.0 : 0.0;
      passes = 0;
      ++moves;
    }
    c = opponent(c);
  }
  return finishedValue(board, rules, self);
}

/// The value for `self` of the board as it stands, scored by area (1 win, 0 loss, 0.5 draw).
double valueAsItStands(const Board& board, const Rules& rules, Color self) {
  const Color w = areaScore(board, rules.komi).winner();
  return w == self ? 1.0 : w == Color::Empty ? 0.5 : 0.0;
}

struct Shared {
  const View* view;
  const SearchParams* params;
  const Determinizer* sampler;
  std::vector<int> cands;  // point indices, n = pass
  Clock::time_point deadline;
  bool timed = true;
  int64_t playouts_per_thread = 0;
  const RootStats* prior = nullptr;
  double prior_scale = 0;
  bool opponent_passed = false;  // the opponent ended its last turn with a pass
  std::vector<double> policy;    // the policy network's prior (index = move), or empty
};

struct ThreadOut {
  RootStats stats;
  std::vector<double> occupancy;
  int64_t samples = 0;
  int64_t playouts = 0;
};

/// The root move of iteration `iter`: UCB over the candidates (round robin without UCB).
int pickRootMove(const Shared& sh, const RootStats& st, Rng& rng, int64_t iter, int thread_index) {
  const SearchParams& prm = *sh.params;
  const int m = static_cast<int>(sh.cands.size());
  if (!prm.ucb) return sh.cands[static_cast<size_t>((iter + thread_index * 7) % m)];
  double total = 0;
  for (int c : sh.cands) total += st.visits[static_cast<size_t>(c)];
  const double log_total = std::log(total + 1.0);
  const double prior_scale = sh.policy.empty() ? 0.0 : prm.prior_weight;
  double best = -1;
  int move = sh.cands[0];
  for (int c : sh.cands) {
    const size_t i = static_cast<size_t>(c);
    const double nv = st.visits[i];
    const double q = nv > 0 ? st.wins[i] / nv : 1.0;
    double score = q + prm.ucb_c * std::sqrt(log_total / (nv + 1.0)) + 1e-7 * rng.uniform();
    if (prior_scale > 0) score += prior_scale * sh.policy[i] / (1.0 + nv);
    if (score > best) {
      best = score;
      move = c;
    }
  }
  return move;
}

/// Draws a determinization into `board` that keeps `root` empty if it can; counts the hidden
/// stones in out.occupancy.
void determinize(const Shared& sh, Board& board, Rng& rng, Point root, std::vector<Point>& placed,
                 ThreadOut& out) {
  placed.clear();
  if (sh.sampler->sample(board, rng, root, &placed) > 0 && root != kNoPoint) {
    // No determinization keeps the root point empty: it is almost surely occupied.
    placed.clear();
    sh.sampler->sample(board, rng, kNoPoint, &placed);
  }
  for (Point q : placed) out.occupancy[static_cast<size_t>(q)] += 1;
  ++out.samples;
}

/// Whether a timed search ends after `iter` playouts of this thread, begun at `t0`, with its
/// statistics `st`.
bool timeIsUp(const Shared& sh, const RootStats& st, int64_t iter, Clock::time_point t0) {
  const Clock::time_point now = Clock::now();
  if (now >= sh.deadline) return true;
  if (!sh.params->stop_when_decided || (iter & 63) != 0 || iter < 256) return false;
  const double rate = static_cast<double>(iter) / std::chrono::duration<double>(now - t0).count();
  const double left = rate * std::chrono::duration<double>(sh.deadline - now).count();
  return leadIsSafe(st, sh.cands, left);
}

void worker(const Shared& sh, uint64_t seed, int thread_index, ThreadOut& out) {
  const View& view = *sh.view;
  const Rules& rules = view.rules();
  const int n = rules.numPoints();
  const Color self = view.self();
  const Color opp = opponent(self);
  const PlayoutEyes eyes = sh.params->eyes;
  Rng rng(seed);
  out.stats.resize(n);
  if (sh.prior) out.stats.add(*sh.prior, sh.prior_scale);
  out.occupancy.assign(static_cast<size_t>(n), 0);
  Board board(rules.size, rules.topology);
  std::vector<Point> placed;
  RootStats& st = out.stats;
  int64_t iter = 0;
  const Clock::time_point t0 = Clock::now();
  for (;; ++iter) {
    if (sh.playouts_per_thread > 0 && iter >= sh.playouts_per_thread) break;
    if (sh.timed && (iter & 3) == 0 && iter > 0 && timeIsUp(sh, st, iter, t0)) break;
    const int move = pickRootMove(sh, st, rng, iter, thread_index);
    const Point root = move == n ? kNoPoint : static_cast<Point>(move);
    determinize(sh, board, rng, root, placed, out);
    double v;
    if (move == n && sh.params->pass_ends_game) {
      // Our pass ends the game if the opponent has just passed, or if the board as it stands
      // wins for the opponent: a player who has won passes.
      const double now = valueAsItStands(board, rules, self);
      v = sh.opponent_passed || now < 0.5 ? now
                                          : playoutValue(board, opp, 1, rules, self, eyes, rng);
    } else if (move == n) {
      v = playoutValue(board, opp, 1, rules, self, eyes, rng);
    } else if (!board.isLegal(self, root)) {
      v = 0;  // occupied or suicide in this determinization: never a good try
    } else {
      const int captured = board.play(self, root);
      v = rules.atari_go && captured > 0 ? 1 : playoutValue(board, opp, 0, rules, self, eyes, rng);
    }
    ++out.playouts;
    const size_t mi = static_cast<size_t>(move);
    st.wins[mi] += v;
    st.visits[mi] += 1;
  }
}

/// True if the opponent ended the last turn with a pass.
bool opponentJustPassed(const View& view) {
  for (auto it = view.events().rbegin(); it != view.events().rend(); ++it) {
    if (it->kind == SeenKind::Pass) return it->player != view.self();
    if (it->kind == SeenKind::Stone || it->kind == SeenKind::Moved) return false;
  }
  return false;
}

}  // namespace

SearchOutput runSearch(const View& view, const SearchParams& params, double seconds, int playouts,
                       int threads, uint64_t seed, const RootStats* prior,
                       StoryBeliefCache* beliefs, StoryBeliefCache* guided_beliefs) {
  const Clock::time_point start = Clock::now();
  SearchOutput out;
  const Rules& rules = view.rules();
  const int n = rules.numPoints();
  const Color self = view.self();
  PG_ASSERT(!view.over() && view.toMove() == self, "the search runs for the player on turn");
  threads = std::max(1, threads);
  out.threads = threads;

  const Knowledge knowledge = Knowledge::fromView(view);
  Rng rng(seed ^ 0x9E3779B97F4A7C15ULL);
  std::shared_ptr<const Determinizer> belief;
  const uint64_t belief_seed = mix64(seed ^ 0x5354525942454C46ULL);
  const OpponentModel model = params.model_power == 1.0
                                  ? OpponentModel::learned()
                                  : OpponentModel::learned().sharpened(params.model_power);
  if (params.belief == BeliefKind::Story) {
    std::shared_ptr<const StoryBelief> story =
        beliefs ? beliefs->get(view, model, params.particles, belief_seed)
                : std::make_shared<StoryBelief>(view, model, params.particles, belief_seed);
    belief = story;
    if (params.nets && params.nets->belief && params.guide_power > 0 && !story->fellBack()) {
      // The network reads the view and the story's map; its map guides a second story.
      const BeliefMaps maps = BeliefNet(params.nets->belief).predict(view, story->occupancy());
      const std::vector<float> guide = placementGuide(maps, params.guide_power);
      const uint64_t guided_seed = mix64(belief_seed ^ 0x4755494445ULL);
      std::shared_ptr<const StoryBelief> guided =
          guided_beliefs ? guided_beliefs->get(view, model, params.particles, guided_seed, &guide)
                         : std::make_shared<StoryBelief>(view, model, params.particles, guided_seed,
                                                         nullptr, &guide);
      if (!guided->fellBack()) story = guided;
      belief = story;
    }
  } else {
    belief = std::make_shared<Sampler>(knowledge, params.belief == BeliefKind::Facts);
  }
  const Determinizer& sampler = *belief;

  // Candidates: empty in the view, not tried this turn, not our own one-point eye, and (if
  // there are others) not rejected in an earlier turn.
  std::vector<int> cands;
  for (Point p : tryCandidates(view, knowledge.plain, params.exclude_rejected)) cands.push_back(p);
  if (cands.empty()) {
    out.action = Action::pass();
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
  }

  // The opponent passed: if ending the game now wins nearly always, pass.
  const bool opponent_passed = opponentJustPassed(view);
  if (params.pass_when_ending_wins < 1.0 && opponent_passed) {
    Board board(rules.size, rules.topology);
    int wins = 0;
    const int samples = 64;
    for (int i = 0; i < samples; ++i) {
      sampler.sample(board, rng, kNoPoint, nullptr);
      if (valueAsItStands(board, rules, self) == 1.0) ++wins;
    }
    if (wins >= params.pass_when_ending_wins * samples) {
      out.action = Action::pass();
      out.value = double(wins) / samples;
      out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      return out;
    }
  }
  if (params.consider_pass) cands.push_back(n);

  Shared sh;
  sh.view = &view;
  sh.params = &params;
  sh.sampler = &sampler;
  sh.cands = cands;
  sh.timed = playouts <= 0 || seconds > 0;
  sh.deadline = start + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(std::max(0.0, seconds)));
  sh.playouts_per_thread = playouts > 0 ? (playouts + threads - 1) / threads : 0;
  sh.prior = prior && prior->wins.size() == static_cast<size_t>(n + 1) ? prior : nullptr;
  sh.prior_scale = 1.0 / threads;
  sh.opponent_passed = opponent_passed;
  if (params.nets && params.nets->pv && params.prior_boards > 0 && params.prior_weight > 0)
    sh.policy =
        policyPrior(*params.nets->pv, sampler, view, params.prior_boards, opponent_passed, rng);

  std::vector<ThreadOut> outs(static_cast<size_t>(threads));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t)
    pool.emplace_back(worker, std::cref(sh), seed + 0x1000193ULL * static_cast<uint64_t>(t), t,
                      std::ref(outs[static_cast<size_t>(t)]));
  worker(sh, seed, 0, outs[0]);
  for (auto& th : pool) th.join();

  out.stats.resize(n);
  std::vector<double> occ(static_cast<size_t>(n), 0);
  int64_t samples = 0;
  for (const ThreadOut& o : outs) {
    out.stats.add(o.stats);
    for (size_t i = 0; i < occ.size(); ++i) occ[i] += o.occupancy[i];
    samples += o.samples;
    out.playouts += o.playouts;
  }
  out.belief.assign(static_cast<size_t>(n), 0.0f);
  if (samples > 0)
    for (size_t i = 0; i < occ.size(); ++i)
      out.belief[i] = static_cast<float>(occ[i] / static_cast<double>(samples));

  // The move: most visited with UCB (robust child), best mean without.
  int best = cands[0];
  double best_key = -1;
  for (int c : cands) {
    const size_t i = static_cast<size_t>(c);
    const double mean = out.stats.visits[i] > 0 ? out.stats.wins[i] / out.stats.visits[i] : 0;
    const double key = params.ucb ? out.stats.visits[i] + 1e-3 * mean : mean;
    if (key > best_key) {
      best_key = key;
      best = c;
    }
  }
  const size_t bi = static_cast<size_t>(best);
  out.value = out.stats.visits[bi] > 0 ? out.stats.wins[bi] / out.stats.visits[bi] : 0.5;
  if (params.pass_ends_game && params.consider_pass && opponent_passed && best != n &&
      out.value < params.pass_when_hopeless) {
    // Every try loses and the opponent has passed: end the game rather than play on to the
    // move cap.
    best = n;
    const size_t pi = static_cast<size_t>(n);
    out.value = out.stats.visits[pi] > 0 ? out.stats.wins[pi] / out.stats.visits[pi] : 0.0;
  }
  if (best == n)
    out.action = Action::pass();
  else
    out.action = Action::tryAt(static_cast<Point>(best));
  if (params.resign_below > 0 && out.value < params.resign_below && out.playouts >= 500 &&
      view.turn() > n / 2)
    out.action = Action::resign();
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

}  // namespace pg
