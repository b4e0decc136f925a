// Helpers of the network tests: random weights and inputs of a given shape.
#pragma once

#include <random>
#include <vector>

#include "nn/network.h"

namespace pg::nn::test {

inline NetworkFile randomNetwork(Kind kind, int filters, int blocks, unsigned seed) {
  NetworkFile file;
  file.kind = kind;
  file.features = kind == Kind::Belief ? "belief-v1" : "board-v1";
  file.shape = defaultShape(kind, filters, blocks);
  std::mt19937 rng(seed);
  // Small weights keep the activations of a deep tower in a sane range.
  std::uniform_real_distribution<float> d(-0.15f, 0.15f);
  file.weights.resize(file.shape.floatCount());
  for (float& w : file.weights) w = d(rng);
  return file;
}

inline std::vector<float> randomInput(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(0.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = d(rng);
  return v;
}

}  // namespace pg::nn::test
