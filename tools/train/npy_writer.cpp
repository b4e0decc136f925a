#include "npy_writer.h"

#include <stdexcept>

namespace pg::train {

namespace {

constexpr size_t kHeaderSize = 128;  // a multiple of 64, room for any shape we write

}  // namespace

NpyWriter::NpyWriter(std::string path, std::string dtype, int item_size, std::vector<int> row_shape)
    : path_(std::move(path)),
      dtype_(std::move(dtype)),
      item_size_(item_size),
      row_shape_(std::move(row_shape)) {
  for (int d : row_shape_) row_items_ *= d;
  file_ = std::fopen(path_.c_str(), "wb");
  if (!file_) throw std::runtime_error("cannot create " + path_);
  const std::string h = header(dtype_, 0, row_shape_);
  if (std::fwrite(h.data(), 1, h.size(), file_) != h.size())
    throw std::runtime_error("cannot write " + path_);
}

NpyWriter::~NpyWriter() {
  try {
    close();
  } catch (const std::exception&) {  // NOLINT(bugprone-empty-catch): close() was not called
  }
}

void NpyWriter::append(const void* data, int64_t rows) {
  if (rows <= 0) return;
  const size_t bytes = static_cast<size_t>(rows * row_items_ * item_size_);
  if (std::fwrite(data, 1, bytes, file_) != bytes)
    throw std::runtime_error("cannot write " + path_);
  rows_ += rows;
}

void NpyWriter::close() {
  if (!file_) return;
  std::FILE* f = file_;
  file_ = nullptr;
  const std::string h = header(dtype_, rows_, row_shape_);
  const bool ok =
      std::fseek(f, 0, SEEK_SET) == 0 && std::fwrite(h.data(), 1, h.size(), f) == h.size();
  if (std::fclose(f) != 0 || !ok) throw std::runtime_error("cannot finish " + path_);
}

std::string NpyWriter::header(const std::string& dtype, int64_t rows,
                              const std::vector<int>& row_shape) {
  std::string shape = "(" + std::to_string(rows) + ",";
  for (size_t i = 0; i < row_shape.size(); ++i)
    shape += (i ? ", " : " ") + std::to_string(row_shape[i]);
  shape += ")";
  std::string dict = "{'descr': '" + dtype + "', 'fortran_order': False, 'shape': " + shape + ", }";
  const size_t prefix = 10;  // magic (6), version (2), header length (2)
  if (prefix + dict.size() + 1 > kHeaderSize) throw std::runtime_error("npy header too long");
  dict.append(kHeaderSize - prefix - dict.size() - 1, ' ');
  dict += '\n';
  std::string h = "\x93NUMPY";
  h += '\x01';
  h += '\x00';
  const size_t len = dict.size();
  h += static_cast<char>(len & 0xFF);
  h += static_cast<char>((len >> 8) & 0xFF);
  return h + dict;
}

}  // namespace pg::train
