#include "ai/opponent_model.h"

#include <algorithm>
#include <cmath>
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

OpponentModel OpponentModel::sharpened(double power) const {
  std::array<float, kNumFeatures> g = gamma_;
  for (float& x : g) x = static_cast<float>(std::pow(static_cast<double>(x), power));
  return OpponentModel(g);
}

OpponentModel OpponentModel::uniform() {
  std::array<float, kNumFeatures> g;
  g.fill(1.0f);
  return OpponentModel(g);
}

const OpponentModel& OpponentModel::learned() {
  // pg_learn_opponent --bot v1 --games 120 --playouts 1500 --seed 1: log-likelihood per move
  // -3.62 with every gamma 1, -3.19 with these.
  // 9271 moves of 120 self-play games of bot:v1, 1500 playouts a try, 9x9, seed 1
  static const OpponentModel model(std::array<float, kNumFeatures>{
      0.7695f,   1.277f,  1.469f,  1.700f,  2.341f,  0.2981f, 1.135f,  1.799f,  2.233f,  2.379f,
      0.7689f,   1.432f,  1.536f,  0.5901f, 0.8536f, 1.160f,  1.255f,  0.6896f, 1.233f,  1.381f,
      1.152f,    1.301f,  1.161f,  1.121f,  0.8723f, 1.000f,  0.8313f, 1.133f,  1.186f,  1.049f,
      0.001202f, 0.7531f, 1.064f,  1.039f,  0.7853f, 1.351f,  0.5598f, 1.393f,  2.035f,  1.422f,
      1.055f,    0.5071f, 0.4594f, 2.696f,  2.003f,  5.153f,  1.530f,  1.452f,  0.9736f, 1.819f,
      1.378f,    1.858f,  0.7907f, 3.106f,  2.094f,  2.092f,  1.399f,  0.9951f, 0.6104f, 1.219f,
      2.542f,    0.9147f, 1.700f,  1.381f,  0.8550f, 1.434f,  0.2484f, 0.9643f, 0.9756f, 0.8375f,
      2.937f,    0.8111f, 0.8576f, 1.706f,  0.9068f, 0.7514f, 7.837f,  0.5808f, 1.016f,  0.6670f,
      2.070f,    0.9030f});
  return model;
}

}  // namespace pg
