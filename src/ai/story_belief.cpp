#include "ai/story_belief.h"

#include <algorithm>
#include <array>

#include "rules/assert.h"

namespace pg {

namespace {

/// A point that the story says must hold an opponent stone: a placement at any opponent turn
/// at time <= until satisfies it (unless a capture there was announced in between).
struct Demand {
  Point point;
  int until;
};

/// What the whole story says, independent of any particle. Times are indices of view events.
struct Story {
  int n = 0;
  std::vector<std::vector<int>> our_stone;     // per point: times of our legal stones there
  std::vector<std::vector<int>> opp_captured;  // per point: times we captured a stone there
  std::vector<std::vector<int>> our_lost;      // per point: times our stone there was captured
  std::vector<Demand> demands;
  std::vector<int> opp_moves_upto;  // per time t: opponent stones placed at times < t

  /// First entry of `times` after t, or INT_MAX.
  static int nextAfter(const std::vector<int>& times, int t) {
    auto it = std::upper_bound(times.begin(), times.end(), t);
    return it == times.end() ? INT32_MAX : *it;
  }
  /// An opponent stone placed at q at time t does not contradict a later legal stone of ours.
  bool feasible(Point q, int t) const {
    const size_t i = static_cast<size_t>(q);
    const int stone = nextAfter(our_stone[i], t);
    return stone == INT32_MAX || nextAfter(opp_captured[i], t) < stone;
  }
  std::vector<uint8_t> quiet;  // per time: our legal stone there captured nothing
  bool quietStone(int when) const { return quiet[static_cast<size_t>(when)] != 0; }
  /// Opponent placements at times in [t, until].
  int movesIn(int t, int until) const {
    return opp_moves_upto[static_cast<size_t>(until) + 1] - opp_moves_upto[static_cast<size_t>(t)];
  }
};

Story readStory(const View& view) {
  Story s;
  const Color self = view.self();
  const Board geometry(view.rules().size, view.rules().topology);
  s.n = view.rules().numPoints();
  s.our_stone.resize(static_cast<size_t>(s.n));
  s.opp_captured.resize(static_cast<size_t>(s.n));
  s.our_lost.resize(static_cast<size_t>(s.n));
  const auto& events = view.events();
  const int T = static_cast<int>(events.size());
  s.opp_moves_upto.assign(static_cast<size_t>(T) + 1, 0);
  s.quiet.assign(static_cast<size_t>(T), 0);
  std::vector<uint8_t> in_c(static_cast<size_t>(s.n), 0);
  // Our stones as the story goes, and since when each point has only our stones around it
  // (an opponent stone cannot be put there after that time).
  std::vector<uint8_t> ours(static_cast<size_t>(s.n), 0);
  std::vector<int> surrounded(static_cast<size_t>(s.n), INT32_MAX);
  const auto update = [&](Point c, int t) {
    bool all = true;
    for (Point q : geometry.neighbours(c))
      if (q != kOffBoard && !ours[static_cast<size_t>(q)]) all = false;
    int& since = surrounded[static_cast<size_t>(c)];
    if (!all)
      since = INT32_MAX;
    else if (since == INT32_MAX)
      since = t;
  };
  const auto demand = [&](Point c, int until) {
    const int since = surrounded[static_cast<size_t>(c)];
    s.demands.push_back({c, since <= until ? since - 1 : until});
  };
  for (int t = 0; t < T; ++t) {
    const SeenEvent& e = events[static_cast<size_t>(t)];
    const bool opp_move = e.kind == SeenKind::Moved && e.player != self;
    s.opp_moves_upto[static_cast<size_t>(t) + 1] =
        s.opp_moves_upto[static_cast<size_t>(t)] + opp_move;
    if (e.kind == SeenKind::Stone && e.player == self) {
      s.our_stone[static_cast<size_t>(e.point)].push_back(t);
      s.quiet[static_cast<size_t>(t)] = e.captured.empty();
      for (Point c : e.captured) {
        s.opp_captured[static_cast<size_t>(c)].push_back(t);
        demand(c, t - 1);
      }
      ours[static_cast<size_t>(e.point)] = 1;
      for (Point q : geometry.neighbours(e.point))
        if (q != kOffBoard) update(q, t);
    } else if (e.kind == SeenKind::Illegal && e.player == self) {
      demand(e.point, t - 1);
    } else if (opp_move && !e.captured.empty()) {
      for (Point c : e.captured) s.our_lost[static_cast<size_t>(c)].push_back(t);
      for (Point c : e.captured) in_c[static_cast<size_t>(c)] = 1;
      for (Point c : e.captured)
        for (Point q : geometry.neighbours(c))
          if (q != kOffBoard && !in_c[static_cast<size_t>(q)]) {
            in_c[static_cast<size_t>(q)] = 2;  // listed once
            demand(q, t);
          }
      for (Point c : e.captured)
        for (Point q : geometry.neighbours(c))
          if (q != kOffBoard) in_c[static_cast<size_t>(q)] = 0;
      for (Point c : e.captured) in_c[static_cast<size_t>(c)] = 0;
      for (Point c : e.captured) ours[static_cast<size_t>(c)] = 0;
      for (Point c : e.captured)
        for (Point q : geometry.neighbours(c))
          if (q != kOffBoard) update(q, t);
    }
  }
  return s;
}

struct Particle {
  Board board;
  Point last_own = kNoPoint;  // the opponent's previous stone
  double weight = 1;
  bool alive = true;
};

/// resample()'s second set of particles, kept by each thread from one filter to the next, so
/// that a resample allocates nothing once it has run (a board is 9.5 KB, a set of 256 of them
/// 2.4 MB, and fresh memory costs a page fault a page).
std::vector<Particle>& spareParticles() {
  thread_local std::vector<Particle> spare;
  return spare;
}

class Filter {
 public:
  /// `from` (may be empty): the particles of an earlier belief of the same view, which the
  /// filter carries on from event `start`.
  Filter(const View& view, const OpponentModel& model, int count, uint64_t seed,
         std::vector<Particle> from, int start)
      : view_(view), model_(model), story_(readStory(view)), rng_(seed), start_(start) {
    self_ = view.self();
    opp_ = opponent(self_);
    const Rules& rules = view.rules();
    if (from.empty()) {
      start_ = 0;
      Board board(rules.size, rules.topology);
      for (Point h : view.handicap()) board.place(Color::Black, h);
      particles_.assign(static_cast<size_t>(std::max(1, count)), Particle{board});
    } else {
      particles_ = std::move(from);
    }
    fewest_alive_ = static_cast<int>(particles_.size());
    cand_.reserve(kMaxPoints);
    strength_.reserve(kMaxPoints);
  }

