// The server's WebSocket messages as JSON text (docs/protocol.md). Each builder takes only what
// its audience may know: seen events and views come from the referee's per-audience streams.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "protocol/errors.h"
#include "protocol/json.h"
#include "referee/seen.h"
#include "referee/view.h"
#include "server/table/fischer_clock.h"
#include "server/table/role.h"
#include "server/table/table_setup.h"

namespace pg {

using Frame = std::shared_ptr<const std::string>;

Frame makeFrame(const Json& j);
Frame errorFrame(const Error& e);
Frame eventFrame(Audience seat, int version, const SeenEvent& e, int size);
Frame snapshotFrame(Audience seat, const View& v);
/// {"type":"clock", kind, main_ms, increment_ms, black_ms, white_ms, running}, and days_per_move
/// for a correspondence clock (whose increment_ms is 0: its time is set back to main_ms after
/// each turn); `setup` is the clock `c` runs. Times at `now`, never below zero.
///
/// While the clock waits for each side's first move, `first_move` is when the player on turn
/// must have moved: the frame adds {"first_move": {"player", "left_ms"}}.
struct FirstMoveDue {
  Color player = Color::Black;
  int64_t deadline = 0;  ///< ms since the epoch
};
Json clockJson(const ClockSetup& setup, const FischerClock& c, int64_t now,
               const std::optional<FirstMoveDue>& first_move = std::nullopt);
Frame clockFrame(const ClockSetup& setup, const FischerClock& c, int64_t now,
                 const std::optional<FirstMoveDue>& first_move = std::nullopt);
/// {"type":"joined", table, role, seats (the audiences the role hears), info}.
/// {"type": "rematch-declined", "by": "<colour>"}: `by` declined the other seat's offer.
Frame rematchDeclinedFrame(Color by);
/// `spectator`: a spectator's number at the table (SpectatorNumbers), else 0 (not sent).
Frame joinedFrame(const std::string& table, Role role, const Json& info, int spectator = 0);
/// {"type":"presence", black, white, spectators}: which seats are connected, and how many watch.
Frame presenceFrame(bool black, bool white, int spectators);
/// {"type":"info", "info": <the table's public info>} (server/table/public_info.h).
Frame infoFrame(const Json& info);

}  // namespace pg
