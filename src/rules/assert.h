// PG_ASSERT(cond, "what"): checks a documented precondition or invariant. On in the sanitizer
// and fuzz builds (PG_ASSERTS defined), where a failure prints the condition and its place and
// aborts; in release builds it compiles to nothing and `cond` is not evaluated, so it must have
// no side effects. A header that says "Precondition: ..." checks that precondition with it.
#pragma once

#ifdef PG_ASSERTS

namespace pg::detail {
[[noreturn]] void assertFailed(const char* cond, const char* what, const char* file, int line);
}  // namespace pg::detail

#define PG_ASSERT(cond, what) \
  ((cond) ? static_cast<void>(0) : ::pg::detail::assertFailed(#cond, what, __FILE__, __LINE__))

#else

#define PG_ASSERT(cond, what) static_cast<void>(0)

#endif
