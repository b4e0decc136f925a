#include "nn/network_file.h"

#include <bit>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

namespace pg::nn {

static_assert(std::endian::native == std::endian::little,
              "the .pgnn arrays are little-endian float32, read as they are");
static_assert(sizeof(float) == 4);

namespace {

constexpr int kHeaderLines = 5;
// The limits of a sane file; a number beyond them is refused as a bad number.
constexpr int kMaxChannels = 4096;
constexpr int kMaxBlocks = 256;

bool fail(std::string* error, const std::string& message) {
  if (error) *error = message;
  return false;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parseInt(std::string_view s, int* out) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, *out);
  return ec == std::errc() && ptr == end;
}

}  // namespace

const char* kindName(Kind kind) {
  return kind == Kind::Belief ? "belief" : "pv";
}

std::size_t Shape::floatCount() const {
  const auto f = static_cast<std::size_t>(filters);
  std::size_t n = f * static_cast<std::size_t>(inputs()) * 9 + f;
  n += static_cast<std::size_t>(blocks) * 2 * (f * f * 9 + f);
  n += static_cast<std::size_t>(maps) * f + static_cast<std::size_t>(maps);
  if (scalars > 0) {
    const auto h = static_cast<std::size_t>(hidden);
    const auto s = static_cast<std::size_t>(scalars);
    n += h * f + h + s * h + s;
  }
  return n;
}

Shape defaultShape(Kind kind, int filters, int blocks) {
  Shape s;
  s.filters = filters;
  s.blocks = blocks;
  s.hidden = filters;
  if (kind == Kind::Belief) {
    s.spatial = 20;
    s.globals = 8;
    s.maps = 3;
    s.scalars = 0;
  } else {
    s.spatial = 12;
    s.globals = 4;
    s.maps = 1;
    s.scalars = 2;
  }
  return s;
}

bool checkShape(Kind kind, const Shape& s, std::string* error) {
  auto in = [](int v, int lo, int hi) { return v >= lo && v <= hi; };
  if (!in(s.spatial, 1, kMaxChannels) || !in(s.globals, 0, kMaxChannels) ||
      !in(s.filters, 1, kMaxChannels) || !in(s.blocks, 0, kMaxBlocks) ||
      !in(s.maps, 1, kMaxChannels) || !in(s.hidden, 0, kMaxChannels) ||
      !in(s.scalars, 0, kMaxChannels) || (s.scalars > 0 && s.hidden < 1))
    return fail(error, "bad numbers: spatial " + std::to_string(s.spatial) + " globals " +
                           std::to_string(s.globals) + " filters " + std::to_string(s.filters) +
                           " blocks " + std::to_string(s.blocks) + " maps " +
                           std::to_string(s.maps) + " hidden " + std::to_string(s.hidden) +
                           " scalars " + std::to_string(s.scalars) + " (out of range)");
  const int wantMaps = kind == Kind::Belief ? 3 : 1;
  const int wantScalars = kind == Kind::Belief ? 0 : 2;
  if (s.maps != wantMaps || s.scalars != wantScalars)
    return fail(error, std::string("bad numbers: kind ") + kindName(kind) + " has maps " +
                           std::to_string(wantMaps) + " scalars " + std::to_string(wantScalars) +
                           ", the file says maps " + std::to_string(s.maps) + " scalars " +
                           std::to_string(s.scalars));
  return true;
}