  /// Replays the story; false if every particle died.
  bool run() {
    const auto& events = view_.events();
    int own_moves = 0;
    bool rejected = false;
    for (int t = 0; t < start_; ++t) {
      const SeenEvent& e = events[static_cast<size_t>(t)];
      if (e.player == self_) continue;
      if (e.kind == SeenKind::Moved) ++own_moves;
      if (e.kind == SeenKind::Moved || e.kind == SeenKind::Pass) rejected = false;
      if (e.kind == SeenKind::Rejected) rejected = true;
    }
    for (int t = start_; t < static_cast<int>(events.size()); ++t) {
      const SeenEvent& e = events[static_cast<size_t>(t)];
      bool changed = false;
      switch (e.kind) {
        case SeenKind::Stone:
          for (Particle& p : particles_) changed |= !ourStone(p, e);
          break;
        case SeenKind::Illegal: {
          // A try refused by positional superko cannot be told from the boards alone: if no
          // particle explains the refusal, the event is left out rather than losing them all.
          bool explained = false;
          for (const Particle& p : particles_)
            explained |= p.alive && !p.board.isLegal(self_, e.point);
          if (!explained) break;
          for (Particle& p : particles_)
            if (p.alive && p.board.isLegal(self_, e.point)) {
              p.alive = false;
              changed = true;
            }
          break;
        }
        case SeenKind::Moved:
          if (e.player == self_) break;
          if (e.captured.empty()) openDemands(t);
          for (Particle& p : particles_) oppMove(p, e, t, own_moves, rejected);
          ++own_moves;
          rejected = false;
          changed = true;
          break;
        case SeenKind::Pass:
          for (Particle& p : particles_) p.board.clearKo();
          rejected = false;
          break;
        case SeenKind::Rejected:
          rejected = true;
          break;
        default:
          break;
      }
      if (changed && !resample()) {
        failed_at_ = t;
        return false;
      }
    }
    return true;
  }
  int failedAt() const { return failed_at_; }
  /// The fewest particles alive after any event.
  int fewestAlive() const { return fewest_alive_; }

