#include "npy_read.h"

#include <bit>
#include <cstring>
#include <fstream>

namespace pg::train {

static_assert(std::endian::native == std::endian::little);

namespace {

std::optional<NpyArray> fail(std::string* error, const std::string& path, const std::string& why) {
  if (error) *error = path + ": " + why;
  return std::nullopt;
}

// The value of 'key' in the header dict, up to the next ',' outside parentheses.
std::string field(const std::string& header, const std::string& key) {
  const std::size_t at = header.find("'" + key + "'");
  if (at == std::string::npos) return "";
  std::size_t i = header.find(':', at);
  if (i == std::string::npos) return "";
  ++i;
  int depth = 0;
  std::string out;
  for (; i < header.size(); ++i) {
    const char c = header[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if ((c == ',' || c == '}') && depth == 0) break;
    out += c;
    if (depth < 0) break;
  }
  const std::size_t b = out.find_first_not_of(' ');
  const std::size_t e = out.find_last_not_of(' ');
  return b == std::string::npos ? "" : out.substr(b, e - b + 1);
}

}  // namespace

std::optional<NpyArray> readNpyF32(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(error, path, "cannot open");
  char pre[10];
  if (!in.read(pre, 10)) return fail(error, path, "too short for a .npy file");
  if (std::memcmp(pre, "\x93NUMPY", 6) != 0) return fail(error, path, "not a .npy file");
  if (pre[6] != 1 || pre[7] != 0) return fail(error, path, "not format version 1.0");
  const std::size_t len = static_cast<unsigned char>(pre[8]) |
                          (static_cast<std::size_t>(static_cast<unsigned char>(pre[9])) << 8);
  std::string header(len, '\0');
  if (!in.read(header.data(), static_cast<std::streamsize>(len)))
    return fail(error, path, "truncated header");
  if (field(header, "descr") != "'<f4'") return fail(error, path, "not '<f4' (float32)");
  if (field(header, "fortran_order") != "False") return fail(error, path, "not C order");
  const std::string shape = field(header, "shape");
  if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')')
    return fail(error, path, "bad shape " + shape);
  NpyArray a;
  std::size_t count = 1;
  std::size_t i = 1;
  while (i + 1 < shape.size()) {
    while (i + 1 < shape.size() && (shape[i] == ' ' || shape[i] == ',')) ++i;
    if (i + 1 >= shape.size()) break;
    std::size_t v = 0;
    bool digits = false;
    while (i + 1 < shape.size() && shape[i] >= '0' && shape[i] <= '9') {
      v = v * 10 + static_cast<std::size_t>(shape[i] - '0');
      digits = true;
      ++i;
    }
    if (!digits) return fail(error, path, "bad shape " + shape);
    a.shape.push_back(v);
    count *= v;
  }
  a.data.resize(count);
  if (count > 0 && !in.read(reinterpret_cast<char*>(a.data.data()),
                            static_cast<std::streamsize>(count * sizeof(float))))
    return fail(error, path, "truncated data: expected " + std::to_string(count) + " floats");
  if (in.peek() != std::char_traits<char>::eof()) return fail(error, path, "bytes after the data");
  return a;
}

}  // namespace pg::train
