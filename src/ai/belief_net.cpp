#include "ai/belief_net.h"

#include <algorithm>
#include <cmath>

#include "ai/net_features.h"
#include "nn/network.h"
#include "rules/assert.h"

namespace pg {

namespace {

float sigmoid(float x) {
  return 1.0f / (1.0f + std::exp(-x));
}

}  // namespace

std::vector<float> placementGuide(const BeliefMaps& maps, double power) {
  std::vector<float> guide(maps.hidden.size());
  for (size_t i = 0; i < guide.size(); ++i)
    guide[i] = static_cast<float>(std::pow(std::max(1e-3, double(maps.hidden[i])), power));
  return guide;
}

BeliefNet::BeliefNet(std::shared_ptr<const nn::Network> net) : net_(std::move(net)) {
  PG_ASSERT(net_ && net_->kind() == nn::Kind::Belief, "a belief network");
}

BeliefMaps BeliefNet::predict(const View& view, const std::vector<float>& story_map) const {
  const Rules& rules = view.rules();
  const int n = rules.numPoints();
  const size_t un = static_cast<size_t>(n);
  thread_local std::vector<uint8_t> planes;
  thread_local std::vector<float> spatial, globals, maps;
  thread_local nn::Workspace ws;
  planes.resize(kBeliefPlanes * un);
  globals.resize(kBeliefGlobals);
  encodeBeliefInput(view, story_map, planes.data(), globals.data());
  spatial.resize(planes.size());
  for (size_t i = 0; i < planes.size(); ++i) spatial[i] = static_cast<float>(planes[i]) / 255.0f;
  maps.resize(static_cast<size_t>(net_->M()) * un);
  net_->forward(spatial.data(), globals.data(), 1, rules.size, rules.size,
                rules.topology == Topology::Torus, maps.data(), nullptr, ws);
  BeliefMaps out;
  out.hidden.assign(un, 0.0f);
  out.east.assign(un, 0.0f);
  out.south.assign(un, 0.0f);
  for (size_t p = 0; p < un; ++p) {
    if (view.at(static_cast<Point>(p)) == Color::Empty) out.hidden[p] = sigmoid(maps[p]);
    out.east[p] = sigmoid(maps[un + p]);
    out.south[p] = sigmoid(maps[2 * un + p]);
  }
  return out;
}

}  // namespace pg
