// The server's WebSocket messages as JSON text (docs/protocol.md). Each builder takes only what
// its audience may know: seen events and views come from the referee's per-audience streams.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "protocol/json.h"
#include "referee/seen.h"
#include "referee/view.h"
#include "server/fischer_clock.h"

namespace pg {

using Frame = std::shared_ptr<const std::string>;

Frame makeFrame(const Json& j);
Frame errorFrame(std::string_view code, std::string_view message);
Frame eventFrame(Audience seat, int version, const SeenEvent& e, int size);
Frame snapshotFrame(Audience seat, const View& v);
/// {"type":"clock", main_ms, increment_ms, black_ms, white_ms, running}; times at `now`,
/// never below zero.
Json clockJson(const FischerClock& c, int64_t now);
Frame clockFrame(const FischerClock& c, int64_t now);

}  // namespace pg
