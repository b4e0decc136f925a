// Belief about the opponent's hidden stones, built from one player's View only.
//
// Knowledge folds the view's events into facts; Sampler draws determinizations (full boards)
// that respect every hard constraint:
//   - exactly view.stoneCount(opponent) opponent stones on the board;
//   - hidden stones only on points that are empty in the view;
//   - every neighbour of one of our captured chains held an opponent stone at the capture, and
//     still does unless a capture of that point was announced since ("certain" stones);
//   - the board is a legal position: every chain, ours and theirs, keeps a liberty (a capture
//     that was not announced did not happen).
// Rejected tries are almost always opponent stones (suicide and ko are the exceptions), so the
// sampler places them first whenever the position allows ("likely" stones); the remaining
// stones go on the free points, weighted by a soft prior.
#pragma once

#include <cstdint>
#include <vector>

#include "ai/determinizer.h"
#include "referee/view.h"
#include "rules/board.h"
#include "rules/playout.h"

namespace pg {

struct Knowledge {
  Color self = Color::Black;
  Color opp = Color::White;
  /// Our stones and the opponent's visible (handicap) stones.
  Board plain{9, Topology::Planar};
  /// `plain` plus the certain hidden stones.
  Board base{9, Topology::Planar};
  /// Hidden opponent stones known for sure (already on `base`).
  std::vector<Point> certain;
  /// Rejected marks that are not certain: almost surely opponent stones.
  std::vector<Point> likely;
  /// Empty points of `base` that are neither likely nor certain.
  std::vector<Point> free;
  /// Opponent stones on the real board that the view does not show (certain ones included).
  int hidden_total = 0;
  /// Hidden stones still to place on top of `base`: hidden_total - certain.size().
  int to_place = 0;
  /// Per point, 1 if a hidden stone may stand there (empty in the view).
  std::vector<uint8_t> unknown;

  /// Precondition: view.self() is Black or White.
  static Knowledge fromView(const View& view);
};

/// True if an `opp` stone may be put at p without leaving any chain without a liberty.
bool canPlaceHidden(const Board& board, Color opp, Point p);

class Sampler final : public Determinizer {
 public:
  /// use_knowledge = false gives the uniform sampler of Cazenave (2005): the exact count on
  /// random empty points, legality only (rejected marks and captures are ignored).
  Sampler(const Knowledge& k, bool use_knowledge);

  /// Writes a determinization into `out`. `keep_empty` (or kNoPoint) stays empty. If `placed`
  /// is not null, the points of the hidden stones are appended to it. Returns the number of
  /// stones it could not place (0 unless the constraints cannot be met, which the real board
  /// rules out; a few retries make it vanishingly rare).
  int sample(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const override;

  const Knowledge& knowledge() const { return k_; }

 private:
  int sampleOnce(Board& out, Rng& rng, Point keep_empty, std::vector<Point>* placed) const;

  const Knowledge& k_;
  bool use_knowledge_;
  std::vector<Point> pool_;    // where the free stones may go
  std::vector<float> weight_;  // soft prior per point, max 1
};

}  // namespace pg
