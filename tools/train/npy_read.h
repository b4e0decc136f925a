// A reader of the .npy files of the reference cases (tools/train/make_reference.py): format
// 1.0, little-endian float32 ('<f4'), C order. Nothing else.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace pg::train {

struct NpyArray {
  std::vector<std::size_t> shape;
  std::vector<float> data;  ///< row-major, the product of `shape` values
};

/// Reads `path`; on failure returns nothing and says why in `error`.
std::optional<NpyArray> readNpyF32(const std::string& path, std::string* error);

}  // namespace pg::train
