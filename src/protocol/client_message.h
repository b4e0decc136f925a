// What a WebSocket client may send (docs/protocol.md, "Client messages"), as typed values: the
// one place that reads a client's JSON. The router dispatches on the alternative; the table
// acts on typed fields and never looks at the JSON again.
//
// Parsing checks the message's shape only (types and presence of fields). What needs a table
// (is the point on this board, does the token hold a seat, may this connection move) is the
// table's to decide, so a ParseError never depends on any game's state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/errors.h"
#include "protocol/json.h"
#include "rules/types.h"

namespace pg {

/// A refused message: the `code` and English `message` of the error frame its sender gets.
/// A message refused for its shape: bad-json, bad-request (with what is wrong), unknown-command.
using ParseError = Error;

struct PingRequest {
  bool operator==(const PingRequest&) const = default;
};

/// last_version given per seat ({"black": n, "white": m}; either may be missing): hot seat.
struct SeatVersions {
  std::optional<int64_t> black;
  std::optional<int64_t> white;
  bool operator==(const SeatVersions&) const = default;
};
/// last_version present but neither an integer nor a map of black/white to integers. Which
/// error it earns depends on the seat the token holds, so the table answers it.
struct MalformedVersions {
  bool operator==(const MalformedVersions&) const = default;
};
/// Absent (or null), one version, one per seat, or malformed.
using LastVersion = std::variant<std::monostate, int64_t, SeatVersions, MalformedVersions>;

/// {"type":"join", "table", "token" | "watch": true, "last_version"?}.
struct JoinRequest {
  std::string table;
  std::optional<std::string> token;  ///< a seat's secret; nullopt: watch
  LastVersion last_version;
  bool operator==(const JoinRequest&) const = default;
};

/// The optional "seat" of a command: Black or White, or nullopt (the connection's own seat;
/// on a hot seat, the player on turn).
using SeatField = std::optional<Color>;

struct TryCommand {
  std::string point;  ///< a vertex as sent ("C3"); the table checks it against its board
  SeatField seat;
  bool operator==(const TryCommand&) const = default;
};
struct PassCommand {
  SeatField seat;
  bool operator==(const PassCommand&) const = default;
};
struct ResignCommand {
  SeatField seat;
  bool operator==(const ResignCommand&) const = default;
};
/// Cancel the game before each side has moved once: it ends without a result.
struct AbortCommand {
  SeatField seat;
  bool operator==(const AbortCommand&) const = default;
};
struct MarkCommand {
  std::string point;
  bool set = false;
  SeatField seat;
  bool operator==(const MarkCommand&) const = default;
};
/// The opponent on turn has been away long enough: end the game (docs/protocol.md).
struct ClaimAbandonedCommand {
  SeatField seat;
  bool operator==(const ClaimAbandonedCommand&) const = default;
};
/// After the end: offer a rematch, or accept the opponent's offer.
struct RematchCommand {
  SeatField seat;
  bool operator==(const RematchCommand&) const = default;
};
/// Withdraw one's rematch offer, or decline the opponent's.
struct DeclineRematchCommand {
  SeatField seat;
  bool operator==(const DeclineRematchCommand&) const = default;
};
/// A line of chat: to the other player (from a seat), or to the other spectators.
struct ChatCommand {
  std::string text;  ///< valid UTF-8, 1..kMaxChatChars characters, no control characters
  bool operator==(const ChatCommand&) const = default;
};
/// The longest chat line, in characters (Unicode code points).
inline constexpr std::size_t kMaxChatChars = 280;
/// A seat's display name (empty: back to the colour's name).
struct NameCommand {
  std::string name;  ///< plain text, at most kMaxNameChars characters
  bool operator==(const NameCommand&) const = default;
};
/// The longest display name, in characters (Unicode code points).
inline constexpr std::size_t kMaxNameChars = 40;
/// The number of characters (code points) of `s` if it is valid UTF-8 without control
/// characters, else nullopt.
std::optional<std::size_t> plainTextChars(const std::string& s);
/// Whether valid UTF-8 `s` holds only white space as a browser's String.trim() sees it (the
/// space, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF):
/// a line that would show as nothing. True for the empty string.
bool blankText(const std::string& s);
/// A game command: what a joined seat sends to its table.
using Command = std::variant<TryCommand, PassCommand, ResignCommand, AbortCommand, MarkCommand,
                             ClaimAbandonedCommand, RematchCommand, DeclineRematchCommand,
                             ChatCommand, NameCommand>;

using ClientMessage = std::variant<PingRequest, JoinRequest, Command>;
using ParsedMessage = std::variant<ClientMessage, ParseError>;

/// Parses one text frame. Never throws.
ParsedMessage parseClientMessage(std::string_view text);
/// Parses one message already read as JSON. Never throws.
ParsedMessage parseClientJson(const Json& msg);

/// The message as JSON; parseClientJson gives back an equal message. MalformedVersions is
/// written as a value that parses back to it (false).
Json toJson(const ClientMessage& m);

}  // namespace pg
