// A table's public information (GET /api/tables/<id>, joined.info and the `info` frame): the
// setup, who is connected, the state, the turn, when the running clock runs out, and the result.
// Nothing hidden: no point of any try, nothing of either seat's board.
//
// The table builds it on its strand after each change; readers on other threads get the last
// one built.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "protocol/json.h"
#include "referee/referee.h"
#include "server/table/subscribers.h"
#include "server/table/table_setup.h"

namespace pg {

/// The public side of the abandonment rule (server/table/away_watch.h): whether it applies, since
/// when each seat has had no connection, and who may end the game now.
struct AwayInfo {
  std::optional<int64_t> after_ms;  ///< nullopt: the rule does not apply at this table
  std::array<std::optional<int64_t>, 2> away_since;  ///< black, white; nullopt: connected
  std::optional<int64_t> claim_at;  ///< when the opponent of the player on turn may end it
  std::optional<Color> may_claim;   ///< the seat that may end the game now
};

/// The public side of the clocks: when the running clock's player runs out of time, and the
/// time for each side's first move on a table whose clock waits for them.
struct ClockInfo {
  std::optional<int64_t> deadline;       ///< ms since the epoch; nullopt when no clock runs
  std::optional<int64_t> first_move_ms;  ///< nullopt: the clock does not wait (or no limit)
};

/// The public side of a rematch (server/table/rematch.h): an offer standing, and the new table.
struct RematchInfo {
  std::optional<Color> offered_by;
  std::string table;  ///< empty until it is made
};

class PublicInfo {
 public:
  /// The info of a table in this state. `presence` counts a computer seat as connected.
  static Json build(const std::string& id, const TableSetup& setup, int64_t created_at,
                    bool started, const Presence& presence, const Referee& referee,
                    const ClockInfo& clock, const AwayInfo& away, const RematchInfo& rematch);

  /// Keeps `info` as the latest. Returns whether it differs from the one kept before (so the
  /// subscribers should be told). Any thread.
  bool update(Json info, bool over);
  /// The latest info. Any thread.
  Json get() const;
  bool over() const;

 private:
  mutable std::mutex mutex_;
  Json info_;
  bool over_ = false;
};

}  // namespace pg
