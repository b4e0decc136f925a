// The learned networks on the player's side (issue #40): loading them (nets.h), the belief
// network's maps (belief_net.h), the story guided by them (story_belief.h) and the policy
// prior (policy_prior.h), with networks of random weights.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>

#include "ai/belief_net.h"
#include "ai/nets.h"
#include "ai/player.h"
#include "ai/policy_prior.h"
#include "ai/story_belief.h"
#include "nn/nn_test_util.h"
#include "referee/referee.h"

namespace pg {
namespace {

namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("pg_nets_test_" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

void writeNet(const fs::path& path, nn::Kind kind, unsigned seed) {
  std::ofstream(path, std::ios::binary)
      << nn::serializeNetworkFile(nn::test::randomNetwork(kind, 8, 1, seed));
}

std::shared_ptr<const nn::Network> randomNet(nn::Kind kind, unsigned seed) {
  std::string error;
  std::shared_ptr<const nn::Network> net =
      nn::Network::fromFile(nn::test::randomNetwork(kind, 8, 1, seed), &error);
  EXPECT_TRUE(net) << error;
  return net;
}

/// A 9x9 game of two medium players, `turns` turns in: the referee holds the real board.
Referee playedGame(int turns, uint64_t seed) {
  Rules rules;
  Referee ref(rules);
  auto black = makePlayer("easy", seed), white = makePlayer("easy", seed + 1);
  SearchLimits limits;
  limits.seconds = 0;
  limits.playouts = 200;
  while (!ref.over() && ref.realGame().turnsPlayed() < turns) {
    const Color c = ref.toMove();
    const Action a = (c == Color::Black ? *black : *white).choose(ref.view(audienceOf(c)), limits);
    if (a.kind == Action::Kind::Try)
      ref.tryPoint(c, a.point);
    else
      ref.pass(c);
  }
  return ref;
}

TEST(Nets, MissingFilesAreReportedAndLeaveTheNetworksOut) {
  TempDir dir;
  const NetsLoad load = loadNets(dir.path().string());
  EXPECT_FALSE(load.nets->belief);
  EXPECT_FALSE(load.nets->pv);
  EXPECT_NE(load.report.find("belief.pgnn: missing"), std::string::npos) << load.report;
  EXPECT_NE(load.report.find("pv.pgnn: missing"), std::string::npos) << load.report;
}

TEST(Nets, LoadsBothAndRefusesAFileOfTheWrongKind) {
  TempDir dir;
  writeNet(dir.path() / "belief.pgnn", nn::Kind::Belief, 1);
  writeNet(dir.path() / "pv.pgnn", nn::Kind::Pv, 2);
  NetsLoad load = loadNets(dir.path().string());
  EXPECT_TRUE(load.nets->belief);
  EXPECT_TRUE(load.nets->pv);
  EXPECT_NE(load.report.find("belief.pgnn: loaded"), std::string::npos) << load.report;

  writeNet(dir.path() / "belief.pgnn", nn::Kind::Pv, 3);  // a pv network under the belief's name
  std::ofstream(dir.path() / "pv.pgnn", std::ios::binary) << "PGNN 1\nkind pv\n";  // truncated
  load = loadNets(dir.path().string());
  EXPECT_FALSE(load.nets->belief);
  EXPECT_FALSE(load.nets->pv);
  EXPECT_NE(load.report.find("belief.pgnn: not loaded: it is a pv network"), std::string::npos)
      << load.report;
  EXPECT_NE(load.report.find("pv.pgnn: not loaded"), std::string::npos) << load.report;
}

TEST(BeliefNet, MapsAreChancesAndNothingOnThePointsTheViewShows) {
  const Referee ref = playedGame(30, 11);
  const View& view = ref.view(audienceOf(ref.toMove()));
  const BeliefNet net(randomNet(nn::Kind::Belief, 4));
  const StoryBelief story(view, OpponentModel::learned(), 32, 5);
  const BeliefMaps maps = net.predict(view, story.occupancy());
  const int n = view.rules().numPoints();
  ASSERT_EQ(maps.hidden.size(), static_cast<size_t>(n));
  for (Point p = 0; p < n; ++p) {
    const size_t i = static_cast<size_t>(p);
    if (view.at(p) != Color::Empty) {
      EXPECT_EQ(maps.hidden[i], 0.0f);
    }
    for (float q : {maps.hidden[i], maps.east[i], maps.south[i]}) {
      EXPECT_GE(q, 0.0f);
      EXPECT_LE(q, 1.0f);
    }
  }
}

TEST(GuidedStory, AGuideOfOnesChangesNothing) {
  const Referee ref = playedGame(30, 12);
  const View& view = ref.view(audienceOf(ref.toMove()));
  const std::vector<float> ones(static_cast<size_t>(view.rules().numPoints()), 1.0f);
  const StoryBelief plain(view, OpponentModel::learned(), 64, 6, nullptr);
  const StoryBelief guided(view, OpponentModel::learned(), 64, 6, nullptr, &ones);
  ASSERT_FALSE(plain.fellBack());
  EXPECT_EQ(plain.occupancy(), guided.occupancy());
}

TEST(GuidedStory, AGuideTowardTheTrueStonesPutsMoreOfTheBoardsOnThem) {
  const Referee ref = playedGame(40, 13);
  const View& view = ref.view(audienceOf(ref.toMove()));
  const Board& real = ref.realGame().board();
  const Color opp = opponent(view.self());
  const int n = view.rules().numPoints();
  BeliefMaps maps;
  maps.hidden.assign(static_cast<size_t>(n), 0.0f);
  for (Point p = 0; p < n; ++p)
    if (view.at(p) == Color::Empty)
      maps.hidden[static_cast<size_t>(p)] = real.at(p) == opp ? 0.9f : 0.1f;
  const std::vector<float> guide = placementGuide(maps, 2.0);
  EXPECT_FLOAT_EQ(guide[0], std::pow(std::max(1e-3f, maps.hidden[0]), 2.0f));
  double plain_on_true = 0, guided_on_true = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const StoryBelief plain(view, OpponentModel::learned(), 64, seed, nullptr);
    const StoryBelief guided(view, OpponentModel::learned(), 64, seed, nullptr, &guide);
    ASSERT_FALSE(plain.fellBack());
    ASSERT_FALSE(guided.fellBack());
    const std::vector<float> a = plain.occupancy(), b = guided.occupancy();
    for (Point p = 0; p < n; ++p)
      if (view.at(p) == Color::Empty && real.at(p) == opp) {
        plain_on_true += a[static_cast<size_t>(p)];
        guided_on_true += b[static_cast<size_t>(p)];
      }
    // Every board of the guided story is still one the view allows.
    Rng rng(seed);
    Board b2(view.rules().size, view.rules().topology);
    for (int s = 0; s < 16; ++s) {
      std::vector<Point> placed;
      guided.sample(b2, rng, kNoPoint, &placed);
      EXPECT_EQ(b2.stoneCount(opp), view.stoneCount(opp));
      for (Point p : placed) EXPECT_EQ(view.at(p), Color::Empty);
    }
  }
  EXPECT_GT(guided_on_true, plain_on_true);
}

TEST(PolicyPrior, AChanceForEveryMoveAndNoneOnOurOwnStones) {
  const Referee ref = playedGame(30, 14);
  const View& view = ref.view(audienceOf(ref.toMove()));
  const StoryBelief story(view, OpponentModel::learned(), 32, 8);
  const std::shared_ptr<const nn::Network> pv = randomNet(nn::Kind::Pv, 6);
  Rng rng(4);
  const std::vector<double> prior = policyPrior(*pv, story, view, 8, false, rng);
  const int n = view.rules().numPoints();
  ASSERT_EQ(prior.size(), static_cast<size_t>(n) + 1);
  EXPECT_NEAR(std::accumulate(prior.begin(), prior.end(), 0.0), 1.0, 1e-9);
  for (Point p = 0; p < n; ++p)
    if (view.at(p) == view.self()) {
      EXPECT_EQ(prior[static_cast<size_t>(p)], 0.0);
    }
  EXPECT_GT(prior[static_cast<size_t>(n)], 0.0);  // pass
}

}  // namespace
}  // namespace pg
