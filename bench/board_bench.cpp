// Micro-benchmarks of the rules core's hot paths: random playouts, legality checks, board copies.
// items_per_second is playouts/s for the playout benchmarks. Run with
//   pg_microbench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <vector>

#include "rules/board.h"
#include "rules/playout.h"

namespace {

using pg::Board;
using pg::Color;
using pg::Point;
using pg::Topology;

// One playout as the computer player runs it: copy an empty board, play to two passes, score.
void playouts(benchmark::State& state, int size, Topology topology) {
  const Board empty(size, topology);
  Board board(empty);
  pg::Rng rng(12345);
  int64_t sum = 0;
  for (auto _ : state) {
    board = empty;
    pg::randomPlayout(board, Color::Black, rng, 3 * size * size);
    sum += pg::playoutScore(board);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations());
}

void BM_Playout9(benchmark::State& state) {
  playouts(state, 9, Topology::Planar);
}
BENCHMARK(BM_Playout9);

void BM_Playout9Torus(benchmark::State& state) {
  playouts(state, 9, Topology::Torus);
}
BENCHMARK(BM_Playout9Torus);

void BM_Playout19(benchmark::State& state) {
  playouts(state, 19, Topology::Planar);
}
BENCHMARK(BM_Playout19);

// Board::isLegal for every point, on a set of mid-game 9x9 positions.
void BM_PlayLegalCheck(benchmark::State& state) {
  std::vector<Board> positions;
  pg::Rng rng(7);
  for (int i = 0; i < 64; ++i) {
    Board b(9, Topology::Planar);
    pg::randomPlayout(b, Color::Black, rng, 30 + i % 20);
    positions.push_back(b);
  }
  size_t k = 0;
  int legal = 0;
  for (auto _ : state) {
    const Board& b = positions[k++ % positions.size()];
    for (Point p = 0; p < b.numPoints(); ++p) {
      legal += b.isLegal(Color::Black, p);
      legal += b.isLegal(Color::White, p);
    }
  }
  benchmark::DoNotOptimize(legal);
  state.SetItemsProcessed(state.iterations() * 2 * 81);
}
BENCHMARK(BM_PlayLegalCheck);

// Copying a 9x9 and a 19x19 mid-game board.
void BM_BoardCopy(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  Board src(size, Topology::Planar);
  pg::Rng rng(3);
  pg::randomPlayout(src, Color::Black, rng, size * size / 2);
  Board dst(size, Topology::Planar);
  for (auto _ : state) {
    dst = src;
    benchmark::DoNotOptimize(dst);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_BoardCopy)->Arg(9)->Arg(19);

}  // namespace
