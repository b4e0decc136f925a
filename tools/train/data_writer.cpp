#include "data_writer.h"

#include <vector>

#include "ai/net_features.h"

namespace pg::train {

DataWriter::DataWriter(const std::string& dir, int size) {
  auto file = [&](const char* name, const char* dtype, int item, std::vector<int> shape) {
    return std::make_unique<NpyWriter>(dir + "/" + name, dtype, item, std::move(shape));
  };
  belief_x_ = file("belief_x.npy", "|u1", 1, {kBeliefPlanes, size, size});
  belief_g_ = file("belief_g.npy", "<f4", 4, {kBeliefGlobals});
  belief_y_ = file("belief_y.npy", "|u1", 1, {kBeliefLabels, size, size});
  belief_game_ = file("belief_game.npy", "<i4", 4, {});
  pv_x_ = file("pv_x.npy", "|u1", 1, {kBoardPlanes, size, size});
  pv_g_ = file("pv_g.npy", "<f4", 4, {kBoardGlobals});
  pv_move_ = file("pv_move.npy", "<i2", 2, {});
  pv_value_ = file("pv_value.npy", "<f4", 4, {});
  pv_game_ = file("pv_game.npy", "<i4", 4, {});
}

void DataWriter::append(const GameSamples& g) {
  belief_x_->append(g.belief_x.data(), g.belief_rows);
  belief_g_->append(g.belief_g.data(), g.belief_rows);
  belief_y_->append(g.belief_y.data(), g.belief_rows);
  const std::vector<int32_t> bgame(static_cast<size_t>(g.belief_rows), g.game);
  belief_game_->append(bgame.data(), g.belief_rows);
  pv_x_->append(g.pv_x.data(), g.pv_rows);
  pv_g_->append(g.pv_g.data(), g.pv_rows);
  pv_move_->append(g.pv_move.data(), g.pv_rows);
  pv_value_->append(g.pv_value.data(), g.pv_rows);
  const std::vector<int32_t> pgame(static_cast<size_t>(g.pv_rows), g.game);
  pv_game_->append(pgame.data(), g.pv_rows);
}

void DataWriter::close() {
  for (auto* w : {&belief_x_, &belief_g_, &belief_y_, &belief_game_, &pv_x_, &pv_g_, &pv_move_,
                  &pv_value_, &pv_game_})
    (*w)->close();
}

}  // namespace pg::train
