// Whether a string is an e-mail address this site sends to: a plain addr-spec as people type
// it (local@domain, ASCII, no quotes, comments or IP literals), at most 254 bytes, the domain of
// at least two labels of letters, digits and hyphens. Nothing in it can break a mail's header.
#pragma once

#include <string>

namespace pg {

bool validEmailAddress(const std::string& s);

}  // namespace pg
