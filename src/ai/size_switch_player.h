// A player that hands each action to one of two players by the board's size: what makes the
// hard level use the learned networks where they won their match (docs/bot.md, "The third
// generation": 13x13) and not where they did not (9x9 and 19x19 at the site's budget).
#pragma once

#include <memory>
#include <string>

#include "ai/player.h"

namespace pg {

/// A player named `name` that asks `chosen` on the board sizes `choose_size` says yes to, `other`
/// on the rest. A game keeps its size, so each game is played by one of them throughout, with
/// its state (time bank, the turn's statistics); lastDiagnostics() is that of the one asked
/// last.
std::unique_ptr<Player> makeSizeSwitchPlayer(std::string name, std::unique_ptr<Player> chosen,
                                             std::unique_ptr<Player> other,
                                             bool (*choose_size)(int size));

}  // namespace pg
