#include "rules/assert.h"

#ifdef PG_ASSERTS

#include <cstdio>
#include <cstdlib>

namespace pg::detail {

void assertFailed(const char* cond, const char* what, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: PG_ASSERT(%s) failed: %s\n", file, line, cond, what);
  std::fflush(stderr);
  std::abort();
}

}  // namespace pg::detail

#endif