std::optional<NetworkFile> parseNetworkFile(std::string_view bytes, std::string* error) {
  std::string_view lines[kHeaderLines];
  std::size_t pos = 0;
  for (int i = 0; i < kHeaderLines; ++i) {
    const std::size_t nl = bytes.find('\n', pos);
    if (nl == std::string_view::npos || nl - pos > 1024) {
      if (i == 0 && bytes.substr(0, 5) != "PGNN ") {
        fail(error, "wrong magic: not a .pgnn file (it does not start with \"PGNN \")");
        return std::nullopt;
      }
      fail(error, "truncated header: " + std::to_string(i) + " of " + std::to_string(kHeaderLines) +
                      " lines");
      return std::nullopt;
    }
    lines[i] = bytes.substr(pos, nl - pos);
    pos = nl + 1;
  }
  const std::size_t headerBytes = pos;

  const auto magic = words(lines[0]);
  if (magic.size() != 2 || magic[0] != "PGNN" || lines[0].substr(0, 5) != "PGNN ") {
    fail(error, "wrong magic: not a .pgnn file (first line \"" + std::string(lines[0]) +
                    "\", expected \"PGNN 1\")");
    return std::nullopt;
  }
  if (magic[1] != "1") {
    fail(error, "unsupported version " + std::string(magic[1]) + " (this reader knows 1)");
    return std::nullopt;
  }

  NetworkFile file;
  const auto kind = words(lines[1]);
  if (kind.size() != 2 || kind[0] != "kind") {
    fail(error, "bad header: second line \"" + std::string(lines[1]) +
                    "\", expected \"kind belief\" or \"kind pv\"");
    return std::nullopt;
  }
  if (kind[1] == "belief") {
    file.kind = Kind::Belief;
  } else if (kind[1] == "pv") {
    file.kind = Kind::Pv;
  } else {
    fail(error, "unknown kind \"" + std::string(kind[1]) + "\" (belief or pv)");
    return std::nullopt;
  }

  const auto nums = words(lines[2]);
  static constexpr const char* kKeys[] = {"spatial", "globals", "filters", "blocks",
                                          "maps",    "hidden",  "scalars"};
  int* fields[] = {&file.shape.spatial, &file.shape.globals, &file.shape.filters,
                   &file.shape.blocks,  &file.shape.maps,    &file.shape.hidden,
                   &file.shape.scalars};
  if (nums.size() != 14) {
    fail(error, "bad numbers: third line \"" + std::string(lines[2]) +
                    "\", expected \"spatial N globals N filters N blocks N maps N hidden N "
                    "scalars N\"");
    return std::nullopt;
  }
  for (int i = 0; i < 7; ++i) {
    if (nums[2 * i] != kKeys[i] || !parseInt(nums[2 * i + 1], fields[i])) {
      fail(error, "bad numbers: third line \"" + std::string(lines[2]) + "\": expected \"" +
                      kKeys[i] + " N\" at word " + std::to_string(2 * i + 1));
      return std::nullopt;
    }
  }
  if (!checkShape(file.kind, file.shape, error)) return std::nullopt;

  const auto feat = words(lines[3]);
  if (feat.size() != 2 || feat[0] != "features") {
    fail(error,
         "bad header: fourth line \"" + std::string(lines[3]) + "\", expected \"features NAME\"");
    return std::nullopt;
  }
  file.features = std::string(feat[1]);
  if (lines[4] != "end") {
    fail(error, "bad header: fifth line \"" + std::string(lines[4]) + "\", expected \"end\"");
    return std::nullopt;
  }

  const std::size_t floats = file.shape.floatCount();
  const std::size_t expected = headerBytes + floats * sizeof(float);
  if (bytes.size() != expected) {
    fail(error, "wrong size: expected " + std::to_string(expected) + " bytes (header " +
                    std::to_string(headerBytes) + " + " + std::to_string(floats) +
                    " float32), got " + std::to_string(bytes.size()) + " bytes");
    return std::nullopt;
  }
  file.weights.resize(floats);
  if (floats > 0) std::memcpy(file.weights.data(), bytes.data() + headerBytes, floats * 4);
  return file;
}

std::optional<NetworkFile> readNetworkFile(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    fail(error, path + ": cannot open");
    return std::nullopt;
  }
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  std::string bytes(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
  if (size < 0 || !in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
    fail(error, path + ": read error");
    return std::nullopt;
  }
  std::string why;
  auto file = parseNetworkFile(bytes, &why);
  if (!file) fail(error, path + ": " + why);
  return file;
}

std::string serializeNetworkFile(const NetworkFile& file) {
  const Shape& s = file.shape;
  std::ostringstream head;
  head << "PGNN 1\nkind " << kindName(file.kind) << "\nspatial " << s.spatial << " globals "
       << s.globals << " filters " << s.filters << " blocks " << s.blocks << " maps " << s.maps
       << " hidden " << s.hidden << " scalars " << s.scalars << "\nfeatures " << file.features
       << "\nend\n";
  std::string out = head.str();
  const std::size_t at = out.size();
  out.resize(at + file.weights.size() * sizeof(float));
  if (!file.weights.empty())
    std::memcpy(out.data() + at, file.weights.data(), file.weights.size() * sizeof(float));
  return out;
}

}  // namespace pg::nn
