#include "server/node/exception_text.h"

#include <nlohmann/json.hpp>

#include "rules/assert.h"

namespace pg {

std::string exceptionText(const std::exception_ptr& error) {
  PG_ASSERT(error != nullptr, "an exception to describe");
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return exceptionText(e);
  } catch (...) {
  }
  return "unknown error";
}

std::string exceptionText(const std::exception& e) {
  if (const auto* parse = dynamic_cast<const nlohmann::json::parse_error*>(&e))
    return "JSON that cannot be parsed (at byte " + std::to_string(parse->byte) + ")";
  return e.what();
}

}  // namespace pg
