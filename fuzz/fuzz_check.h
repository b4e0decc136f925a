// Assertions for the fuzz targets: a failed check prints its message and aborts, so libFuzzer
// saves the input as a crash (assert() would vanish under NDEBUG).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#define PG_FUZZ_CHECK(cond, msg)                                                                \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      std::fprintf(stderr, "fuzz check failed at %s:%d: %s\n  %s\n", __FILE__, __LINE__, #cond, \
                   std::string(msg).c_str());                                                   \
      std::abort();                                                                             \
    }                                                                                           \
  } while (0)
