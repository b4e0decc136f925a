#include "store/arena_store.h"

namespace pg {

const char* arenaPlayerStateName(ArenaPlayerState s) {
  switch (s) {
    case ArenaPlayerState::Active:
      return "active";
    case ArenaPlayerState::Paused:
      return "paused";
    case ArenaPlayerState::Left:
      return "left";
  }
  return "active";
}

std::optional<ArenaPlayerState> arenaPlayerStateFromName(const std::string& name) {
  for (ArenaPlayerState s :
       {ArenaPlayerState::Active, ArenaPlayerState::Paused, ArenaPlayerState::Left})
    if (name == arenaPlayerStateName(s)) return s;
  return std::nullopt;
}

}  // namespace pg
