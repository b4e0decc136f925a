// pg_gen_data: the networks' training data (issue #40, docs/networks.md section 4). Self-play
// games through the real Referee; at every try a belief sample (the player's view, labels from
// the real board), once a turn a pv sample (the real board, the move played, the result). One
// subdirectory per board size with the .npy files and meta.json. Games are deterministic from
// the seed (playout budgets, never time), and the files are the same bytes whatever --jobs is.
//
//   pg_gen_data --out data/run1 --games 1000 --size 9 --bots advanced,v2 --playouts 2000 --jobs 2
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "ai/net_features.h"
#include "ai/player.h"
#include "generate.h"

using namespace pg;
using namespace pg::train;

int main(int argc, char** argv) {
  CLI::App app{"Self-play training data for the belief and policy-value networks"};
  std::string out;
  int games = 100, jobs = 1;
  std::vector<int> sizes;
  std::string bots = "advanced,v2";
  GenConfig cfg;
  double komi = 0;
  app.add_option("--out", out, "the run's directory (one subdirectory per size)")->required();
  app.add_option("--games", games, "games per size")
      ->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  app.add_option("--size", sizes, "board size (repeatable); 9 if none")
      ->check(CLI::Range(kMinSize, kMaxTableSize));
  app.add_option("--bots", bots, "comma-separated bots; each side of each game drawn from them")
      ->capture_default_str();
  app.add_option("--playouts", cfg.playouts, "each try's budget in playouts (one thread)")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  app.add_option("--particles", cfg.particles, "the story belief's boards (plane 17)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--seed", cfg.seed)->capture_default_str();
  app.add_option("--jobs", jobs, "games played at once")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  CLI::Option* komi_opt =
      app.add_option("--komi", komi, "komi (default: the rules' default for the handicap)");
  app.add_option("--handicap", cfg.rules.handicap)->capture_default_str();
  bool atari = false, torus = false;
  app.add_flag("--atari", atari, "Atari Go");
  app.add_flag("--torus", torus, "torus board");
  CLI11_PARSE(app, argc, argv);

  cfg.bots.clear();
  std::stringstream list(bots);
  for (std::string b; std::getline(list, b, ',');) {
    if (b.empty()) continue;
    if (!makePlayer(b, 1)) {
      std::fprintf(stderr, "pg_gen_data: unknown bot %s\n", b.c_str());
      return 2;
    }
    cfg.bots.push_back(b);
  }
  if (cfg.bots.empty()) {
    std::fprintf(stderr, "pg_gen_data: --bots names no bot\n");
    return 2;
  }
  if (sizes.empty()) sizes.push_back(9);
  cfg.rules.atari_go = atari;
  cfg.rules.topology = torus ? Topology::Torus : Topology::Planar;
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);

  for (int size : sizes) {
    GenConfig c = cfg;
    c.rules.size = size;
    c.rules.komi = komi_opt->count() ? komi : Rules::defaultKomi(c.rules.handicap);
    if (auto err = c.rules.validate()) {
      std::fprintf(stderr, "pg_gen_data: %s\n", err->c_str());
      return 2;
    }
    const std::string dir = out + "/" + std::to_string(size) + "x" + std::to_string(size);
    const RunTotals t = generate(c, games, jobs, dir, true);
    nlohmann::json meta{{"command", command},
                        {"seed", c.seed},
                        {"games", t.games},
                        {"bots", c.bots},
                        {"size", size},
                        {"komi", c.rules.komi},
                        {"handicap", c.rules.handicap},
                        {"atari_go", c.rules.atari_go},
                        {"torus", torus},
                        {"playouts", c.playouts},
                        {"particles", c.particles},
                        {"model_power", c.model_power},
                        {"belief_features", std::string(kBeliefFeatures)},
                        {"board_features", std::string(kBoardFeatures)},
                        {"belief_samples", t.belief_rows},
                        {"pv_samples", t.pv_rows},
                        {"black_wins", t.black_wins},
                        {"white_wins", t.white_wins},
                        {"jobs", jobs},
                        {"seconds", t.seconds}};
    std::ofstream(dir + "/meta.json") << meta.dump(2) << '\n';
    std::fprintf(stderr, "%s: %d games, %lld belief and %lld pv samples in %.0f s\n", dir.c_str(),
                 t.games, static_cast<long long>(t.belief_rows), static_cast<long long>(t.pv_rows),
                 t.seconds);
  }
  return 0;
}
