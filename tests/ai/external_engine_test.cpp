// External engines through cmd: play whole matches; misbehaving ones lose without hanging.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "ai/match.h"

namespace pg {
namespace {

std::string engineCommand(const std::string& mode) {
  const auto script = std::filesystem::path(__FILE__).parent_path() / "random_engine.py";
  return "cmd:python3 " + script.string() + " --mode " + mode + " --seed 3";
}

TEST(ExternalEngine, PlaysAWholeMatch) {
  MatchConfig cfg;
  cfg.a = engineCommand("normal");
  cfg.b = "bot:easy";
  cfg.games = 2;
  cfg.rules.size = 5;
  cfg.limits.playouts = 50;
  cfg.engine_timeout = 10;
  const MatchStats st = runMatch(cfg);
  EXPECT_EQ(st.games, 2);
  EXPECT_EQ(st.a.failures, 0);
  EXPECT_EQ(st.b.failures, 0);
  for (const GameSummary& g : st.summaries) {
    EXPECT_EQ(g.note, "");
    EXPECT_NE(g.result.reason, EndReason::Resignation);
    EXPECT_GT(g.turns, 4);
  }
  // B's search by phase adds up to its whole search; the opening has some of it.
  int64_t playouts = 0;
  double seconds = 0;
  for (size_t k = 0; k < 3; ++k) {
    playouts += st.b.phase_playouts[k];
    seconds += st.b.phase_search_thread_seconds[k];
  }
  EXPECT_EQ(playouts, st.b.playouts);
  EXPECT_NEAR(seconds, st.b.search_thread_seconds, 1e-9);
  EXPECT_GT(st.b.phase_playouts[0], 0);
  EXPECT_GT(st.b.phasePlayoutsPerSecondPerThread(0), 0);
}

TEST(ExternalEngine, PlaysHandicapAndTorusGames) {
  MatchConfig cfg;
  cfg.a = engineCommand("normal");
  cfg.b = "bot:random";
  cfg.games = 2;
  cfg.rules.size = 7;
  cfg.rules.handicap = 2;
  cfg.rules.komi = 0.5;
  cfg.rules.topology = Topology::Torus;
  cfg.engine_timeout = 10;
  const MatchStats st = runMatch(cfg);
  EXPECT_EQ(st.a.failures, 0);
  for (const GameSummary& g : st.summaries) EXPECT_EQ(g.note, "");
}

TEST(ExternalEngine, MisbehavingEnginesLoseWithAReason) {
  for (const std::string mode : {"silent", "garbage", "repeat", "exit"}) {
    SCOPED_TRACE(mode);
    MatchConfig cfg;
    cfg.a = "bot:random";
    cfg.b = engineCommand(mode);
    cfg.games = 2;
    cfg.rules.size = 5;
    cfg.engine_timeout = 0.5;
    const auto t0 = std::chrono::steady_clock::now();
    const MatchStats st = runMatch(cfg);
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(dt, 60.0);  // generous: python starts slowly on a busy machine; it must not hang
    EXPECT_EQ(st.a_wins, 2);
    EXPECT_EQ(st.b.failures, 2);
    for (const GameSummary& g : st.summaries) {
      EXPECT_NE(g.note.find("B ("), std::string::npos) << g.note;
      if (mode == "silent") {
        EXPECT_EQ(g.result.reason, EndReason::Time);
        EXPECT_NE(g.note.find("no answer"), std::string::npos) << g.note;
      }
      if (mode == "repeat") {
        EXPECT_NE(g.note.find("twice"), std::string::npos) << g.note;
      }
      if (mode == "garbage") {
        EXPECT_NE(g.note.find("banana"), std::string::npos) << g.note;
      }
    }
  }
}

TEST(ExternalEngine, BadSpecsAreRefused) {
  MatchConfig cfg;
  cfg.a = "bot:nonsense";
  EXPECT_THROW(runMatch(cfg), std::invalid_argument);
  cfg.a = "human";
  EXPECT_THROW(runMatch(cfg), std::invalid_argument);
}

}  // namespace
}  // namespace pg
