// pg_torch_bench: evaluations per second of the networks on one thread, libtorch (C++) against
// pg_nn (each kernel the CPU runs: generic, AVX2, AVX-512), alternating round by round; prints
// the medians and each pg_nn median's ratio to libtorch's.
// Built only where libtorch is installed (tools/train/CMakeLists.txt).
//
//   pg_torch_bench [--kind belief|pv] [--size N] [--batch N] [--seconds S] [--rounds R]
//   pg_torch_bench --table     (the default shapes: both kinds, 9x9 batch 1 and 16, 13x13, 19x19)
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "nn/network.h"

namespace {

namespace tnn = torch::nn;

struct TowerImpl : tnn::Module {
  TowerImpl(const pg::nn::NetworkFile& file, bool torus) : shape(file.shape) {
    const auto& s = file.shape;
    auto conv3 = [torus](int in, int out) {
      return tnn::Conv2d(tnn::Conv2dOptions(in, out, 3)
                             .padding(1)
                             .bias(true)
                             .padding_mode(torus
                                               ? torch::enumtype::kCircular()
                                               : tnn::detail::conv_padding_mode_t(torch::kZeros)));
    };
    stem = register_module("stem", conv3(s.inputs(), s.filters));
    for (int i = 0; i < s.blocks; ++i) {
      c1.push_back(register_module("c1_" + std::to_string(i), conv3(s.filters, s.filters)));
      c2.push_back(register_module("c2_" + std::to_string(i), conv3(s.filters, s.filters)));
    }
    map = register_module("map", tnn::Conv2d(tnn::Conv2dOptions(s.filters, s.maps, 1)));
    if (s.scalars > 0) {
      fc1 = register_module("fc1", tnn::Linear(s.filters, s.hidden));
      fc2 = register_module("fc2", tnn::Linear(s.hidden, s.scalars));
    }
    // The weights in the file's order (docs/networks.md section 2).
    torch::NoGradGuard ng;
    const float* w = file.weights.data();
    auto take = [&w](torch::Tensor t) {
      t.copy_(torch::from_blob(const_cast<float*>(w), t.sizes(), torch::kFloat32));
      w += t.numel();
    };
    take(stem->weight);
    take(stem->bias);
    for (int i = 0; i < s.blocks; ++i) {
      take(c1[static_cast<std::size_t>(i)]->weight);
      take(c1[static_cast<std::size_t>(i)]->bias);
      take(c2[static_cast<std::size_t>(i)]->weight);
      take(c2[static_cast<std::size_t>(i)]->bias);
    }
    take(map->weight);
    take(map->bias);
    if (s.scalars > 0) {
      take(fc1->weight);
      take(fc1->bias);
      take(fc2->weight);
      take(fc2->bias);
    }
  }

  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor spatial, torch::Tensor globals) {
    const auto n = spatial.size(0), h = spatial.size(2), wd = spatial.size(3);
    auto planes = globals.view({n, shape.globals, 1, 1}).expand({n, shape.globals, h, wd});
    auto x = torch::relu(stem(torch::cat({spatial, planes}, 1)));
    for (std::size_t i = 0; i < c1.size(); ++i) {
      auto y = torch::relu(c1[i](x));
      x = torch::relu(x + c2[i](y));
    }
    auto maps = map(x);
    if (shape.scalars == 0) return {maps, torch::Tensor()};
    auto m = x.mean({2, 3});
    return {maps, fc2(torch::relu(fc1(m)))};
  }

