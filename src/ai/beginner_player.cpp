#include "ai/beginner_player.h"

#include <algorithm>
#include <mutex>

#include "ai/belief.h"
#include "ai/candidates.h"
#include "ai/opponent_model.h"
#include "ai/search.h"
#include "ai/story_belief.h"

namespace pg {

namespace {

constexpr int kParticles = 128;
constexpr int kCaptureBoards = 16;

/// The extension of the largest own chain in atari on `board` that gets it to two liberties
/// or more, or kNoPoint.
Point saveFromAtari(const Board& board, Color self, const std::vector<uint8_t>& allowed) {
  Point best = kNoPoint;
  int best_size = 0;
  for (Point p = 0; p < board.numPoints(); ++p) {
    if (board.at(p) != self || board.chainHead(p) != p || !board.inAtari(p)) continue;
    const Point lib = board.atariLiberty(p);
    if (!allowed[static_cast<size_t>(lib)] || !board.isLegal(self, lib)) continue;
    Board after = board;
    after.play(self, lib);
    if (after.liberties(lib) >= 2 && board.chainSize(p) > best_size) {
      best = lib;
      best_size = board.chainSize(p);
    }
  }
  return best;
}

/// The allowed point that captures on most of the belief's boards, if that is at least half.
Point takeWhatHangs(const Determinizer& belief, const Board& shape, Color self,
                    const std::vector<Point>& cands, Rng& rng) {
  std::vector<int> votes(static_cast<size_t>(shape.numPoints()), 0);
  Board board = shape;
  for (int i = 0; i < kCaptureBoards; ++i) {
    belief.sample(board, rng, kNoPoint, nullptr);
    for (Point p : cands)
      if (board.isLegal(self, p) && board.wouldCapture(self, p) > 0)
        ++votes[static_cast<size_t>(p)];
  }
  Point best = kNoPoint;
  int best_votes = kCaptureBoards / 2 - 1;
  for (Point p : cands)
    if (votes[static_cast<size_t>(p)] > best_votes) {
      best = p;
      best_votes = votes[static_cast<size_t>(p)];
    }
  return best;
}

/// A candidate drawn in proportion to the learned move model's strength on `plain`.
Point byShape(const View& view, const Board& plain, const std::vector<Point>& cands, Rng& rng) {
  const MoveContext ctx = ownMoveContext(view);
  const OpponentModel& model = OpponentModel::learned();
  std::vector<double> cumulative;
  double total = 0;
  for (Point q : cands) {
    total += model.strength(moveFeatures(plain, ctx, q));
    cumulative.push_back(total);
  }
  const double r = rng.uniform() * total;
  const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), r);
  return cands[std::min(static_cast<size_t>(it - cumulative.begin()), cands.size() - 1)];
}

SearchParams beginnerSearch() {
  SearchParams p;
  p.belief = BeliefKind::Story;
  p.particles = kParticles;
  return p;
}

class BeginnerPlayer final : public Player {
 public:
  BeginnerPlayer(uint64_t seed, const BeginnerStyle& style)
      : style_(style), seed_(seed), rng_(mix64(seed ^ 0x424547494E4E4552ULL)) {}

  Action choose(const View& view, const SearchLimits& limits) override {
    std::lock_guard<std::mutex> lock(mu_);
    int playouts = style_.playouts;
    if (limits.playouts > 0) playouts = std::min(playouts, limits.playouts);
    const SearchParams params = beginnerSearch();
    const uint64_t seed = mix64(seed_ + 0x9E3779B97F4A7C15ULL * ++calls_);
    const SearchOutput out =
        runSearch(view, params, 0, std::max(1, playouts), 1, seed, nullptr, &beliefs_);
    diag_.belief = out.belief;
    diag_.playouts = out.playouts;
    diag_.seconds = out.seconds;
    diag_.threads = 1;
    if (out.action.kind != Action::Kind::Try) return out.action;

    const Knowledge k = Knowledge::fromView(view);
    const std::vector<Point> cands = tryCandidates(view, k.plain, true);
    if (cands.empty()) return out.action;  // cannot happen: the search found a try
    std::vector<uint8_t> allowed(static_cast<size_t>(view.rules().numPoints()), 0);
    for (Point p : cands) allowed[static_cast<size_t>(p)] = 1;
    if (rng_.uniform() < style_.notice) {
      const Point save = saveFromAtari(seenBoard(k), view.self(), allowed);
      if (save != kNoPoint) return Action::tryAt(save);
    }
    if (rng_.uniform() < style_.notice) {
      const auto belief = beliefs_.get(view, OpponentModel::learned(), params.particles, seed);
      const Point take = takeWhatHangs(*belief, k.plain, view.self(), cands, rng_);
      if (take != kNoPoint) return Action::tryAt(take);
    }
    if (rng_.uniform() < style_.intuition)
      return Action::tryAt(byShape(view, k.plain, cands, rng_));
    return out.action;
  }

  std::string name() const override { return "beginner"; }

  SearchDiagnostics lastDiagnostics() const override {
    std::lock_guard<std::mutex> lock(mu_);
    return diag_;
  }

 private:
  const BeginnerStyle style_;
  const uint64_t seed_;
  uint64_t calls_ = 0;
  Rng rng_;
  mutable std::mutex mu_;
  StoryBeliefCache beliefs_;
  SearchDiagnostics diag_;
};

}  // namespace

std::unique_ptr<Player> makeBeginnerPlayer(uint64_t seed, const BeginnerStyle& style) {
  return std::make_unique<BeginnerPlayer>(seed, style);
}

}  // namespace pg