  std::vector<Particle>& particles() { return particles_; }

 private:
  bool ourStone(Particle& p, const SeenEvent& e) {
    if (!p.alive) return true;
    if (!p.board.isLegal(self_, e.point)) return p.alive = false;
    Point captured[kMaxPoints];
    const int k = p.board.play(self_, e.point, captured);
    if (k != static_cast<int>(e.captured.size())) return p.alive = false;
    std::sort(captured, captured + k);
    if (!std::equal(captured, captured + k, e.captured.begin())) return p.alive = false;
    return true;
  }

  /// False if an opponent stone at q (empty on b) at time t would form a chain whose every
  /// liberty we fill later, before any of its stones is announced captured and before any of
  /// our stones around it is lost: the chain would have been captured without an announcement.
  bool survives(const Board& b, Point q, int t) {
    constexpr int kNone = INT32_MAX;
    const auto nextOurs = [&](Point l) {
      return Story::nextAfter(story_.our_stone[static_cast<size_t>(l)], t);
    };
    // Our later stone on an empty neighbour p, with no capture: p must not be left with
    // opponent stones only around it.
    for (Point l : b.neighbours(q)) {
      if (l == kOffBoard || b.at(l) != Color::Empty) continue;
      const int when = nextOurs(l);
      if (when == kNone || !story_.quietStone(when)) continue;
      bool boxed = true;
      for (Point r : b.neighbours(l))
        if (r != kOffBoard && r != q && b.at(r) != opp_) boxed = false;
      if (!boxed) continue;
      bool freed = false;  // unless one of them is announced captured first
      for (Point r : b.neighbours(l))
        if (r != kOffBoard &&
            Story::nextAfter(story_.opp_captured[static_cast<size_t>(r)], t) < when)
          freed = true;
      if (!freed) return false;
    }
    bool opp_nbr = false;
    for (Point l : b.neighbours(q)) {
      if (l == kOffBoard) continue;
      const Color c = b.at(l);
      if (c == Color::Empty && nextOurs(l) == kNone) return true;  // a liberty that stays ours-free
      opp_nbr |= c == opp_;
    }
    // Walk the chain q would be part of.
    around_.clear();
    ++stamp_;
    if (stamp_ == 0) {
      mark_.fill(0);
      stamp_ = 1;
    }
    chain_.clear();
    chain_.push_back(q);
    mark_[static_cast<size_t>(q)] = stamp_;
    int last = t;
    for (size_t i = 0; i < chain_.size(); ++i) {
      for (Point l : b.neighbours(chain_[i])) {
        if (l == kOffBoard || mark_[static_cast<size_t>(l)] == stamp_) continue;
        mark_[static_cast<size_t>(l)] = stamp_;
        const Color c = b.at(l);
        if (c == opp_) {
          chain_.push_back(l);
        } else if (c == Color::Empty) {
          const int when = nextOurs(l);
          if (when == kNone) return true;
          last = std::max(last, when);
        } else {
          around_.push_back(l);
        }
      }
      if (!opp_nbr) break;  // a single stone: its neighbours are all there is
    }
    bool ok = false;
    for (Point l : around_)
      if (Story::nextAfter(story_.our_lost[static_cast<size_t>(l)], t) <= last) ok = true;
    around_.clear();
    if (ok) return true;
    for (Point c : chain_)
      if (Story::nextAfter(story_.opp_captured[static_cast<size_t>(c)], t) <= last) return true;
    return false;
  }

