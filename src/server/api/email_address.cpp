#include "server/api/email_address.h"

#include <cctype>
#include <string_view>

namespace pg {

namespace {

bool localChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) ||
         std::string_view("!#$%&'*+-/=?^_`{|}~.").find(c) != std::string_view::npos;
}

bool validLabel(std::string_view l) {
  if (l.empty() || l.size() > 63 || l.front() == '-' || l.back() == '-') return false;
  for (const char c : l)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return false;
  return true;
}

}  // namespace

bool validEmailAddress(const std::string& s) {
  if (s.size() > 254) return false;
  const auto at = s.find('@');
  if (at == std::string::npos || at == 0 || at > 64 || s.find('@', at + 1) != std::string::npos)
    return false;
  const std::string_view local(s.data(), at);
  if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos)
    return false;
  for (const char c : local)
    if (!localChar(c)) return false;
  std::string_view domain = std::string_view(s).substr(at + 1);
  int labels = 0;
  while (true) {
    const auto dot = domain.find('.');
    if (!validLabel(domain.substr(0, dot))) return false;
    ++labels;
    if (dot == std::string_view::npos) break;
    domain.remove_prefix(dot + 1);
  }
  return labels >= 2;
}

}  // namespace pg
