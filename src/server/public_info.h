// A table's public information (GET /api/tables/<id>, joined.info and the `info` frame): the
// setup, who is connected, the state, the turn, when the running clock runs out, and the result.
// Nothing hidden: no point of any try, nothing of either seat's board.
//
// The table builds it on its strand after each change; readers on other threads get the last
// one built.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "protocol/json.h"
#include "referee/referee.h"
#include "server/subscribers.h"
#include "server/table_setup.h"

namespace pg {

class PublicInfo {
 public:
  /// The info of a table in this state. `presence` counts a computer seat as connected;
  /// `deadline` is when the running clock's player runs out of time (ms since the epoch), if a
  /// clock runs.
  static Json build(const std::string& id, const TableSetup& setup, int64_t created_at,
                    bool started, const Presence& presence, const Referee& referee,
                    std::optional<int64_t> deadline = std::nullopt);

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
