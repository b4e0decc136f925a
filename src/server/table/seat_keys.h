// A table's seat secrets and the one check of a token against them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/table/role.h"

namespace pg {

class SeatKeys {
 public:
  /// Each token may be empty: the table has no such seat (a computer seat, or no hot seat).
  SeatKeys(std::string black, std::string white, std::string hotseat);

  /// The seat `token` holds, or nullopt. Every comparison runs, each in constant time, so the
  /// time taken does not depend on which seat (if any) matches, nor on how much of a secret a
  /// forged token shares. An empty secret never matches.
  std::optional<Role> authenticate(std::string_view token) const;

 private:
  std::string black_;
  std::string white_;
  std::string hotseat_;
};

}  // namespace pg
