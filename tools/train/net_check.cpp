// pg_net_check: the C++ inference (src/nn) against PyTorch's outputs on the same inputs.
//
//   /usr/bin/python3 tools/train/make_reference.py --kind pv --size 9 --out DIR [--torus]
//   pg_net_check --weights DIR/net.pgnn --cases DIR [--torus]
//
// Runs every case as one batch and one at a time, with each matrix-product kernel the machine
// has, and exits 1 if any output differs from the reference by more than 1e-4 + 1e-4 |ref|.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "nn/network.h"
#include "npy_read.h"

namespace {

struct Worst {
  double abs = 0;      // the largest |c++ - torch|
  double excess = -1;  // the largest |c++ - torch| - tolerance; > 0 fails
  std::string where;
};

void compare(const std::vector<float>& got, const std::vector<float>& want, const char* what,
             const std::string& run, Worst& worst) {
  for (std::size_t i = 0; i < want.size(); ++i) {
    const double d = std::fabs(static_cast<double>(got[i]) - want[i]);
    const double excess = d - (1e-4 + 1e-4 * std::fabs(static_cast<double>(want[i])));
    if (!(d <= worst.abs) || !(excess <= worst.excess)) {
      if (!(d <= worst.abs)) worst.abs = d;
      if (!(excess <= worst.excess)) worst.excess = excess;
      worst.where = std::string(what) + "[" + std::to_string(i) + "] in " + run + ": c++ " +
                    std::to_string(got[i]) + ", torch " + std::to_string(want[i]);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Checks the C++ network inference against PyTorch's reference cases"};
  std::string weights, cases;
  bool torus = false;
  app.add_option("--weights", weights, "the .pgnn file")->required();
  app.add_option("--cases", cases, "the directory of spatial/globals/maps/scalars .npy")
      ->required();
  app.add_flag("--torus", torus, "the cases wrap around (circular padding)");
  CLI11_PARSE(app, argc, argv);

  std::string error;
  auto net = pg::nn::Network::load(weights, &error);
  if (!net) {
    std::fprintf(stderr, "pg_net_check: %s\n", error.c_str());
    return 2;
  }
  pg::train::NpyArray arr[4];
  const char* names[4] = {"spatial", "globals", "maps", "scalars"};
  for (int i = 0; i < 4; ++i) {
    auto a = pg::train::readNpyF32(cases + "/" + names[i] + ".npy", &error);
    if (!a) {
      std::fprintf(stderr, "pg_net_check: %s\n", error.c_str());
      return 2;
    }
    arr[i] = std::move(*a);
  }
  const auto& sp = arr[0].shape;
  if (sp.size() != 4 || sp[1] != static_cast<std::size_t>(net->Cs())) {
    std::fprintf(stderr, "pg_net_check: spatial is not [K,%d,H,W]\n", net->Cs());
    return 2;
  }
  const std::size_t k = sp[0], h = sp[2], w = sp[3];
  if (arr[1].shape != std::vector<std::size_t>({k, static_cast<std::size_t>(net->G())}) ||
      arr[2].shape != std::vector<std::size_t>({k, static_cast<std::size_t>(net->M()), h, w}) ||
      arr[3].shape != std::vector<std::size_t>({k, static_cast<std::size_t>(net->S())})) {
    std::fprintf(stderr,
                 "pg_net_check: the shapes do not match the network: globals [K,%d], maps "
                 "[K,%d,H,W], scalars [K,%d]\n",
                 net->G(), net->M(), net->S());
    return 2;
  }
  if (h < 1 || w < 1 || h > 64 || w > 64 || (torus && (h < 3 || w < 3))) {
    std::fprintf(stderr, "pg_net_check: bad board %zux%zu\n", h, w);
    return 2;
  }

  Worst worst;
  const int batch = static_cast<int>(k);
  const std::size_t mapsPer = static_cast<std::size_t>(net->M()) * h * w;
  const std::size_t spPer = static_cast<std::size_t>(net->Cs()) * h * w;
  const auto s = static_cast<std::size_t>(net->S());
  const auto g = static_cast<std::size_t>(net->G());
  int runs = 0;
  for (pg::nn::Kernels kernels :
       {pg::nn::Kernels::Generic, pg::nn::Kernels::Avx2, pg::nn::Kernels::Avx512}) {
    if (!net->setKernels(kernels)) continue;
    const std::string kname = net->kernelsName();
    pg::nn::Workspace ws;
    std::vector<float> maps(k * mapsPer), scalars(k * s);
    net->forward(arr[0].data.data(), arr[1].data.data(), batch, static_cast<int>(h),
                 static_cast<int>(w), torus, maps.data(), scalars.data(), ws);
    compare(maps, arr[2].data, "maps", kname + " batch " + std::to_string(k), worst);
    compare(scalars, arr[3].data, "scalars", kname + " batch " + std::to_string(k), worst);
    for (std::size_t i = 0; i < k; ++i) {
      net->forward(arr[0].data.data() + i * spPer, arr[1].data.data() + i * g, 1,
                   static_cast<int>(h), static_cast<int>(w), torus, maps.data() + i * mapsPer,
                   scalars.data() + i * s, ws);
    }
    compare(maps, arr[2].data, "maps", kname + " one at a time", worst);
    compare(scalars, arr[3].data, "scalars", kname + " one at a time", worst);
    ++runs;
  }
  const bool ok = worst.excess <= 0;
  std::printf("pg_net_check: %s %zux%zu%s, %zu cases, %d kernel(s): worst |error| %.3g (%s)%s\n",
              pg::nn::kindName(net->kind()), h, w, torus ? " torus" : "", k, runs, worst.abs,
              worst.where.empty() ? "-" : worst.where.c_str(), ok ? "" : ": FAIL");
  return ok ? 0 : 1;
}