  pg::nn::Shape shape;
  tnn::Conv2d stem{nullptr}, map{nullptr};
  std::vector<tnn::Conv2d> c1, c2;
  tnn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(Tower);

pg::nn::NetworkFile randomNet(pg::nn::Kind kind, int filters, int blocks) {
  pg::nn::NetworkFile f;
  f.kind = kind;
  f.features = kind == pg::nn::Kind::Belief ? "belief-v1" : "board-v1";
  f.shape = pg::nn::defaultShape(kind, filters, blocks);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> d(-0.1f, 0.1f);
  f.weights.resize(f.shape.floatCount());
  for (float& x : f.weights) x = d(rng);
  return f;
}

// Evaluations per second of `step` (one batch) over about `seconds`.
double rate(const std::function<void()>& step, int batch, double seconds) {
  using clock = std::chrono::steady_clock;
  step();  // warm
  const auto start = clock::now();
  long calls = 0;
  double elapsed = 0;
  do {
    step();
    ++calls;
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  } while (elapsed < seconds);
  return static_cast<double>(calls) * batch / elapsed;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void benchOne(pg::nn::Kind kind, int filters, int blocks, int size, int batch, bool torus,
              double seconds, int rounds) {
  pg::nn::NetworkFile file = randomNet(kind, filters, blocks);
  std::string error;
  // pg_nn with each matrix-product kernel this CPU runs.
  std::vector<std::unique_ptr<pg::nn::Network>> nets;
  for (auto k : {pg::nn::Kernels::Generic, pg::nn::Kernels::Avx2, pg::nn::Kernels::Avx512}) {
    auto net = pg::nn::Network::fromFile(file, &error);
    if (net->setKernels(k)) nets.push_back(std::move(net));
  }
  Tower tower(file, torus);
  tower->eval();

  const auto& s = file.shape;
  const std::size_t hw = static_cast<std::size_t>(size * size);
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> d(0.0f, 1.0f);
  std::vector<float> spatial(static_cast<std::size_t>(batch * s.spatial) * hw);
  std::vector<float> globals(static_cast<std::size_t>(batch * s.globals));
  for (float& x : spatial) x = d(rng) < 0.5f ? 0.0f : 1.0f;
  for (float& x : globals) x = d(rng);
  std::vector<float> maps(static_cast<std::size_t>(batch * s.maps) * hw);
  std::vector<float> scalars(static_cast<std::size_t>(batch * std::max(s.scalars, 1)));
  pg::nn::Workspace ws;
  auto tSpatial = torch::from_blob(spatial.data(), {batch, s.spatial, size, size});
  auto tGlobals = torch::from_blob(globals.data(), {batch, s.globals});

  // The two agree (a sanity check of the comparison, not the test: that is pg_net_check).
  double maxDiff = 0;
  {
    torch::InferenceMode im;
    nets.back()->forward(spatial.data(), globals.data(), batch, size, size, torus, maps.data(),
                         scalars.data(), ws);
    auto [tm, ts] = tower->forward(tSpatial, tGlobals);
    tm = tm.contiguous();
    const float* p = tm.data_ptr<float>();
    for (std::size_t i = 0; i < maps.size(); ++i)
      maxDiff = std::max(maxDiff, static_cast<double>(std::fabs(p[i] - maps[i])));
  }

  std::vector<std::vector<double>> rn(nets.size());
  std::vector<double> rt;
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t i = 0; i < nets.size(); ++i) {
      const pg::nn::Network& net = *nets[i];
      rn[i].push_back(rate(
          [&] {
            net.forward(spatial.data(), globals.data(), batch, size, size, torus, maps.data(),
                        scalars.data(), ws);
          },
          batch, seconds));
    }
    rt.push_back(rate(
        [&] {
          torch::InferenceMode im;
          auto out = tower->forward(tSpatial, tGlobals);
          (void)out;
        },
        batch, seconds));
  }
  const double t = median(rt);
  std::printf("%-6s F%d B%d %2dx%-2d%s batch %2d |", pg::nn::kindName(kind), filters, blocks, size,
              size, torus ? " torus" : "", batch);
  for (std::size_t i = 0; i < nets.size(); ++i)
    std::printf(" eigen %-7s %6.0f (%5.2fx) |", nets[i]->kernelsName(), median(rn[i]),
                median(rn[i]) / t);
  std::printf(" libtorch %6.0f | max |diff| %.1e\n", t, maxDiff);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  torch::set_num_threads(1);
  torch::set_num_interop_threads(1);
  std::string kind = "pv";
  int size = 9, batch = 1, filters = 32, blocks = 4, rounds = 5;
  double seconds = 0.5;
  bool table = false, torus = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "pg_torch_bench: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--kind")
      kind = next();
    else if (a == "--size")
      size = std::stoi(next());
    else if (a == "--batch")
      batch = std::stoi(next());
    else if (a == "--filters")
      filters = std::stoi(next());
    else if (a == "--blocks")
      blocks = std::stoi(next());
    else if (a == "--seconds")
      seconds = std::stod(next());
    else if (a == "--rounds")
      rounds = std::stoi(next());
    else if (a == "--torus")
      torus = true;
    else if (a == "--table")
      table = true;
    else {
      std::fprintf(stderr, "pg_torch_bench: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  std::printf("evaluations/s on one thread, medians of %d rounds of %.2f s (torch threads %d)\n",
              rounds, seconds, torch::get_num_threads());
  if (table) {
    for (auto k : {pg::nn::Kind::Belief, pg::nn::Kind::Pv}) {
      benchOne(k, filters, blocks, 9, 1, false, seconds, rounds);
      benchOne(k, filters, blocks, 9, 16, false, seconds, rounds);
      benchOne(k, filters, blocks, 13, 1, false, seconds, rounds);
      benchOne(k, filters, blocks, 19, 1, false, seconds, rounds);
    }
    return 0;
  }
  benchOne(kind == "belief" ? pg::nn::Kind::Belief : pg::nn::Kind::Pv, filters, blocks, size, batch,
           torus, seconds, rounds);
  return 0;
}
