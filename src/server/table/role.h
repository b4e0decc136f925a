// Who a connection is at its table: a seat, both seats (hot seat), or a spectator. The one
// place that maps a role to the colours it plays and the audiences it hears.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "referee/seen.h"
#include "rules/types.h"

namespace pg {

enum class Role : uint8_t { Black, White, Hotseat, Spectator };

/// "black", "white", "hotseat", "spectator" (the `role` of the joined frame).
std::string_view roleName(Role r);
/// The audiences whose streams the role receives, in order (a hot seat: Black, then White).
std::vector<Audience> audiencesOf(Role r);
/// Whether the role plays colour c (c Black or White).
bool playsColor(Role r, Color c);
/// The colour a command from `r` acts for: `seat` when given (a hot seat may name either seat,
/// another role only its own), else the role's colour, else (hot seat) `to_move`, or Black when
/// nobody is on turn. nullopt when `seat` names a seat the role does not hold.
/// Precondition: r is not Spectator.
std::optional<Color> actingColor(Role r, std::optional<Color> seat, Color to_move);

}  // namespace pg
