// The node's count of the actions a table stored (phantomgo_actions_total), by kind.
#pragma once

#include <cstddef>
#include <vector>

#include "referee/event.h"
#include "server/node/metrics.h"

namespace pg {

/// Counts the stored actions `log[before..]` (tries, passes, resignations, aborts); the clock's
/// and the referee's own events (timeouts, no-shows, abandonments) and marks are not actions.
/// `metrics` may be null.
void countActions(Metrics* metrics, const std::vector<Event>& log, std::size_t before);

}  // namespace pg
