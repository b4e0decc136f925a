// The .npy files of one board size (docs/networks.md section 4), filled game after game.
#pragma once

#include <memory>
#include <string>

#include "game_record.h"
#include "npy_writer.h"

namespace pg::train {

class DataWriter {
 public:
  /// Creates the files in `dir` (which must exist) for boards of `size` x `size`.
  DataWriter(const std::string& dir, int size);
  /// Appends a game's rows; the games come in the order of their index.
  void append(const GameSamples& game);
  int64_t beliefRows() const { return belief_x_->rows(); }
  int64_t pvRows() const { return pv_x_->rows(); }
  /// Finishes every file.
  void close();

 private:
  std::unique_ptr<NpyWriter> belief_x_, belief_g_, belief_y_, belief_game_;
  std::unique_ptr<NpyWriter> pv_x_, pv_g_, pv_move_, pv_value_, pv_game_;
};

}  // namespace pg::train
