// The .pgnn weights file (docs/networks.md section 2): a five-line text header, then little-endian
// float32 arrays in a fixed order and nothing after them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pg::nn {

enum class Kind { Belief, Pv };

/// "belief" or "pv".
const char* kindName(Kind kind);

/// The shape of a network (docs/networks.md section 1). Cin = spatial + globals.
struct Shape {
  int spatial = 0;  ///< Cs
  int globals = 0;  ///< G
  int filters = 0;  ///< F
  int blocks = 0;   ///< B
  int maps = 0;     ///< M
  int hidden = 0;   ///< Hd (the scalar head's hidden width; unused when scalars == 0)
  int scalars = 0;  ///< S

  int inputs() const { return spatial + globals; }
  /// How many floats the arrays after the header hold.
  std::size_t floatCount() const;
};

/// The shape the contract gives a kind with the default tower: belief (Cs 20, G 8, M 3, S 0)
/// and pv (Cs 12, G 4, M 1, S 2), Hd = F.
Shape defaultShape(Kind kind, int filters, int blocks);

/// One file, parsed. `weights` holds the arrays in the file's order.
struct NetworkFile {
  Kind kind = Kind::Belief;
  std::string features;
  Shape shape;
  std::vector<float> weights;
};

/// Parses and checks the bytes of a file. On failure returns nothing and, when `error` is
/// given, says why: wrong magic, unsupported version, unknown kind, bad numbers, a kind whose
/// maps or scalars are not the contract's, wrong size (with the expected and actual byte counts).
std::optional<NetworkFile> parseNetworkFile(std::string_view bytes, std::string* error);

/// Reads `path` and parses it; the error names the path.
std::optional<NetworkFile> readNetworkFile(const std::string& path, std::string* error);

/// The file's bytes: the header (docs/networks.md section 2) then the arrays.
std::string serializeNetworkFile(const NetworkFile& file);

/// Whether `shape` is a valid one for `kind`; if not, `error` says why.
bool checkShape(Kind kind, const Shape& shape, std::string* error);

}  // namespace pg::nn
