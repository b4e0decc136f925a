#include "rules/playout.h"

#include "rules/random.h"

namespace pg {

void Rng::reseed(uint64_t seed) {
  s0_ = splitmix64(seed);
  s1_ = splitmix64(seed);
  if ((s0_ | s1_) == 0) s1_ = 1;
}

PlayoutResult randomPlayout(Board& board, Color to_move, Rng& rng, int max_moves) {
  PlayoutResult r;
  int passes = 0;
  Color c = to_move;
  while (r.moves < max_moves) {
    const Point p = randomPlayoutMove(board, c, rng);
    if (p == kPass) {
      board.clearKo();
      if (++passes >= 2) {
        r.finished = true;
        return r;
      }
    } else {
      board.play(c, p);
      passes = 0;
      ++r.moves;
    }
    c = opponent(c);
  }
  return r;
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
