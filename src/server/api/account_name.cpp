#include "server/api/account_name.h"

#include <string>

#include "protocol/client_message.h"

namespace pg {

bool validAccountName(std::string_view name) {
  const auto chars = plainTextChars(std::string(name));
  if (!chars || *chars < kMinAccountNameChars || *chars > kMaxAccountNameChars) return false;
  if (name.front() == ' ' || name.back() == ' ') return false;
  if (name.find("  ") != std::string_view::npos) return false;
  return name.find_first_of("/\\?#%@<>\"'`&+") == std::string_view::npos;
}

}  // namespace pg
