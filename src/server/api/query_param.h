// One parameter of a request target's query string ("/ws?table=ab12&x=1" -> "ab12").
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pg {

/// The raw (not percent-decoded) value of the first parameter `name` in `target`'s query
/// string ("" for "?name" alone); nullopt when there is none. Raw is enough for what it reads
/// (table ids, whose alphabet needs no escaping): an escaped value is then simply not a valid id.
std::optional<std::string> queryParam(std::string_view target, std::string_view name);

}  // namespace pg