  /// The demands still open at the opponent's turn t whatever the particle (a capture
  /// announced there later, by their deadline, makes a later placement the one needed), each
  /// with the opponent's turns left to meet it, fewest first. A particle's open demands are
  /// those whose point is still empty on its board.
  void openDemands(int t) {
    pending_.clear();
    for (const Demand& d : story_.demands) {
      if (d.until < t) continue;
      const std::vector<int>& caps = story_.opp_captured[static_cast<size_t>(d.point)];
      if (Story::nextAfter(caps, t) <= d.until) continue;
      pending_.push_back({d.point, story_.movesIn(t, d.until)});
    }
    std::stable_sort(pending_.begin(), pending_.end(),
                     [](const Open& a, const Open& b) { return a.moves < b.moves; });
  }

  void oppMove(Particle& p, const SeenEvent& e, int t, int own_moves, bool rejected) {
    if (!p.alive) return;
    Board& b = p.board;
    const MoveContext ctx{opp_, p.last_own, own_moves < story_.n / 12, rejected};
    const int want = static_cast<int>(e.captured.size());
    cand_.clear();
    strength_.clear();
    double total = 0;
    auto consider = [&](Point q) {
      if (!b.isLegal(opp_, q) || !story_.feasible(q, t)) return;
      if (b.wouldCapture(opp_, q) != want) return;
      if (want == 0 && !survives(b, q, t)) return;  // a capture makes its own liberties
      float s = model_.strength(moveFeatures(b, ctx, q));
      if (guide_) s *= (*guide_)[static_cast<size_t>(q)];
      cand_.push_back(q);
      strength_.push_back(s);
      total += s;
    };
    if (want == 0) {
      for (int i = 0; i < b.numEmpty(); ++i) consider(b.emptyAt(i));
    } else {
      // The capturing stone stands next to the captured stones.
      for (Point c : e.captured)
        for (Point q : b.neighbours(c))
          if (q != kOffBoard && b.at(q) == Color::Empty &&
              std::find(cand_.begin(), cand_.end(), q) == cand_.end())
            consider(q);
    }
    if (cand_.empty() || total <= 0) {
      p.alive = false;
      return;
    }

    // Demands still open for this particle: proposed with probability alpha, as urgent as the
    // tightest earliest-deadline schedule says.
    double alpha = 0, dtotal = 0;
    demand_w_.assign(cand_.size(), 0);
    if (want == 0) {
      // The open demands, fewest turns left first, and per point the fewest (its tightest
      // deadline, which sets the point's weight).
      double tight = 0;
      size_t k = 0;
      if (++dstamp_ == 0) {
        dmark_.fill(0);
        dstamp_ = 1;
      }
      for (const Open& o : pending_) {
        if (b.at(o.point) != Color::Empty) continue;
        tight = std::max(tight, double(++k) / std::max(1, o.moves));
        const size_t i = static_cast<size_t>(o.point);
        if (dmark_[i] != dstamp_) {
          dmark_[i] = dstamp_;
          dmoves_[i] = o.moves;
        }
      }
      if (k > 0) {
        alpha = std::min(1.0, tight);
        for (size_t i = 0; i < cand_.size(); ++i) {
          const size_t q = static_cast<size_t>(cand_[i]);
          if (dmark_[q] == dstamp_) demand_w_[i] = double(strength_[i]) / dmoves_[q];
        }
        for (double w : demand_w_) dtotal += w;
        if (dtotal <= 0) alpha = 0;
      }
    }

    // Draw from alpha * demands + (1 - alpha) * model; weight by model / proposal.
    size_t pick = 0;
    const bool from_demands = alpha > 0 && rng_.uniform() < alpha;
    double r = rng_.uniform() * (from_demands ? dtotal : total);
    for (pick = 0; pick + 1 < cand_.size(); ++pick) {
      r -= from_demands ? demand_w_[pick] : strength_[pick];
      if (r < 0) break;
    }
    if (from_demands && demand_w_[pick] <= 0) {  // rounding at the end of the list
      for (pick = cand_.size(); pick-- > 0;)
        if (demand_w_[pick] > 0) break;
    }
    const double model_p = strength_[pick] / total;
    const double prop = (1 - alpha) * model_p + (alpha > 0 ? alpha * demand_w_[pick] / dtotal : 0);
    p.weight *= model_p / prop;

    const Point q = cand_[pick];
    Point captured[kMaxPoints];
    const int k = b.play(opp_, q, captured);
    if (k != want) {
      p.alive = false;
      return;
    }
    std::sort(captured, captured + k);
    if (!std::equal(captured, captured + k, e.captured.begin())) {
      p.alive = false;
      return;
    }
    p.last_own = q;
  }

