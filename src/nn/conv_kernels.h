// The one heavy operation of the networks, a matrix product, compiled twice (CMakeLists.txt):
// for generic x86-64 and with AVX2 + FMA. network.cpp chooses one at run time.
#pragma once

namespace pg::nn {

/// c[m][n] += a[m][k] * b[k][n], every matrix row-major and dense (no alignment assumed).
using GemmAccFn = void (*)(const float* a, const float* b, float* c, int m, int k, int n);

namespace kernels_generic {
void gemmAcc(const float* a, const float* b, float* c, int m, int k, int n);
}
namespace kernels_avx2 {
void gemmAcc(const float* a, const float* b, float* c, int m, int k, int n);
}

}  // namespace pg::nn
