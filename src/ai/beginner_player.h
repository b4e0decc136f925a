// The ladder's weakest level: a player who plays by shape and reads little. It still captures
// what plainly hangs and saves a chain that is plainly in atari, but only when it notices.
#pragma once

#include <cstdint>
#include <memory>

#include "ai/player.h"

namespace pg {

/// How the beginner plays (the defaults are the ladder's `beginner`, docs/bot.md).
struct BeginnerStyle {
  int playouts = 100;      ///< its small search's playouts a decision (it also decides passes)
  double notice = 0.5;     ///< the chance it notices an atari, its own or one it could take
  double intuition = 0.9;  ///< the chance it plays a move by shape instead of the search's
};

/// Each decision: the small search first (a pass it chooses is played); then, if it notices,
/// the extension of its own chain in atari on the board it can see (the largest such chain),
/// or a capture that most of its belief's boards allow; else, with the chance `intuition`, a
/// point drawn from the learned move model (opponent_model.h) on its own stones, which looks
/// like a move but is not read; else the search's move.
std::unique_ptr<Player> makeBeginnerPlayer(uint64_t seed, const BeginnerStyle& style = {});

}  // namespace pg
