#include "server/table/role.h"

#include <array>

#include "rules/assert.h"

namespace pg {

std::string_view roleName(Role r) {
  static constexpr std::array<std::string_view, 4> kNames{"black", "white", "hotseat", "spectator"};
  return kNames[static_cast<std::size_t>(r)];
}

std::vector<Audience> audiencesOf(Role r) {
  switch (r) {
    case Role::Black:
      return {Audience::Black};
    case Role::White:
      return {Audience::White};
    case Role::Hotseat:
      return {Audience::Black, Audience::White};
    case Role::Spectator:
      return {Audience::Spectator};
  }
  return {};
}

bool playsColor(Role r, Color c) {
  return r == Role::Hotseat || (r == Role::Black && c == Color::Black) ||
         (r == Role::White && c == Color::White);
}

std::optional<Color> actingColor(Role r, std::optional<Color> seat, Color to_move) {
  PG_ASSERT(r != Role::Spectator, "a role that plays");
  if (seat) {
    if (r != Role::Hotseat && !playsColor(r, *seat)) return std::nullopt;
    return *seat;
  }
  if (r == Role::Black) return Color::Black;
  if (r == Role::White) return Color::White;
  return to_move == Color::Empty ? Color::Black : to_move;
}

}  // namespace pg
