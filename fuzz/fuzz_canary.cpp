// Not a target to fuzz: planted faults that tools/fuzz.sh runs before the smoke test and before
// every long run, to prove that the build and the environment about to be used report them.
// A fuzzer that cannot report a fault still counts executions: with
// LSAN_OPTIONS=malloc_context_size=0, for one, LeakSanitizer reports no leak at all.
//   input "L..."  leaks five blocks (LeakSanitizer, at the end of the run)
//   input "V.."   reads past the end of a vector (ASan; libstdc++'s assertions in fuzz-fast)
//   input "C"     fails a PG_FUZZ_CHECK
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_check.h"

namespace {
char* volatile g_sink;  // keeps the compiler from removing the allocations

__attribute__((noinline)) void leak() {
  for (int i = 0; i < 5; ++i) g_sink = new char[100];
  g_sink = nullptr;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  if (data[0] == 'L') leak();
  if (data[0] == 'V' && size > 1) {
    std::vector<int> v(4);
    return v[4 + data[1] % 4];
  }
  PG_FUZZ_CHECK(data[0] != 'C', "the planted check");
  return 0;
}
