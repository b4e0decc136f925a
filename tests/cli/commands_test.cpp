// The subcommands as the binary parses them, and the playout benchmark.
#include "cli/commands.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace pg {
namespace {

/// Parses argv (without the program name) on an app with every subcommand, with std::cin and
/// std::cout swapped for strings. Returns what was printed; throws what CLI11 throws.
std::string runCli(std::vector<std::string> args, const std::string& input = "") {
  CLI::App app{"test", "phantomgo"};
  app.require_subcommand(1);
  addGtpCommand(app);
  addBenchCommand(app);
  addMatchCommand(app);
  addServeCommand(app);
  std::istringstream in(input);
  std::ostringstream out;
  std::streambuf* old_in = std::cin.rdbuf(in.rdbuf());
  std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
  std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
  try {
    app.parse(args);
  } catch (...) {
    std::cin.rdbuf(old_in);
    std::cout.rdbuf(old_out);
    throw;
  }
  std::cin.rdbuf(old_in);
  std::cout.rdbuf(old_out);
  return out.str();
}

std::string lastLine(const std::string& text) {
  std::string s = text;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const size_t nl = s.rfind('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

TEST(PlayoutBench, RunsAndCounts) {
  PlayoutBenchConfig cfg;
  cfg.size = 9;
  cfg.seconds = 0.05;
  const PlayoutBenchResult r = runPlayoutBench(cfg);
  EXPECT_GT(r.playouts, 0);
  EXPECT_GE(r.elapsed, 0.05);
  EXPECT_GT(r.movesPerPlayout(), 10.0);
  EXPECT_LE(r.movesPerPlayout(), 3.0 * 81);
  EXPECT_GE(r.blackWinRate(), 0.0);
  EXPECT_LE(r.blackWinRate(), 1.0);
  EXPECT_LE(r.finished, r.playouts);
  EXPECT_GT(r.playoutsPerSecond(), 0.0);
}

TEST(PlayoutBench, SameSeedSameGamesOnTheTorus) {
  PlayoutBenchConfig cfg;
  cfg.size = 5;
  cfg.topology = Topology::Torus;
  cfg.seconds = 0.001;
  const PlayoutBenchResult a = runPlayoutBench(cfg);
  EXPECT_GT(a.playouts, 0);
  EXPECT_LE(a.movesPerPlayout(), 75.0);
}

TEST(PlayoutBench, TextEndsWithPlayoutsPerSecond) {
  PlayoutBenchConfig cfg;
  PlayoutBenchResult r;
  r.playouts = 300;
  r.moves = 300 * 90;
  r.finished = 299;
  r.black_wins = 150;
  r.elapsed = 2.0;
  const std::string text = playoutBenchText(cfg, r);
  EXPECT_EQ(lastLine(text), "playouts/s: 150");
  EXPECT_NE(text.find("moves/playout: 90.0"), std::string::npos) << text;
  EXPECT_NE(text.find("9x9 planar"), std::string::npos) << text;
}

TEST(PlayoutBench, RateIsPerCpuSecondWhenKnown) {
  PlayoutBenchResult r;
  r.playouts = 100;
  r.elapsed = 4.0;
  EXPECT_DOUBLE_EQ(r.playoutsPerSecond(), 25.0);
  r.cpu_seconds = 1.0;  // the thread had a quarter of a core
  EXPECT_DOUBLE_EQ(r.playoutsPerSecond(), 100.0);
  EXPECT_DOUBLE_EQ(r.wallPlayoutsPerSecond(), 25.0);
  const std::string text = playoutBenchText(PlayoutBenchConfig{}, r);
  EXPECT_EQ(lastLine(text), "playouts/s: 100");
  EXPECT_NE(text.find("wall-clock playouts/s: 25"), std::string::npos) << text;
}

TEST(PlayoutBench, Json) {
  PlayoutBenchConfig cfg;
  cfg.size = 13;
  cfg.topology = Topology::Torus;
  PlayoutBenchResult r;
  r.playouts = 10;
  r.moves = 1000;
  r.black_wins = 4;
  r.elapsed = 0.5;
  const nlohmann::json j = playoutBenchJson(cfg, r);
  EXPECT_EQ(j["size"], 13);
  EXPECT_EQ(j["torus"], true);
  EXPECT_DOUBLE_EQ(j["seconds"].get<double>(), 0.5);
  EXPECT_EQ(j["playouts"], 10);
  EXPECT_DOUBLE_EQ(j["playouts_per_second"].get<double>(), 20.0);
  EXPECT_DOUBLE_EQ(j["moves_per_playout"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(j["black_win_rate"].get<double>(), 0.4);
}

TEST(Cli, BenchPlayoutsPrintsPlayoutsPerSecondLast) {
  const std::string out = runCli({"bench", "playouts", "--size", "7", "--seconds", "0.02"});
  const std::string last = lastLine(out);
  ASSERT_EQ(last.rfind("playouts/s: ", 0), 0u) << out;
  EXPECT_GT(std::stoll(last.substr(12)), 0);
}

TEST(Cli, BenchPlayoutsJson) {
  const std::string out =
      runCli({"bench", "playouts", "--size", "5", "--torus", "--seconds", "0.02", "--json"});
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["size"], 5);
  EXPECT_EQ(j["torus"], true);
  EXPECT_GT(j["playouts"].get<long long>(), 0);
  for (const char* key : {"seconds", "playouts_per_second", "moves_per_playout", "black_win_rate"})
    EXPECT_TRUE(j.contains(key)) << key;
}

TEST(SearchBench, OneRowPerPositionWithTheMoverAndItsHiddenStones) {
  SearchBenchConfig cfg;
  cfg.size = 7;
  cfg.seconds = 0.02;
  cfg.turns = {0, 1, 6};
  const std::vector<SearchBenchRow> rows = runSearchBench(cfg);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].to_move, Color::Black);
  EXPECT_EQ(rows[0].hidden, 0);  // nothing is on the board yet
  EXPECT_EQ(rows[1].to_move, Color::White);
  EXPECT_LE(rows[1].hidden, 1);  // Black played one stone or passed
  for (const SearchBenchRow& r : rows) {
    EXPECT_GT(r.playouts, 0);
    EXPECT_GT(r.playoutsPerSecond(), 0);
  }
}

TEST(Cli, BenchSearchComparesWithThePlayoutBench) {
  const std::string out = runCli(
      {"bench", "search", "--size", "5", "--seconds", "0.02", "--turns", "0", "--turns", "3"});
  EXPECT_NE(out.find("bench playouts/s"), std::string::npos) << out;
  EXPECT_NE(out.find("turn   0 black to move"), std::string::npos) << out;
  EXPECT_NE(out.find("turn   3 white to move"), std::string::npos) << out;
  EXPECT_NE(out.find("of the bench"), std::string::npos) << out;
}

TEST(Commands, BenchBeliefReportsTheJointMeasuresBesideTheShares) {
  // 32 particles, not 256: the same measures at an eighth of the work (a minute under the
  // sanitizers with 256).
  const auto j = nlohmann::json::parse(
      runCli({"bench", "belief", "--size", "7", "--games", "2", "--playouts", "100", "--particles",
              "32", "--joint-samples", "16", "--json"}));
  ASSERT_GT(j.at("decisions").get<int64_t>(), 0) << j.dump();
  for (const char* name : {"facts", "story", "carried"})
    EXPECT_GT(j.at(name).at("on_true_stones").get<double>(), 0) << name;
  // Two bots' games on 7x7 have hidden chains of two stones or more, and a board that holds
  // them whole now and then.
  for (const char* name : {"facts chains", "carried chains", "facts exact", "carried exact"}) {
    const double share = j.at(name).at("share").get<double>();
    EXPECT_GE(share, 0) << name;
    EXPECT_LE(share, 1) << name;
  }
  EXPECT_GT(j.at("carried chains").at("share").get<double>(), 0);
  EXPECT_GT(j.at("facts chains").at("share").get<double>(), 0);
}

TEST(Commands, BenchNnPrintsTheMedianOfItsRuns) {
  const std::string out =
      runCli({"bench", "nn", "--kind", "belief", "--filters", "8", "--blocks", "1", "--size", "7",
              "--batch", "2", "--seconds", "0.01", "--runs", "3", "--kernels", "generic"});
  EXPECT_NE(out.find("bench nn: belief (Cs 20 G 8 F 8 B 1 M 3 S 0), 7x7, batch 2, kernels generic"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("run 3: "), std::string::npos) << out;
  const std::size_t last = out.rfind("evaluations/s: ");
  ASSERT_NE(last, std::string::npos) << out;
  EXPECT_GT(std::stod(out.substr(last + 15)), 0) << out;
}

TEST(Commands, MatchCountsAsWinsByColour) {
  const auto j = nlohmann::json::parse(runCli({"match", "--a", "bot:random", "--b", "bot:random",
                                               "--size", "5", "--games", "6", "--json"}));
  EXPECT_EQ(j.at("games").get<int>(), 6);
  const int black = j.at("a_wins_as_black").get<int>(), white = j.at("a_wins_as_white").get<int>();
  EXPECT_EQ(black + white, j.at("a_wins").get<int>()) << j.dump();
  EXPECT_LE(black, 3) << "A is Black in three of six games";
  EXPECT_LE(white, 3);
}

TEST(Commands, MatchGivesTheSearchByPhase) {
  const auto j = nlohmann::json::parse(
      runCli({"match", "--a", "bot:easy", "--b", "bot:random", "--size", "5", "--games", "2",
              "--playouts", "20", "--threads", "1", "--json"}));
  const auto& a = j.at("a_stats");
  ASSERT_EQ(a.at("search_by_phase").size(), 3u) << a.dump();
  int64_t playouts = 0;
  for (const auto& p : a.at("search_by_phase")) playouts += p.at("playouts").get<int64_t>();
  EXPECT_EQ(playouts, a.at("playouts").get<int64_t>()) << a.dump();
  EXPECT_EQ(a.at("search_by_phase")[0].at("phase"), "opening");
  EXPECT_GT(a.at("search_by_phase")[0].at("playouts_per_second_per_thread").get<double>(), 0);
}

TEST(Commands, BenchRefereeTimesTheThreeReasonsSideBySide) {
  const std::string out = runCli({"bench", "referee", "--size", "5", "--seconds", "0.02"});
  for (const char* line :
       {"occupied", "suicide", "ko", "ratio suicide/occupied: ", "ratio ko/occupied: "})
    EXPECT_NE(out.find(line), std::string::npos) << line << " in " << out;
  const auto j = nlohmann::json::parse(
      runCli({"bench", "referee", "--size", "9", "--seconds", "0.02", "--json"}));
  ASSERT_EQ(j.at("reasons").size(), 3u);
  for (const auto& r : j.at("reasons")) {
    EXPECT_GT(r.at("samples").get<int64_t>(), 0) << r.dump();
    EXPECT_GT(r.at("median_ns").get<double>(), 0) << r.dump();
  }
  // Interleaved: the three reasons get the same number of samples.
  EXPECT_EQ(j.at("reasons")[0].at("samples"), j.at("reasons")[2].at("samples"));
  EXPECT_GT(j.at("ratios").at("suicide/occupied").get<double>(), 0);
  EXPECT_THROW(runCli({"bench", "referee", "--size", "20"}), CLI::ValidationError);
}

TEST(Cli, BenchRejectsBadArguments) {
  EXPECT_THROW(runCli({"bench", "playouts", "--size", "4"}), CLI::ValidationError);
  EXPECT_THROW(runCli({"bench", "playouts", "--size", "26"}), CLI::ValidationError);
  EXPECT_THROW(runCli({"bench", "playouts", "--seconds", "0"}), CLI::ValidationError);
  EXPECT_THROW(runCli({"bench", "search", "--threads", "0"}), CLI::ValidationError);
  EXPECT_THROW(runCli({"bench", "search", "--size", "20"}), CLI::ValidationError);
  EXPECT_THROW(runCli({"bench"}), CLI::RequiredError);
  EXPECT_THROW(runCli({}), CLI::RequiredError);
}

TEST(Cli, ServeRefusesAnEmptyDatabase) {
  // An empty --db (an unset variable in a unit file, say) must not become SQLite's private
  // temporary database, whose games vanish with the process.
  try {
    runCli({"serve", "--db", ""});
    ADD_FAILURE() << "serve accepted an empty --db";
  } catch (const CLI::ValidationError& e) {
    EXPECT_NE(std::string(e.what()).find("--db needs"), std::string::npos) << e.what();
  }
}

TEST(Cli, GtpReadsStdin) {
  const std::string out = runCli({"gtp", "--size", "5", "--seed", "3", "--ko", "simple"},
                                 "1 play b C3\n2 list_stones b\n3 showboard\nquit\n");
  EXPECT_EQ(out.rfind("=1\n\n=2 C3\n\n=3 \n", 0), 0u) << out;
  EXPECT_NE(out.find(" 3 . . X . . 3"), std::string::npos) << out;
}

TEST(Cli, GtpTorus) {
  const std::string out = runCli({"gtp", "--size", "5", "--torus"},
                                 "play w A1\nplay b B1\nplay b A2\nplay b E1\n"
                                 "play b A5\nlist_stones w\n");
  EXPECT_EQ(out, "=\n\n=\n\n=\n\n=\n\n=\n\n=\n\n");
}

TEST(Cli, GtpRejectsBadOptions) {
  EXPECT_THROW(runCli({"gtp", "--ko", "japanese"}), CLI::ValidationError);
  EXPECT_THROW(runCli({"gtp", "--size", "30"}), CLI::ValidationError);
}

}  // namespace
}  // namespace pg
