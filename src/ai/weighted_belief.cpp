#include "ai/weighted_belief.h"

#include <algorithm>
#include <cmath>

namespace pg {

namespace {

// rules/board.cpp orders a point's neighbours (x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y).
constexpr size_t kSouth = 0, kEast = 1;

double logit(double p, double floor) {
  p = std::clamp(p, floor, 1.0 - floor);
  return std::log(p / (1.0 - p));
}

}  // namespace

WeightedBelief::WeightedBelief(std::shared_ptr<const StoryBelief> story, const BeliefMaps& maps,
                               double tilt, double link_tilt)
    : story_(std::move(story)) {
  if (story_->fellBack() || story_->particles() == 0) return;
  const std::vector<Board>& boards = story_->boards();
  const std::vector<std::vector<Point>>& hidden = story_->hiddenStones();
  const size_t m = boards.size();
  const Board& geometry = boards.front();
  const int n = geometry.numPoints();
  const Color opp = story_->opponentColor();
  // The boards' own shares of each hidden stone and of each link out of a hidden stone.
  std::vector<double> share(static_cast<size_t>(n), 0), east(share), south(share);
  const auto eastOf = [&](Point p) { return geometry.neighbours(p)[kEast]; };
  const auto southOf = [&](Point p) { return geometry.neighbours(p)[kSouth]; };
  for (size_t i = 0; i < m; ++i)
    for (Point p : hidden[i]) {
      share[static_cast<size_t>(p)] += 1;
      const Point e = eastOf(p), s = southOf(p);
      if (e != kOffBoard && boards[i].at(e) == opp) east[static_cast<size_t>(p)] += 1;
      if (s != kOffBoard && boards[i].at(s) == opp) south[static_cast<size_t>(p)] += 1;
    }
  const double floor = 0.5 / static_cast<double>(m);
  const double net_floor = 1e-3;
  std::vector<double> gain(static_cast<size_t>(n), 0), east_gain(gain), south_gain(gain);
  for (size_t p = 0; p < static_cast<size_t>(n); ++p) {
    const double md = static_cast<double>(m);
    gain[p] = logit(maps.hidden[p], net_floor) - logit(share[p] / md, floor);
    east_gain[p] = logit(maps.east[p], net_floor) - logit(east[p] / md, floor);
    south_gain[p] = logit(maps.south[p], net_floor) - logit(south[p] / md, floor);
  }
  std::vector<double> score(m, 0);
  double top = -1e300;
  for (size_t i = 0; i < m; ++i) {
    double s = 0, links = 0;
    for (Point p : hidden[i]) {
      const size_t pi = static_cast<size_t>(p);
      s += gain[pi];
      if (link_tilt == 0) continue;
      const Point e = eastOf(p), so = southOf(p);
      if (e != kOffBoard && boards[i].at(e) == opp) links += east_gain[pi];
      if (so != kOffBoard && boards[i].at(so) == opp) links += south_gain[pi];
    }
    score[i] = tilt * s + link_tilt * links;
    top = std::max(top, score[i]);
  }
  weight_.resize(m);
  cumulative_.resize(m);
  double sum = 0, sumsq = 0;
  for (size_t i = 0; i < m; ++i) {
    weight_[i] = std::exp(score[i] - top);
    sum += weight_[i];
    sumsq += weight_[i] * weight_[i];
  }
  double acc = 0;
  for (size_t i = 0; i < m; ++i) {
    weight_[i] /= sum;
    acc += weight_[i];
    cumulative_[i] = acc;
  }
  cumulative_.back() = 1.0;
  effective_ = sum * sum / sumsq;
}

size_t WeightedBelief::draw(Rng& rng) const {
  const double u = rng.uniform();
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
  return std::min(static_cast<size_t>(it - cumulative_.begin()), cumulative_.size() - 1);
}

int WeightedBelief::sample(Board& out, Rng& rng, Point keep_empty,
                           std::vector<Point>* placed) const {
  if (cumulative_.empty()) return story_->sample(out, rng, keep_empty, placed);
  const std::vector<Board>& boards = story_->boards();
  const Color opp = story_->opponentColor();
  size_t idx = draw(rng);
  int missing = 0;
  if (keep_empty >= 0 && boards[idx].at(keep_empty) == opp) {
    // Another board with the point empty, drawn by weight; failing that, any such board.
    for (int tries = 0; tries < 16 && boards[idx].at(keep_empty) == opp; ++tries) idx = draw(rng);
    for (size_t k = 0; k < boards.size() && boards[idx].at(keep_empty) == opp; ++k)
      idx = (idx + 1) % boards.size();
    missing = boards[idx].at(keep_empty) == opp ? 1 : 0;
  }
  out = boards[idx];
  if (placed) {
    const std::vector<Point>& h = story_->hiddenStones()[idx];
    placed->insert(placed->end(), h.begin(), h.end());
  }
  return missing;
}

std::vector<float> WeightedBelief::occupancy() const {
  if (cumulative_.empty()) return story_->occupancy();
  std::vector<float> f(story_->occupancy().size(), 0.0f);
  const std::vector<std::vector<Point>>& hidden = story_->hiddenStones();
  for (size_t i = 0; i < hidden.size(); ++i)
    for (Point p : hidden[i]) f[static_cast<size_t>(p)] += static_cast<float>(weight_[i]);
  return f;
}

}  // namespace pg
