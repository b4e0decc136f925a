// `phantomgo bench nn`: evaluations per second of a network of issue #40 (src/nn) on one
// thread. Random weights of a given shape, or a .pgnn file; random binary planes and globals.
// Several runs of --seconds each; the last line is 'evaluations/s: N', the median.
#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "nn/network.h"

namespace pg {

namespace {

// printf to std::cout (which the tests swap for a string).
__attribute__((format(printf, 1, 2))) void say(const char* fmt, ...) {
  char buf[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  std::cout << buf;
}

struct NnBenchConfig {
  std::string kind = "pv";
  std::string weights;
  std::string kernels = "auto";
  int filters = 32;
  int blocks = 4;
  int size = 9;
  int height = 0;  // 0: --size
  int batch = 1;
  int runs = 5;
  double seconds = 1.0;
  bool torus = false;
  uint64_t seed = 1;
};

std::unique_ptr<nn::Network> benchNetwork(const NnBenchConfig& cfg) {
  std::string error;
  std::unique_ptr<nn::Network> net;
  if (!cfg.weights.empty()) {
    net = nn::Network::load(cfg.weights, &error);
  } else {
    nn::NetworkFile file;
    file.kind = cfg.kind == "belief" ? nn::Kind::Belief : nn::Kind::Pv;
    file.features = "random";
    file.shape = nn::defaultShape(file.kind, cfg.filters, cfg.blocks);
    std::mt19937_64 rng(cfg.seed);
    std::normal_distribution<float> d(0.0f, 1.0f);
    file.weights.resize(file.shape.floatCount());
    for (float& w : file.weights) w = d(rng) * 0.05f;
    net = nn::Network::fromFile(std::move(file), &error);
  }
  if (!net) throw CLI::ValidationError("bench nn", error);
  const nn::Kernels k = cfg.kernels == "generic"  ? nn::Kernels::Generic
                        : cfg.kernels == "avx2"   ? nn::Kernels::Avx2
                        : cfg.kernels == "avx512" ? nn::Kernels::Avx512
                                                  : nn::Kernels::Auto;
  if (!net->setKernels(k))
    throw CLI::ValidationError("bench nn", "kernels " + cfg.kernels + " not available here");
  return net;
}

void runNnBench(const NnBenchConfig& cfg) {
  const auto net = benchNetwork(cfg);
  const int w = cfg.size;
  const int h = cfg.height > 0 ? cfg.height : cfg.size;
  const auto hw = static_cast<std::size_t>(h * w);
  const auto batch = static_cast<std::size_t>(cfg.batch);
  std::mt19937_64 rng(cfg.seed + 1);
  std::uniform_real_distribution<float> d(0.0f, 1.0f);
  std::vector<float> spatial(batch * static_cast<std::size_t>(net->Cs()) * hw);
  std::vector<float> globals(batch * static_cast<std::size_t>(net->G()));
  for (float& x : spatial) x = d(rng) < 0.5f ? 0.0f : 1.0f;
  for (float& x : globals) x = d(rng);
  std::vector<float> maps(batch * static_cast<std::size_t>(net->M()) * hw);
  std::vector<float> scalars(batch * static_cast<std::size_t>(std::max(net->S(), 1)));
  nn::Workspace ws;
  auto step = [&] {
    net->forward(spatial.data(), globals.data(), cfg.batch, h, w, cfg.torus, maps.data(),
                 scalars.data(), ws);
  };
  step();  // grows the workspace
  say("bench nn: %s (Cs %d G %d F %d B %d M %d S %d), %dx%d%s, batch %d, kernels %s, %d runs of "
      "%.2f s on one thread\n",
      nn::kindName(net->kind()), net->Cs(), net->G(), net->F(), net->B(), net->M(), net->S(), h, w,
      cfg.torus ? " torus" : "", cfg.batch, net->kernelsName(), cfg.runs, cfg.seconds);
  using Clock = std::chrono::steady_clock;
  std::vector<double> rates;
  for (int r = 0; r < cfg.runs; ++r) {
    const auto start = Clock::now();
    long calls = 0;
    double elapsed = 0;
    do {
      step();
      ++calls;
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < cfg.seconds);
    rates.push_back(static_cast<double>(calls) * cfg.batch / elapsed);
    say("run %d: %.0f evaluations/s (%.1f us a batch)\n", r + 1, rates.back(),
        1e6 * elapsed / static_cast<double>(calls));
  }
  std::sort(rates.begin(), rates.end());
  const std::size_t n = rates.size();
  const double median = n % 2 ? rates[n / 2] : (rates[n / 2 - 1] + rates[n / 2]) / 2;
  say("evaluations/s: %.0f\n", median);
  std::cout.flush();
}

}  // namespace

void addNnBench(CLI::App& bench) {
  auto cfg = std::make_shared<NnBenchConfig>();
  CLI::App* sub = bench.add_subcommand(
      "nn",
      "Evaluations per second of a network (src/nn) on one thread: random weights of a shape "
      "or --weights FILE; the last line is 'evaluations/s: N', the median of the runs");
  sub->add_option("--kind", cfg->kind, "the network's kind (random weights)")
      ->check(CLI::IsMember({"belief", "pv"}))
      ->capture_default_str();
  sub->add_option("--filters", cfg->filters, "F (random weights)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sub->add_option("--blocks", cfg->blocks, "B (random weights)")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  sub->add_option("--weights", cfg->weights, "a .pgnn file instead of random weights");
  sub->add_option("--size", cfg->size, "board width (and height unless --height)")
      ->check(CLI::Range(5, 19))
      ->capture_default_str();
  sub->add_option("--height", cfg->height, "board height if not --size")->check(CLI::Range(5, 19));
  sub->add_flag("--torus", cfg->torus, "the board wraps around at its edges");
  sub->add_option("--batch", cfg->batch, "samples an evaluation")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sub->add_option("--seconds", cfg->seconds, "the length of one run")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  sub->add_option("--runs", cfg->runs, "runs (the median is reported)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_option("--kernels", cfg->kernels, "the matrix product: auto, generic, avx2 or avx512")
      ->check(CLI::IsMember({"auto", "generic", "avx2", "avx512"}))
      ->capture_default_str();
  sub->add_option("--seed", cfg->seed, "random seed")->capture_default_str();
  sub->callback([cfg] { runNnBench(*cfg); });
}

}  // namespace pg
