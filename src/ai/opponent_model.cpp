#include "ai/opponent_model.h"

#include <algorithm>
#include <cstdlib>

#include "rules/assert.h"

namespace pg {

namespace {

// The 8 points around, clockwise from north: (dx, dy).
constexpr int kRingX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kRingY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/// Shape class of each 8-bit ring (bit i: the mover's stone at ring position i), the same
/// for the 8 rotations and reflections; classes numbered by the smallest ring in each.
struct ShapeTable {
  std::array<uint8_t, 256> cls{};
  int count = 0;
  ShapeTable() { build(); }
  void build() {
    std::array<int, 256> canon_of{};
    std::array<int, 256> id{};
    id.fill(-1);
    for (int m = 0; m < 256; ++m) {
      int best = 256;
      for (int rot = 0; rot < 8; rot += 2)  // rotations by 90 degrees move the ring by 2
        for (int flip = 0; flip < 2; ++flip) {
          int v = 0;
          for (int i = 0; i < 8; ++i) {
            const int j = flip ? (8 - i) % 8 : i;
            if (m >> i & 1) v |= 1 << ((j + rot) % 8);
          }
          best = std::min(best, v);
        }
      canon_of[static_cast<size_t>(m)] = best;
    }
    for (int m = 0; m < 256; ++m) {
      const int c = canon_of[static_cast<size_t>(m)];
      if (id[static_cast<size_t>(c)] < 0) id[static_cast<size_t>(c)] = count++;
      cls[static_cast<size_t>(m)] = static_cast<uint8_t>(id[static_cast<size_t>(c)]);
    }
    PG_ASSERT(count == kNumShapes, "51 shapes of 8 points up to symmetry");
  }
};

const ShapeTable& shapes() {
  static const ShapeTable t;
  return t;
}

}  // namespace

MoveFeatures moveFeatures(const Board& board, const MoveContext& ctx, Point q) {
  const int size = board.size();
  const int x = board.xOf(q), y = board.yOf(q);
  const bool torus = board.topology() == Topology::Torus;
  MoveFeatures f;
  const int line = torus ? 4 : std::min({x, y, size - 1 - x, size - 1 - y, 4});
  f.index[kFeatLine] =
      static_cast<uint8_t>(featureOffset(kFeatLine) + line + (ctx.opening ? 5 : 0));
  const Color other = opponent(ctx.mover);
  f.index[kFeatOwnAdj] = static_cast<uint8_t>(featureOffset(kFeatOwnAdj) +
                                              std::min(board.neighbourCount(q, ctx.mover), 3));
  f.index[kFeatOtherAdj] =
      static_cast<uint8_t>(featureOffset(kFeatOtherAdj) +
                           std::min(board.neighbourCount(q, other), 2) + (ctx.rejected ? 3 : 0));
  int dist = 5;  // none
  if (ctx.last_own >= 0) {
    int dx = std::abs(x - board.xOf(ctx.last_own)), dy = std::abs(y - board.yOf(ctx.last_own));
    if (torus) {
      dx = std::min(dx, size - dx);
      dy = std::min(dy, size - dy);
    }
    dist = std::min(dx + dy, 5) - 1;
  }
  f.index[kFeatLastDist] = static_cast<uint8_t>(featureOffset(kFeatLastDist) + dist);
  int diag = 0, ring = 0;
  for (int i = 0; i < 8; ++i) {
    int nx = x + kRingX[i], ny = y + kRingY[i];
    if (torus) {
      nx = (nx + size) % size;
      ny = (ny + size) % size;
    } else if (nx < 0 || ny < 0 || nx >= size || ny >= size) {
      continue;
    }
    if (board.at(static_cast<Point>(ny * size + nx)) != ctx.mover) continue;
    ring |= 1 << i;
    diag += i & 1;
  }
  f.index[kFeatShape] =
      static_cast<uint8_t>(featureOffset(kFeatShape) + shapes().cls[static_cast<size_t>(ring)]);
  f.index[kFeatOwnDiag] = static_cast<uint8_t>(featureOffset(kFeatOwnDiag) + std::min(diag, 2));
  f.index[kFeatEye] =
      static_cast<uint8_t>(featureOffset(kFeatEye) + (board.isOnePointEye(ctx.mover, q) ? 1 : 0));
  return f;
}

OpponentModel OpponentModel::uniform() {
  std::array<float, kNumFeatures> g;
  g.fill(1.0f);
  return OpponentModel(g);
}

const OpponentModel& OpponentModel::learned() {
  // pg_learn_opponent --bot v1 --games 160 --playouts 5000 --seed 17: log-likelihood per move
  // -3.64 with every gamma 1, -2.99 with these (12,724 moves). The first table, from 120 games
  // at 1,500 playouts (seed 1), reached -3.19 on its own games; fitted on stronger moves, the
  // model is sharper, and hard won more often against v1 with it (docs/bot.md).
  static const OpponentModel model(std::array<float, kNumFeatures>{
      0.8538f,   1.301f,  1.431f,  1.415f,  1.319f,  0.1097f, 1.271f,  2.144f,  2.922f,  4.178f,
      0.6616f,   1.680f,  1.726f,  0.5866f, 0.7696f, 1.307f,  1.402f,  0.5336f, 1.487f,  1.710f,
      1.329f,    1.529f,  1.248f,  1.074f,  0.8011f, 1.000f,  0.8316f, 1.157f,  1.143f,  1.039f,
      0.001107f, 0.6231f, 1.223f,  1.168f,  0.7064f, 1.741f,  0.4167f, 1.984f,  2.908f,  1.310f,
      1.109f,    0.4146f, 0.4155f, 3.813f,  2.354f,  5.730f,  1.703f,  1.769f,  0.9174f, 3.364f,
      1.506f,    1.983f,  0.8770f, 2.738f,  4.846f,  1.935f,  1.415f,  0.9432f, 0.8650f, 2.829f,
      3.078f,    0.7538f, 2.684f,  1.244f,  1.006f,  1.088f,  0.3062f, 1.546f,  0.9665f, 0.8235f,
      4.100f,    0.8027f, 1.289f,  1.664f,  0.9197f, 0.8129f, 3.103f,  0.7691f, 0.5443f, 0.5513f,
      1.956f,    0.9230f});
  return model;
}

}  // namespace pg
