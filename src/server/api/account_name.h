// What an account's name may hold (docs/protocol.md, "Accounts"). A name is shown everywhere
// and is part of a player page's address (/@/<name>), so besides being plain text as a seat's
// name is (protocol/client_message.h), it has 2 to 24 characters, no space at either end or two
// in a row, and none of the characters that mean something in a URL or in markup.
#pragma once

#include <string_view>

namespace pg {

inline constexpr std::size_t kMinAccountNameChars = 2;
inline constexpr std::size_t kMaxAccountNameChars = 24;

/// Whether `name` may be an account's name.
bool validAccountName(std::string_view name);

}  // namespace pg
