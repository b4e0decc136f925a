// pg_learn_opponent: fits the opponent model's gammas (src/ai/opponent_model.h) from the bot's
// own games, by minorization-maximization (Coulom 2007, "Computing Elo ratings of move
// patterns in the game of Go"). It plays self-play games through the real Referee, records
// every legal stone with all the points the mover could legally have played on the real board,
// and prints the fitted table as the C++ initialiser that opponent_model.cpp holds.
//
//   pg_learn_opponent --bot v1 --games 200 --playouts 2000 --seed 1
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ai/opponent_model.h"
#include "ai/player.h"
#include "referee/referee.h"

using namespace pg;

namespace {

struct Decision {
  std::vector<MoveFeatures> cands;  // cands[0] is the move played
};

/// Candidate c's strength with group g's gamma left out.
double strengthWithout(const std::vector<double>& gamma, const MoveFeatures& f, int g) {
  double s = 1;
  for (int k = 0; k < kNumFeatureGroups; ++k)
    if (k != g) s *= gamma[f.index[static_cast<size_t>(k)]];
  return s;
}

double strength(const std::vector<double>& gamma, const MoveFeatures& f) {
  double s = 1;
  for (uint8_t i : f.index) s *= gamma[i];
  return s;
}

double logLikelihood(const std::vector<double>& gamma, const std::vector<Decision>& data) {
  double ll = 0;
  for (const Decision& d : data) {
    double total = 0;
    for (const MoveFeatures& f : d.cands) total += strength(gamma, f);
    ll += std::log(strength(gamma, d.cands[0]) / total);
  }
  return ll;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Fit the opponent model's gammas from self-play games"};
  std::string bot = "v1";
  int games = 100, playouts = 2000, size = 9, iterations = 30, threads = 1;
  uint64_t seed = 1;
  app.add_option("--bot", bot, "the bot that plays both sides")->capture_default_str();
  app.add_option("--games", games)->capture_default_str();
  app.add_option("--playouts", playouts, "playouts per action")->capture_default_str();
  app.add_option("--threads", threads)->capture_default_str();
  app.add_option("--size", size)->capture_default_str();
  app.add_option("--iterations", iterations, "MM iterations")->capture_default_str();
  app.add_option("--seed", seed)->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  Rules rules;
  rules.size = size;
  if (auto err = rules.validate()) {
    std::fprintf(stderr, "%s\n", err->c_str());
    return 2;
  }
  std::vector<Decision> data;
  for (int g = 0; g < games; ++g) {
    auto black = makePlayer(bot, seed * 7919 + static_cast<uint64_t>(g) * 2);
    auto white = makePlayer(bot, seed * 7919 + static_cast<uint64_t>(g) * 2 + 1);
    if (!black || !white) {
      std::fprintf(stderr, "unknown bot %s\n", bot.c_str());
      return 2;
    }
    Referee ref(rules);
    SearchLimits limits;
    limits.seconds = 0;
    limits.playouts = playouts;
    limits.threads = threads;
    Point last[2] = {kNoPoint, kNoPoint};
    int stones[2] = {0, 0};
    bool rejected = false;
    while (!ref.over()) {
      const Color c = ref.toMove();
      const View& view = ref.view(audienceOf(c));
      const Action act = (c == Color::Black ? *black : *white).choose(view, limits);
      if (act.kind == Action::Kind::Pass) {
        rejected = false;
        ref.pass(c);
        continue;
      }
      if (act.kind != Action::Kind::Try) {
        ref.resign(c);
        continue;
      }
      const Board before = ref.realGame().board();
      const Answer ans = ref.tryPoint(c, act.point);
      if (!ans.accepted()) continue;
      if (!ans.legal) {
        rejected = true;
        continue;
      }
      const int ci = c == Color::Black ? 0 : 1;
      const MoveContext ctx{c, last[ci], stones[ci] < rules.numPoints() / 12, rejected};
      rejected = false;
      Decision d;
      d.cands.push_back(moveFeatures(before, ctx, act.point));
      for (int i = 0; i < before.numEmpty(); ++i) {
        const Point q = before.emptyAt(i);
        if (q != act.point && before.isLegal(c, q)) d.cands.push_back(moveFeatures(before, ctx, q));
      }
      data.push_back(std::move(d));
      last[ci] = act.point;
      ++stones[ci];
    }
    std::fprintf(stderr, "game %d: %zu decisions so far\n", g + 1, data.size());
  }

  std::vector<double> gamma(kNumFeatures, 1.0);
  std::fprintf(stderr, "log-likelihood per move, uniform: %.4f\n",
               logLikelihood(gamma, data) / static_cast<double>(data.size()));
  for (int it = 0; it < iterations; ++it) {
    for (int g = 0; g < kNumFeatureGroups; ++g) {
      const int lo = featureOffset(g), hi = lo + kFeatureValues[static_cast<size_t>(g)];
      std::vector<double> wins(kNumFeatures, 0), denom(kNumFeatures, 0);
      for (const Decision& d : data) {
        double total = 0;
        for (const MoveFeatures& f : d.cands) total += strength(gamma, f);
        wins[d.cands[0].index[static_cast<size_t>(g)]] += 1;
        for (const MoveFeatures& f : d.cands)
          denom[f.index[static_cast<size_t>(g)]] += strengthWithout(gamma, f, g) / total;
      }
      // One virtual win and one virtual loss against a gamma of 1 (Coulom's prior).
      for (int i = lo; i < hi; ++i)
        gamma[static_cast<size_t>(i)] =
            (wins[static_cast<size_t>(i)] + 1) /
            (denom[static_cast<size_t>(i)] + 2 / (gamma[static_cast<size_t>(i)] + 1));
    }
    std::fprintf(stderr, "iteration %d: log-likelihood per move %.4f\n", it + 1,
                 logLikelihood(gamma, data) / static_cast<double>(data.size()));
  }
  std::printf("// %zu moves of %d self-play games of bot:%s, %d playouts a try, %dx%d, seed %llu\n",
              data.size(), games, bot.c_str(), playouts, size, size,
              static_cast<unsigned long long>(seed));
  std::printf("{");
  for (int i = 0; i < kNumFeatures; ++i)
    std::printf("%s%#.4gf", i ? ", " : "", gamma[static_cast<size_t>(i)]);
  std::printf("}\n");
  return 0;
}
