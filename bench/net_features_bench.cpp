// Micro-benchmarks of the networks' encoders (ai/net_features.h): board-v1 runs in a search,
// many times a second; belief-v1 once a decision. items_per_second is encodings/s.
#include <benchmark/benchmark.h>

#include <vector>

#include "ai/net_features.h"
#include "referee/referee.h"
#include "rules/playout.h"

namespace {

using pg::Board;
using pg::Color;

/// A board halfway through a random playout.
Board midgame(int size) {
  Board board(size, pg::Topology::Planar);
  pg::Rng rng(7);
  pg::randomPlayout(board, Color::Black, rng, size * size / 2);
  return board;
}

void encodeBoard(benchmark::State& state, int size) {
  const Board board = midgame(size);
  pg::Rules rules;
  rules.size = size;
  std::vector<uint8_t> planes(static_cast<size_t>(pg::kBoardPlanes * size * size));
  float globals[pg::kBoardGlobals];
  for (auto _ : state) {
    pg::encodeBoardInput(board, Color::Black, rules, false, planes.data(), globals);
    benchmark::DoNotOptimize(planes.data());
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_EncodeBoard9(benchmark::State& state) {
  encodeBoard(state, 9);
}
BENCHMARK(BM_EncodeBoard9);

void BM_EncodeBoard19(benchmark::State& state) {
  encodeBoard(state, 19);
}
BENCHMARK(BM_EncodeBoard19);

/// Black's view after 40 turns of random legal stones on 9x9.
void BM_EncodeBelief9(benchmark::State& state) {
  pg::Rules rules;
  pg::Referee ref(rules);
  pg::Rng rng(3);
  while (ref.turn() < 40) {
    const Color c = ref.toMove();
    const pg::View& v = ref.view(pg::audienceOf(c));
    std::vector<pg::Point> empty;
    for (pg::Point p = 0; p < rules.numPoints(); ++p)
      if (v.at(p) == Color::Empty) empty.push_back(p);
    ref.tryPoint(c, empty[rng.below(static_cast<uint32_t>(empty.size()))]);
  }
  const pg::View& view = ref.view(pg::Audience::Black);
  const std::vector<float> occ(static_cast<size_t>(rules.numPoints()), 0.25f);
  std::vector<uint8_t> planes(static_cast<size_t>(pg::kBeliefPlanes * rules.numPoints()));
  float globals[pg::kBeliefGlobals];
  for (auto _ : state) {
    pg::encodeBeliefInput(view, occ, planes.data(), globals);
    benchmark::DoNotOptimize(planes.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EncodeBelief9);

}  // namespace