  /// Replaces dead particles, and all of them when the weights are uneven (effective sample
  /// size under half). False if none is alive.
  bool resample() {
    double sum = 0, sumsq = 0;
    int alive = 0;
    for (const Particle& p : particles_)
      if (p.alive) {
        sum += p.weight;
        sumsq += p.weight * p.weight;
        ++alive;
      }
    fewest_alive_ = std::min(fewest_alive_, alive);
    if (alive == 0 || sum <= 0) return false;
    const size_t m = particles_.size();
    const double ess = sum * sum / sumsq;
    if (alive == static_cast<int>(m) && ess >= 0.5 * static_cast<double>(m)) return true;
    // Systematic resampling.
    std::vector<size_t> from;
    from.reserve(m);
    const double step = sum / static_cast<double>(m);
    double u = rng_.uniform() * step, acc = 0;
    for (size_t i = 0; i < m && from.size() < m; ++i) {
      if (!particles_[i].alive) continue;
      acc += particles_[i].weight;
      while (u < acc && from.size() < m) {
        from.push_back(i);
        u += step;
      }
    }
    while (from.size() < m) from.push_back(from.back());
    std::vector<Particle>& next = spareParticles();
    next.clear();
    next.reserve(m);
    for (size_t i : from) {
      next.push_back(particles_[i]);
      next.back().weight = 1;
    }
    particles_.swap(next);
    return true;
  }

  struct Open {
    Point point;
    int moves;
  };

  const View& view_;
  const OpponentModel& model_;
  const std::vector<float>* guide_ = nullptr;  // per point, a factor on the model's weight

 public:
  void guide(const std::vector<float>* g) { guide_ = g; }

