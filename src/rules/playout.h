// Light random playouts on the real board: the engine of the benchmark and of the computer
// player's evaluation.
#pragma once

#include <cstdint>

#include "rules/board.h"

namespace pg {

/// A small fast generator (xoshiro128+ style state, splitmix seeding). Not cryptographic.
class Rng {
 public:
  explicit Rng(uint64_t seed = 0x243F6A8885A308D3ULL) { reseed(seed); }
  void reseed(uint64_t seed);
  uint32_t next32() {
    const uint64_t result = s0_ + s1_;
    s1_ ^= s0_;
    s0_ = ((s0_ << 55) | (s0_ >> 9)) ^ s1_ ^ (s1_ << 14);
    s1_ = (s1_ << 36) | (s1_ >> 28);
    return static_cast<uint32_t>(result >> 32);
  }
  /// Uniform in [0, n). Precondition: n > 0.
  uint32_t below(uint32_t n) {
    return static_cast<uint32_t>((static_cast<uint64_t>(next32()) * n) >> 32);
  }
  /// Uniform in [0, 1).
  double uniform() { return next32() * (1.0 / 4294967296.0); }

 private:
  uint64_t s0_ = 0, s1_ = 0;
};

/// A uniformly random move for c among the legal points (simple ko) that are not eyes of c's
/// own (under `E`, board.h), or kPass if there is none. Reorders the board's empty list
/// (nothing else).
template <PlayoutEyes E = PlayoutEyes::FillFalse>
inline Point randomPlayoutMove(Board& board, Color c, Rng& rng) {
  // Rejection sampling without replacement: a rejected point is swapped past the live range,
  // so every acceptable point is equally likely. The generator works on a local copy, which
  // the compiler keeps in registers.
  Rng r = rng;
  int live = board.numEmpty();
  Point move = kPass;
  while (live > 0) {
    const int i = static_cast<int>(r.below(static_cast<uint32_t>(live)));
    const Point p = board.emptyAt(i);
    if (board.template isPlayoutCandidate<E>(c, p)) {
      move = p;
      break;
    }
    board.swapEmpty(i, --live);
  }
  rng = r;
  return move;
}

/// randomPlayoutMove<eyes>, the rule chosen at run time.
inline Point randomPlayoutMove(Board& board, Color c, Rng& rng, PlayoutEyes eyes) {
  return eyes == PlayoutEyes::KeepAll ? randomPlayoutMove<PlayoutEyes::KeepAll>(board, c, rng)
                                      : randomPlayoutMove<PlayoutEyes::FillFalse>(board, c, rng);
}

struct PlayoutResult {
  int moves = 0;                 ///< stones played (passes not counted)
  bool finished = false;         ///< ended by two passes (false: hit the move limit)
  Color to_move = Color::Empty;  ///< the side to move next
};

/// Plays random moves from `board` with `to_move` first until two passes in a row or `max_moves`
/// stones; `passes` is the number of passes in a row just before (0 or 1). A playout caught in a
/// cycle that simple ko allows (every ply of it has one move or none) ends as the plain loop
/// would, at the move limit in the same position, without playing the cycles in between; `rng`
/// is then left where the loop left it less the draws of the plies skipped. Precondition: the
/// board is consistent. Moves are drawn by randomPlayoutMove<eyes>.
PlayoutResult randomPlayout(Board& board, Color to_move, Rng& rng, int max_moves, int passes = 0,
                            PlayoutEyes eyes = PlayoutEyes::FillFalse);

/// Black's area score minus White's, without komi, for a board where every empty region is a
/// single point (true at the end of a finished playout). Other empty points count for nobody.
int playoutScore(const Board& board);

}  // namespace pg
