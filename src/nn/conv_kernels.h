// The one heavy operation of the networks, a matrix product, compiled twice (CMakeLists.txt):
// for generic x86-64 and with AVX2 + FMA. network.cpp chooses one at run time.
#pragma once

#include <cstddef>

namespace pg::nn {

/// The floats of `scratch` that gemmAcc needs for these sizes (its packed blocks, aligned).
inline std::size_t gemmScratchFloats(int m, int k, int n) {
  return static_cast<std::size_t>(k) * (static_cast<std::size_t>(m) + static_cast<std::size_t>(n)) +
         64;
}

/// c[m][n] += a[m][k] * b[k][n], every matrix row-major and dense (no alignment assumed).
/// `scratch` holds gemmScratchFloats(m, k, n) floats: the product allocates nothing.
using GemmAccFn = void (*)(const float* a, const float* b, float* c, int m, int k, int n,
                           float* scratch);

namespace kernels_generic {
void gemmAcc(const float* a, const float* b, float* c, int m, int k, int n, float* scratch);
}
namespace kernels_avx2 {
void gemmAcc(const float* a, const float* b, float* c, int m, int k, int n, float* scratch);
}
namespace kernels_avx512 {
void gemmAcc(const float* a, const float* b, float* c, int m, int k, int n, float* scratch);
}

}  // namespace pg::nn
