// The networks' inputs and labels (issue #40, docs/networks.md section 3): the one definition,
// used by the data generator (tools/train) and at play. Spatial planes are uint8, the value u8 /
// 255 (binary planes 0 or 255), laid out [plane][y][x], point p = y * size + x; globals are
// floats.
//   belief-v1: one player's View (what it was told, nothing else) and the story belief's
//     occupancy; labels from the real board.
//   board-v1: a whole Board and the side to move (a position of the search, or the real board).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "referee/view.h"
#include "rules/board.h"
#include "rules/rules.h"

namespace pg {

inline constexpr int kBeliefPlanes = 20;
inline constexpr int kBeliefGlobals = 8;
inline constexpr int kBeliefLabels = 3;
inline constexpr int kBoardPlanes = 12;
inline constexpr int kBoardGlobals = 4;
inline constexpr int kBoardLegalPlane = 11;  // board-v1: the moves legal for the side to move
inline constexpr std::string_view kBeliefFeatures = "belief-v1";
inline constexpr std::string_view kBoardFeatures = "board-v1";

/// belief-v1 of view.self()'s view. `story_occupancy` (index = point, 0..1, or empty for
/// zeros) is the story belief's share of boards with a hidden stone at each point (plane 17).
/// Reads nothing but the view. Precondition: view.self() is Black or White.
/// planes: [kBeliefPlanes * N], globals: [kBeliefGlobals], N = view.rules().numPoints().
void encodeBeliefInput(const View& view, const std::vector<float>& story_occupancy, uint8_t* planes,
                       float* globals);

/// The belief's labels (0/1), [kBeliefLabels * N]: [0] a hidden opponent stone (the real board
/// holds view.self()'s opponent where the view is empty); [1] opponent stones at p and at its
/// east neighbour (x + 1; none on the last column of a plain board, wrapped on a torus);
/// [2] the same with the south neighbour (y + 1). `real` is the real board of the view's game.
void encodeBeliefLabels(const View& view, const Board& real, uint8_t* labels);

/// board-v1 of `board` with `to_move` on turn. No allocation: it may run in a search.
/// `opponent_passed`: the opponent passed last (a pass by to_move would end the game).
/// planes: [kBoardPlanes * N], globals: [kBoardGlobals], N = board.numPoints().
void encodeBoardInput(const Board& board, Color to_move, const Rules& rules, bool opponent_passed,
                      uint8_t* planes, float* globals);

}  // namespace pg
