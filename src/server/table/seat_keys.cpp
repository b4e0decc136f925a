#include "server/table/seat_keys.h"

#include <utility>

#include "server/node/tokens.h"

namespace pg {

SeatKeys::SeatKeys(std::string black, std::string white, std::string hotseat)
    : black_(std::move(black)), white_(std::move(white)), hotseat_(std::move(hotseat)) {}

std::optional<Role> SeatKeys::authenticate(std::string_view token) const {
  // Three statements of their own, then combined: no comparison is skipped.
  const bool h_equal = constantTimeEquals(token, hotseat_);
  const bool b_equal = constantTimeEquals(token, black_);
  const bool w_equal = constantTimeEquals(token, white_);
  const bool h = h_equal && !hotseat_.empty();
  const bool b = b_equal && !black_.empty();
  const bool w = w_equal && !white_.empty();
  if (h) return Role::Hotseat;
  if (b) return Role::Black;
  if (w) return Role::White;
  return std::nullopt;
}

}  // namespace pg
