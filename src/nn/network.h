// A network of docs/networks.md section 1 on the CPU: planes in, logit maps and scalars out, for
// any board of 5..19 points a side (square or not), plain or torus. No threads, no global state:
// forward() is const, and threads may share one Network with one Workspace each.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "nn/conv_kernels.h"
#include "nn/network_file.h"

namespace pg::nn {

/// The scratch buffers of forward(). They grow to the largest batch and board seen and are
/// then reused: once grown, a forward pass allocates nothing.
class Workspace {
 public:
  Workspace() = default;

 private:
  friend class Network;
  void reserve(int channels, int filters, int maps, int scalarsHidden, int points);
  std::vector<float> input_;  // [Cin][batch*H*W]
  std::vector<float> x_;      // [F][batch*H*W], the tower's state
  std::vector<float> y_;      // [F][batch*H*W]
  std::vector<float> col_;    // [max(Cin,F)*9][batch*H*W], im2col
  std::vector<float> maps_;   // [M][batch*H*W]
  std::vector<float> head_;   // the scalar head's mean and hidden layer
  std::vector<float> gemm_;   // the matrix product's packed blocks (gemmScratchFloats)
};

/// Which copy of the matrix product forward() uses.
enum class Kernels { Auto, Generic, Avx2, Avx512 };

class Network {
 public:
  /// Reads and checks a .pgnn file; on failure returns null and says why in `error`. The caller
  /// checks that features() is the encoder version it produces.
  static std::unique_ptr<Network> load(const std::string& path, std::string* error);
  /// The same from a parsed file (tests and benchmarks build one in memory).
  static std::unique_ptr<Network> fromFile(NetworkFile file, std::string* error);

  Kind kind() const { return file_.kind; }
  const std::string& features() const { return file_.features; }
  const Shape& shape() const { return file_.shape; }
  int Cs() const { return file_.shape.spatial; }
  int G() const { return file_.shape.globals; }
  int F() const { return file_.shape.filters; }
  int B() const { return file_.shape.blocks; }
  int M() const { return file_.shape.maps; }
  int Hd() const { return file_.shape.hidden; }
  int S() const { return file_.shape.scalars; }

  /// Chooses the matrix product: Auto (the default) takes AVX2 + FMA when the CPU has them.
  /// Returns false (and changes nothing) when the asked copy is not built or not supported.
  bool setKernels(Kernels kernels);
  /// "avx2" or "generic": the copy in use.
  const char* kernelsName() const;

  /// spatial [batch][Cs][height][width] (row-major planes, p = y * width + x), globals
  /// [batch][G] (may be null when G == 0); writes maps_out [batch][M][height][width] and,
  /// when S > 0, scalars_out [batch][S]. height and width are 5..19 (anything >= 1 works on a
  /// plain board, >= 3 on a torus); on a torus every 3x3 convolution wraps around.
  void forward(const float* spatial, const float* globals, int batch, int height, int width,
               bool torus, float* maps_out, float* scalars_out, Workspace& ws) const;

 private:
  explicit Network(NetworkFile file);
  // forward() on a few samples at a time.
  void forwardChunk(const float* spatial, const float* globals, int batch, int height, int width,
                    bool torus, float* maps_out, float* scalars_out, Workspace& ws) const;
  // out[F][n] = act(conv3x3(in[Cin][n])) with the bias, plus `residual` when given.
  void conv3x3(const float* in, int cin, const float* w, const float* b, const float* residual,
               float* out, int batch, int height, int width, bool torus, float* col,
               float* scratch) const;

  NetworkFile file_;
  // Offsets into file_.weights.
  std::size_t stemW_ = 0, stemB_ = 0, mapW_ = 0, mapB_ = 0;
  std::size_t fc1W_ = 0, fc1B_ = 0, fc2W_ = 0, fc2B_ = 0;
  std::vector<std::size_t> blockW1_, blockB1_, blockW2_, blockB2_;
  GemmAccFn gemm_ = nullptr;
  const char* name_ = "generic";
};

}  // namespace pg::nn
