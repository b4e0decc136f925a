// Every frame the server sends over the WebSocket, built here and nowhere else (docs/protocol.md,
// "Server messages"): the catalog of outgoing messages, as protocol/client_message.h is of the
// incoming ones. Each builder takes only what its audience may know: seen events and views come
// from the referee's per-audience streams, chat lines from TableChat's choice of what a role may
// read, a rematch's token from Rematch's choice of whom it belongs to.
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
/// {"type":"pong"}: the answer to a ping.
Frame pongFrame();
/// {"type":"thinking", "seat": "<colour>"}: the computer is choosing its move.
Frame thinkingFrame(Color seat);
/// {"type":"chat", "line": {...}}: one chat line (ChatLine::toJson) its receiver may read.
Frame chatFrame(const Json& line);
/// {"type":"chat-history", "lines": [...]}: the lines its receiver may read now.
Frame chatHistoryFrame(const Json& lines);
/// {"type":"rematch", "table"} and, for a seat, its new "token" and "seat" there.
struct RematchWay {
  std::string table;
  std::string token;  ///< empty for a spectator
  std::string seat;   ///< "black", "white" or "hotseat"; empty with no token
};
Frame rematchFrame(const RematchWay& way);

}  // namespace pg
