// A run of the generator for one board size: the games played in `jobs` threads and written in
// the order of their index, so that the files are the same bytes for a seed whatever `jobs` is.
#pragma once

#include <cstdint>
#include <string>

#include "game_record.h"

namespace pg::train {

struct RunTotals {
  int games = 0;
  int64_t belief_rows = 0;
  int64_t pv_rows = 0;
  int black_wins = 0;
  int white_wins = 0;
  double seconds = 0;
};

/// Plays `games` games of `cfg` and writes the .npy files into `dir` (created if missing; no
/// meta.json). `progress`: print a line to stderr every ~10 games.
RunTotals generate(const GenConfig& cfg, int games, int jobs, const std::string& dir,
                   bool progress);

}  // namespace pg::train
