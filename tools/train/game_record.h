// One self-play game through the real Referee, recorded as the networks' samples
// (docs/networks.md sections 3 and 4): a belief sample at every try of either player (its view
// and the story belief; labels from the real board), and a pv sample once a turn (the real board
// before the turn, the move that ended it, the game's result for the side to move).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "referee/event.h"
#include "rules/rules.h"

namespace pg::train {

struct GenConfig {
  Rules rules;                                      ///< size, komi, handicap, Atari Go, torus
  std::vector<std::string> bots{"advanced", "v2"};  ///< each side drawn from these per game
  int playouts = 2000;                              ///< each try's budget (one thread, never timed)
  int particles = 256;                              ///< the story belief's boards (plane 17)
  double model_power = 2.0;                         ///< the story's opponent model, sharpened
  uint64_t seed = 1;
};

/// The samples of one game, row after row, as the .npy files hold them.
struct GameSamples {
  int game = 0;
  std::string black, white;  ///< the bots
  int belief_rows = 0;
  std::vector<uint8_t> belief_x;  ///< [rows][20][N]
  std::vector<float> belief_g;    ///< [rows][8]
  std::vector<uint8_t> belief_y;  ///< [rows][3][N]
  int pv_rows = 0;
  std::vector<uint8_t> pv_x;     ///< [rows][12][N]
  std::vector<float> pv_g;       ///< [rows][4]
  std::vector<int16_t> pv_move;  ///< 0..N-1 a point, N a pass
  std::vector<float> pv_value;   ///< 1 won, 0 lost, 0.5 draw (for the side to move)
  Color winner = Color::Empty;
  std::vector<Event> log;  ///< the referee's log: the game, for a replay
};

/// The seed of game `game` of a run with `seed`.
uint64_t gameSeed(uint64_t seed, int game);

/// Plays game `game` of the run: the same config and index always give the same samples.
/// Throws std::invalid_argument for an unknown bot.
GameSamples playGame(const GenConfig& cfg, int game);

}  // namespace pg::train
