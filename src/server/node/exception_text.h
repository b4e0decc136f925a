// The message of a caught exception, for the logs.
#pragma once

#include <exception>
#include <string>

namespace pg {

/// what() of the exception `error` holds, or "unknown error" when it is not a std::exception.
/// Precondition: `error` is not null.
std::string exceptionText(const std::exception_ptr& error);

/// what() of `e`, except for a JSON parse error, whose what() quotes the text it read (a stored
/// event's point, a chat line): that one is told by its position only.
std::string exceptionText(const std::exception& e);

}  // namespace pg
