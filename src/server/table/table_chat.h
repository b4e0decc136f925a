// A table's chat (docs/protocol.md, "Chat"): the players' channel, between the two seats of an
// online table, and the spectators' channel, which the players cannot read before the end.
// After the end every line is open to everyone, and kept with the game record.
//
// A line holds only what its author sent and public facts (who, when, the turn number), so the
// chat can never carry anything of the server's hidden state. Not thread-safe: it belongs to its
// table and is used on the table's strand only.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "protocol/errors.h"
#include "protocol/json.h"
#include "server/node/rate_limiter.h"
#include "server/table/role.h"
#include "store/store.h"

namespace pg {

class Peer;

struct ChatLine {
  int64_t seq = 0;
  int64_t at = 0;
  bool spectators = false;  ///< the channel: the spectators' (else the players')
  std::string from;         ///< "black", "white" or "spectator"
  int spectator = 0;        ///< a spectator's number at the table (SpectatorNumbers); 0: none
  std::string text;
  int turn = 0;  ///< completed turns when it was said

  Json toJson() const;
  static ChatLine fromStored(const StoredChat& stored);  ///< throws on a corrupt line
  StoredChat stored() const;
};

class TableChat {
 public:
  /// Lines each channel (the players', the spectators') keeps at most; later ones are refused
  /// (`chat-full`). Each its own, so that a crowd of spectators never silences the players.
  static constexpr std::size_t kMaxLines = 500;
  /// Lines per author connection: one a second, three at once.
  static constexpr double kRate = 1.0;
  static constexpr double kBurst = 3.0;
  /// Spectators' lines per client address, whatever their connections: two a second, six at
  /// once (so that many connections from one address cannot fill the chat).
  static constexpr double kAddressRate = 2.0;
  static constexpr double kAddressBurst = 6.0;

  explicit TableChat(std::vector<ChatLine> lines = {}) : lines_(std::move(lines)) {}

  /// Why `role` may not say a line now at a table of this kind (the error to answer), or
  /// nullopt. Hot seat has no chat; a seat speaks only at an online table.
  std::optional<Error> refusal(Role role, bool online, const Peer* author,
                               RateLimiter::Clock::time_point now);
  /// The next line `role` says (`spectator`: the spectator's number, else 0).
  ChatLine next(Role role, std::string text, int turn, int64_t at, int spectator = 0) const;
  /// The highest spectator number of the lines (0: none).
  int highestSpectator() const;
  void add(ChatLine line) { lines_.push_back(std::move(line)); }
  /// The author's connection closed: forget its rate.
  void forget(const Peer* author) { rates_.erase(author); }

  /// Whether `role` may read `line` (after the end everyone reads every line).
  static bool readable(const ChatLine& line, Role role, bool over);
  /// `line` as `role` reads it (ChatLine::toJson), or nullopt if it may not read it.
  std::optional<Json> lineFor(const ChatLine& line, Role role, bool over) const;
  /// Every line `role` may read now, in order.
  Json linesFor(Role role, bool over) const;
  /// Every line (for the game record, after the end).
  Json all() const;
  bool empty() const { return lines_.empty(); }

 private:
  std::vector<ChatLine> lines_;
  std::map<const Peer*, RateLimiter> rates_;
  /// Spectators' rates by address; the full ones are forgotten past kMaxAddressRates.
  static constexpr std::size_t kMaxAddressRates = 1024;
  std::map<std::string, RateLimiter> address_rates_;
};

}  // namespace pg
