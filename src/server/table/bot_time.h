// How long the computer may think for one action at a table: the server's budget, less when
// the table's clock runs low, and a ceiling that time saved on earlier moves cannot pass.
#pragma once

#include <cstdint>
#include <optional>

#include "ai/player.h"
#include "server/table/fischer_clock.h"

namespace pg {

/// `base` seconds an action (SearchLimits::seconds), or a twentieth of what is left on a
/// running clock when that is less; with a running clock, max_seconds is a tenth of what is
/// left, so a player that banked time (ai/time_bank.h) never spends the clock out. Without a
/// clock, or before it runs, max_seconds is 0 (no bound).
SearchLimits botTime(double base, const std::optional<FischerClock>& clock, Color color,
                     int64_t now_ms);

}  // namespace pg
