// The matrix product of the convolutions (conv_kernels.h), with Eigen. This file is compiled
// once per instruction set with PG_NN_KERNEL_NS naming its namespace and PG_NN_EIGEN renaming
// Eigen's own: the inline template instances of each copy keep names of their own, so the linker
// never mixes an AVX2 instance into the generic path.
#include "nn/conv_kernels.h"

#define Eigen PG_NN_EIGEN
#include <Eigen/Core>

namespace pg::nn::PG_NN_KERNEL_NS {

void gemmAcc(const float* a, const float* b, float* c, int m, int k, int n) {
  // Row-major a[m][k] is the column-major k x m matrix a^T, and so on: c^T += b^T a^T, all
  // column-major, Eigen's own order.
  using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;
  Eigen::Map<const Mat, Eigen::Unaligned> at(a, k, m);
  Eigen::Map<const Mat, Eigen::Unaligned> bt(b, n, k);
  Eigen::Map<Mat, Eigen::Unaligned> ct(c, n, m);
  ct.noalias() += bt * at;
}

}  // namespace pg::nn::PG_NN_KERNEL_NS
