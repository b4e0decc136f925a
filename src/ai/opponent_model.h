// What a player tends to play, as a product of feature weights (a generalised Bradley-Terry
// model in the spirit of Coulom 2007): each legal point gets the product of the gammas of its
// features, and a move's probability is its product over the sum of all the candidates'. The
// story belief (story_belief.h) weights the opponent's possible histories with it.
// tools/learn_opponent fits the gammas from the bot's own games by minorization-maximization
// and prints the table that opponent_model.cpp holds.
#pragma once

#include <array>
#include <cstdint>

#include "rules/board.h"

namespace pg {

/// The feature groups and how many values each has.
enum FeatureGroup : uint8_t {
  kFeatLine,      ///< distance to the edge 0..4 (5+ counts as 4), x2 for the mover's opening
  kFeatOwnAdj,    ///< the mover's stones beside the point: 0..3
  kFeatOtherAdj,  ///< the other colour's stones beside the point: 0..2, x2 after a rejection
  kFeatLastDist,  ///< distance to the mover's previous stone: 1, 2, 3, 4, 5+, none
  kFeatOwnDiag,   ///< the mover's stones on the diagonals: 0, 1, 2+
  kFeatEye,       ///< the point is a one-point eye of the mover's own: 0 or 1
  kFeatShape,     ///< the mover's stones on the 8 points around, up to symmetry (51 shapes)
  kNumFeatureGroups
};
inline constexpr int kNumShapes = 51;
inline constexpr std::array<int, kNumFeatureGroups> kFeatureValues = {10, 4, 6,         6,
                                                                      3,  2, kNumShapes};
/// Index of (group, value 0) in the flat gamma table.
constexpr int featureOffset(int group) {
  int o = 0;
  for (int g = 0; g < group; ++g) o += kFeatureValues[static_cast<size_t>(g)];
  return o;
}
inline constexpr int kNumFeatures = featureOffset(kNumFeatureGroups);

/// One candidate point's features: per group, the flat index of its value.
struct MoveFeatures {
  std::array<uint8_t, kNumFeatureGroups> index{};  // < 256: kNumFeatures fits
};

/// The mover's context that is the same for every candidate of one decision.
struct MoveContext {
  Color mover = Color::Black;
  Point last_own = kNoPoint;  ///< the mover's previous stone, or kNoPoint
  bool opening = true;        ///< the mover has played fewer than numPoints / 12 stones
  bool rejected = false;      ///< the mover had a try rejected earlier in this turn
};

/// The features of `q` for the mover (precondition: q is empty on `board`).
MoveFeatures moveFeatures(const Board& board, const MoveContext& ctx, Point q);

class OpponentModel {
 public:
  /// Every gamma 1: all legal points alike.
  static OpponentModel uniform();
  /// The table fitted by tools/learn_opponent (opponent_model.cpp says from which games).
  static const OpponentModel& learned();

  explicit OpponentModel(const std::array<float, kNumFeatures>& gamma) : gamma_(gamma) {}

  /// The same model with every gamma raised to `power`: above 1 it is sharper (the likely moves
  /// more likely still), below 1 flatter, 1 unchanged.
  OpponentModel sharpened(double power) const;

  float strength(const MoveFeatures& f) const {
    float s = 1.0f;
    for (uint8_t i : f.index) s *= gamma_[i];
    return s;
  }
  const std::array<float, kNumFeatures>& gamma() const { return gamma_; }

 private:
  std::array<float, kNumFeatures> gamma_;
};

}  // namespace pg
