#include "server/node/exception_text.h"

#include "rules/assert.h"

namespace pg {

std::string exceptionText(const std::exception_ptr& error) {
  PG_ASSERT(error != nullptr, "an exception to describe");
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
  }
  return "unknown error";
}

}  // namespace pg
