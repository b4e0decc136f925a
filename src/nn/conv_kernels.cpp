// The matrix product of the convolutions (conv_kernels.h), with Eigen. This file is compiled
// once per instruction set with PG_NN_KERNEL_NS naming its namespace and PG_NN_EIGEN renaming
// Eigen's own: the inline template instances of each copy keep names of their own, so the linker
// never mixes an AVX2 instance into the generic path.
#include "nn/conv_kernels.h"

#include <algorithm>
#include <cstdint>

#define Eigen PG_NN_EIGEN
#include <Eigen/Core>

namespace pg::nn::PG_NN_KERNEL_NS {

namespace {

using Index = Eigen::Index;

// Eigen's cache blocking with the packed blocks in the caller's scratch: a product through
// Eigen's expressions allocates its blocks on the heap when they pass 128 KB (a batch of 16,
// a 19x19 board), on every call.
class Blocking : public Eigen::internal::level3_blocking<float, float> {
 public:
  Blocking(Index mc, Index nc, Index kc, float* a, float* b) {
    this->m_mc = mc;
    this->m_nc = nc;
    this->m_kc = kc;
    this->m_blockA = a;
    this->m_blockB = b;
  }
};

// The packing stores whole aligned packets: 64 bytes covers every instruction set.
float* align64(float* p) {
  const auto u = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<float*>((u + 63) & ~static_cast<std::uintptr_t>(63));
}

}  // namespace

void gemmAcc(const float* a, const float* b, float* c, int m, int k, int n, float* scratch) {
  // Row-major a[m][k] is the column-major k x m matrix a^T, and so on: c^T += b^T a^T, all
  // column-major, Eigen's own order (lhs b^T: n x k, rhs a^T: k x m, result c^T: n x m).
  Index kc = k, mc = n, nc = m;
  Eigen::internal::computeProductBlockingSizes<float, float, 1, Index>(kc, mc, nc, 1);
  // The heuristic may round a block up past the matrix; the product never uses more than the
  // matrix, and the scratch holds only that (gemmScratchFloats).
  kc = std::min<Index>(kc, k);
  mc = std::min<Index>(mc, n);
  nc = std::min<Index>(nc, m);
  float* blockA = align64(scratch);
  float* blockB = align64(blockA + kc * mc);
  Blocking blocking(mc, nc, kc, blockA, blockB);
  Eigen::internal::general_matrix_matrix_product<Index, float, Eigen::ColMajor, false, float,
                                                 Eigen::ColMajor, false, Eigen::ColMajor,
                                                 1>::run(n, m, k, b, n, a, k, c, 1, n, 1.0f,
                                                         blocking);
}

}  // namespace pg::nn::PG_NN_KERNEL_NS
