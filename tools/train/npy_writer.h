// One NumPy .npy file (format 1.0, C order, little-endian) written row by row, when the number
// of rows is not known in advance: the header is a fixed 128 bytes, written first with a count
// of 0 and rewritten with the real count by close().
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace pg::train {

class NpyWriter {
 public:
  /// Creates `path`. `dtype` is a NumPy descr ("|u1", "<f4", "<i2", "<i4"), `item_size` its size
  /// in bytes, `row_shape` the shape of one row (empty for a 1-D array). Throws
  /// std::runtime_error if the file cannot be written.
  NpyWriter(std::string path, std::string dtype, int item_size, std::vector<int> row_shape);
  ~NpyWriter();
  NpyWriter(const NpyWriter&) = delete;
  NpyWriter& operator=(const NpyWriter&) = delete;

  /// Appends `rows` rows from `data` (rows * rowItems() items).
  void append(const void* data, int64_t rows);
  /// Items in one row.
  int64_t rowItems() const { return row_items_; }
  int64_t rows() const { return rows_; }
  /// Writes the header with the final count and closes the file (also done by the destructor).
  void close();

  /// The 128-byte header of an array of `rows` rows.
  static std::string header(const std::string& dtype, int64_t rows,
                            const std::vector<int>& row_shape);

 private:
  std::string path_;
  std::string dtype_;
  int item_size_;
  std::vector<int> row_shape_;
  int64_t row_items_ = 1;
  int64_t rows_ = 0;
  std::FILE* file_ = nullptr;
};

}  // namespace pg::train
