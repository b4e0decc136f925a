#include "ai/policy_prior.h"

#include <algorithm>
#include <cmath>

#include "ai/net_features.h"
#include "nn/network.h"
#include "rules/assert.h"

namespace pg {

std::vector<double> policyPrior(const nn::Network& pv, const Determinizer& belief, const View& view,
                                int boards, bool opponent_passed, Rng& rng) {
  PG_ASSERT(pv.kind() == nn::Kind::Pv && boards > 0, "a pv network and at least one board");
  const Rules& rules = view.rules();
  const size_t n = static_cast<size_t>(rules.numPoints());
  const size_t k = static_cast<size_t>(boards);
  const Color self = view.self();
  thread_local std::vector<uint8_t> planes;
  thread_local std::vector<float> spatial, globals, maps, scalars;
  thread_local nn::Workspace ws;
  planes.resize(kBoardPlanes * n);
  spatial.resize(k * kBoardPlanes * n);
  globals.resize(k * kBoardGlobals);
  Board board(rules.size, rules.topology);
  for (size_t b = 0; b < k; ++b) {
    belief.sample(board, rng, kNoPoint, nullptr);
    encodeBoardInput(board, self, rules, opponent_passed, planes.data(),
                     globals.data() + b * kBoardGlobals);
    float* s = spatial.data() + b * kBoardPlanes * n;
    for (size_t i = 0; i < planes.size(); ++i) s[i] = static_cast<float>(planes[i]) / 255.0f;
  }
  maps.resize(k * n);
  scalars.resize(k * 2);
  pv.forward(spatial.data(), globals.data(), boards, rules.size, rules.size,
             rules.topology == Topology::Torus, maps.data(), scalars.data(), ws);
  std::vector<double> prior(n + 1, 0.0);
  std::vector<double> e(n + 1);
  for (size_t b = 0; b < k; ++b) {
    const float* logits = maps.data() + b * n;
    const float* legal = spatial.data() + (b * kBoardPlanes + kBoardLegalPlane) * n;
    double top = scalars[b * 2];  // the pass
    for (size_t p = 0; p < n; ++p)
      if (legal[p] > 0) top = std::max(top, static_cast<double>(logits[p]));
    double sum = 0;
    for (size_t p = 0; p < n; ++p) {
      e[p] = legal[p] > 0 ? std::exp(static_cast<double>(logits[p]) - top) : 0.0;
      sum += e[p];
    }
    e[n] = std::exp(static_cast<double>(scalars[b * 2]) - top);
    sum += e[n];
    for (size_t p = 0; p <= n; ++p) prior[p] += e[p] / sum / static_cast<double>(k);
  }
  return prior;
}

}  // namespace pg
