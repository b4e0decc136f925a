#include "rules/playout.h"

#include "rules/random.h"

namespace pg {

void Rng::reseed(uint64_t seed) {
  s0_ = splitmix64(seed);
  s1_ = splitmix64(seed);
  if ((s0_ | s1_) == 0) s1_ = 1;
}

namespace {

/// The state that decides the rest of a playout: board, side to move, ko and a pending pass.
uint64_t playoutState(const Board& board, Color c, int passes) {
  uint64_t k = board.hash() ^ (static_cast<uint64_t>(board.koPoint() + 3) * kSplitmixGamma);
  if (c == Color::White) k ^= 0xD6E8FEB86659FD93ULL;
  if (passes > 0) k ^= 0xA0761D6478BD642FULL;
  return k;
}

/// The only playout move for c (kPass if there is none), or kNoPoint if there are two or more.
template <PlayoutEyes E>
Point forcedMove(const Board& board, Color c) {
  Point only = kPass;
  for (int i = 0; i < board.numEmpty(); ++i) {
    const Point p = board.emptyAt(i);
    if (!board.isPlayoutCandidate<E>(c, p)) continue;
    if (only != kPass) return kNoPoint;
    only = p;
  }
  return only;
}

// The state is compared with a mark taken every kMarkEvery plies, so a cycle of up to
// kMarkEvery plies is seen within about kMarkEvery plus its length after it starts.
constexpr int kMarkEvery = 16;

template <PlayoutEyes E>
PlayoutResult playOut(Board& board, Color to_move, Rng& rng, int max_moves, int passes) {
  PlayoutResult r;
  Color c = to_move;
  // Under simple ko a playout can cycle for ever (two kos and passes, each pass lifting a ko).
  // When the state of some ply comes back, the next plies are checked: if each of them has one
  // move or none, the playout is caught in the cycle until the move limit, and whole cycles are
  // skipped. The moves, the random numbers drawn and the final position are those of the plain
  // loop; only the draws of the skipped plies are left out. Nothing is watched while half the
  // board or more is empty: a cycle needs a nearly full board (where every ply has one move or
  // none, the empty points are eyes and ko points), and the watch costs time on every ply. The
  // check needs no watched ply before it: it starts when the state equals the mark and ends
  // when it equals it again, every ply between (all watched) having one move or none.
  const int num_points = board.numPoints();
  bool watch = true;
  bool checking = false;
  uint64_t mark = playoutState(board, c, passes);
  int mark_age = 0;     // plies since the mark
  int to_check = 0;     // plies of the suspected cycle still to check
  int cycle_moves = 0;  // stones played in the suspected cycle so far
  while (r.moves < max_moves) {
    bool forced = false;
    if (watch && (checking || 2 * board.numEmpty() <= num_points)) {
      const uint64_t state = playoutState(board, c, passes);
      if (!checking && mark_age > 0 && state == mark) {
        checking = true;
        to_check = mark_age;
        cycle_moves = 0;
      }
      if (checking && to_check == 0) {
        checking = false;
        if (state == mark && cycle_moves > 0) {
          // Keep at least one move to play, so that the loop ends on the same ply as before.
          r.moves += (max_moves - r.moves - 1) / cycle_moves * cycle_moves;
          watch = false;
        }
        mark = state;
        mark_age = 0;
      }
      if (checking) {
        forced = forcedMove<E>(board, c) != kNoPoint;
        if (forced) {
          --to_check;
        } else {
          checking = false;
          mark = state;
          mark_age = 0;
        }
      }
      if (!checking) {
        if (mark_age == kMarkEvery) {
          mark = state;
          mark_age = 0;
        }
        ++mark_age;
      }
    }
    const Point p = randomPlayoutMove<E>(board, c, rng);
    if (p == kPass) {
      board.clearKo();
      if (++passes >= 2) {
        r.finished = true;
        r.to_move = opponent(c);
        return r;
      }
    } else {
      board.play(c, p);
      passes = 0;
      ++r.moves;
      cycle_moves += forced;
    }
    c = opponent(c);
  }
  r.to_move = c;
  return r;
}

}  // namespace

PlayoutResult randomPlayout(Board& board, Color to_move, Rng& rng, int max_moves, int passes,
                            PlayoutEyes eyes) {
  return eyes == PlayoutEyes::KeepAll
             ? playOut<PlayoutEyes::KeepAll>(board, to_move, rng, max_moves, passes)
             : playOut<PlayoutEyes::FillFalse>(board, to_move, rng, max_moves, passes);
}

int playoutScore(const Board& board) {
  int score = board.stoneCount(Color::Black) - board.stoneCount(Color::White);
  for (int i = 0; i < board.numEmpty(); ++i) {
    const Point p = board.emptyAt(i);
    int b = 0, w = 0;
    for (Point q : board.neighbours(p)) {
      const Color qc = board.at(q);
      b += qc == Color::Black;
      w += qc == Color::White;
    }
    if (b > 0 && w == 0) ++score;
    if (w > 0 && b == 0) --score;
  }
  return score;
}

}  // namespace pg
