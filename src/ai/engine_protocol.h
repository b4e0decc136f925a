// The Phantom Go engine protocol (docs/engine-protocol.md): GTP-style text lines. These helpers
// turn what a seat was told (SeenEvents) into protocol commands and back, for both sides: the
// referee driving an external engine (external_player.h) and our engine answering one
// (phantom_engine.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/seen.h"
#include "rules/rules.h"

namespace pg {

/// The setup commands for a new game (boardsize, clear_board, komi, variants, handicap).
std::vector<std::string> setupCommands(const Rules& rules);

/// The command that tells `self`'s engine about event e, or nullopt if nothing is sent (our own
/// pass, marks, the end).
std::optional<std::string> eventCommand(const SeenEvent& e, Color self, int size);

/// "b"/"w".
std::string_view colorLetter(Color c);

}  // namespace pg