 private:
  const Story story_;
  Rng rng_;
  Color self_ = Color::Black, opp_ = Color::White;
  std::vector<Particle> particles_;
  std::vector<Point> cand_;
  std::vector<float> strength_;
  std::vector<double> demand_w_;
  std::vector<Open> pending_;                     // openDemands of the current opponent turn
  std::array<uint32_t, kMaxPoints + 1> dmark_{};  // per point: this particle's open demand
  std::array<int, kMaxPoints + 1> dmoves_{};      // ... and its fewest turns left
  uint32_t dstamp_ = 0;
  int start_ = 0;
  int failed_at_ = -1;
  int fewest_alive_ = 0;
  std::array<uint32_t, kMaxPoints + 1> mark_{};
  uint32_t stamp_ = 0;
  std::vector<Point> chain_, around_;
};

}  // namespace

StoryBelief::StoryBelief(const View& view, const OpponentModel& model, int particles, uint64_t seed)
    : StoryBelief(view, model, particles, seed, nullptr) {}

StoryBelief::StoryBelief(const View& view, const OpponentModel& model, int particles, uint64_t seed,
                         const StoryBelief* earlier, const std::vector<float>* guide) {
  PG_ASSERT(isStone(view.self()), "a player's view, not a spectator's");
  opp_ = opponent(view.self());
  version_ = view.version();
  const int n = view.rules().numPoints();
  occupied_.assign(static_cast<size_t>(n), 0);
  std::vector<Particle> ends;
  bool done = false;
  if (earlier && !earlier->fellBack() && earlier->version_ <= view.version()) {
    // Carry the earlier boards on through the new events; start afresh if that leaves too
    // few of them standing (their early stones did not know what the new events say).
    std::vector<Particle> from;
    from.reserve(earlier->boards_.size());
    for (size_t i = 0; i < earlier->boards_.size(); ++i)
      from.push_back(Particle{earlier->boards_[i], earlier->last_own_[i]});
    Filter filter(view, model, particles, seed, std::move(from), earlier->version_);
    filter.guide(guide);
    if (filter.run() && filter.fewestAlive() * 8 >= static_cast<int>(earlier->boards_.size())) {
      ends = std::move(filter.particles());
      done = true;
      carried_ = true;
    }
  }
  if (!done) {
    Filter filter(view, model, particles, seed, {}, 0);
    filter.guide(guide);
    if (!filter.run()) {
      failed_at_ = filter.failedAt();
      knowledge_ = std::make_unique<Knowledge>(Knowledge::fromView(view));
      fallback_ = std::make_unique<Sampler>(*knowledge_, true);
      return;
    }
    ends = std::move(filter.particles());
  }
  for (Particle& p : ends) {
    if (!p.alive) continue;
    std::vector<Point> hidden;
    for (Point q = 0; q < n; ++q)
      if (p.board.at(q) == opp_ && view.at(q) == Color::Empty) {
        hidden.push_back(q);
        ++occupied_[static_cast<size_t>(q)];
      }
    boards_.push_back(std::move(p.board));
    last_own_.push_back(p.last_own);
    hidden_.push_back(std::move(hidden));
  }
}

StoryBelief::~StoryBelief() = default;

int StoryBelief::sample(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const {
  if (fallback_) return fallback_->sample(out, rng, keep_empty, placed);
  const uint32_t m = static_cast<uint32_t>(boards_.size());
  size_t idx = rng.below(m);
  int missing = 0;
  if (keep_empty >= 0 && boards_[idx].at(keep_empty) == opp_) {
    if (occupied_[static_cast<size_t>(keep_empty)] == static_cast<int>(m)) {
      missing = 1;
    } else {
      for (int tries = 0; tries < 16 && boards_[idx].at(keep_empty) == opp_; ++tries)
        idx = rng.below(m);
      for (uint32_t k = 0; k < m && boards_[idx].at(keep_empty) == opp_; ++k) idx = (idx + 1) % m;
    }
  }
  out = boards_[idx];
  if (placed) placed->insert(placed->end(), hidden_[idx].begin(), hidden_[idx].end());
  return missing;
}

std::shared_ptr<const StoryBelief> StoryBeliefCache::get(const View& view,
                                                         const OpponentModel& model, int particles,
                                                         uint64_t seed,
                                                         const std::vector<float>* guide) {
  const SeenEvent* last = view.events().empty() ? nullptr : &view.events().back();
  const bool same_game = belief_ && self_ == view.self() && belief_->version() <= view.version() &&
                         belief_->version() > 0 &&
                         view.events()[static_cast<size_t>(belief_->version()) - 1] == last_event_;
  if (same_game && belief_->version() == view.version()) return belief_;
  belief_ = std::make_shared<const StoryBelief>(view, model, particles, seed,
                                                same_game ? belief_.get() : nullptr, guide);
  self_ = view.self();
  if (last) last_event_ = *last;
  return belief_;
}

std::vector<float> StoryBelief::occupancy() const {
  std::vector<float> f(occupied_.size(), 0.0f);
  if (boards_.empty()) return f;
  for (size_t i = 0; i < f.size(); ++i)
    f[i] = static_cast<float>(occupied_[i]) / static_cast<float>(boards_.size());
  return f;
}

}  // namespace pg
