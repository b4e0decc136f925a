#include "server/node/tokens.h"

#include <sys/random.h>

#include <cerrno>
#include <cstdint>
#include <stdexcept>

namespace pg {

namespace {
constexpr std::string_view kBase64Url =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::string_view kBase32 = "abcdefghijklmnopqrstuvwxyz234567";
constexpr std::size_t kTableIdLength = 12;
}  // namespace

void secureRandom(void* buf, std::size_t n) {
  auto* p = static_cast<unsigned char*>(buf);
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    p += got;
    n -= static_cast<std::size_t>(got);
  }
}

std::string newSeatToken() {
  unsigned char bytes[24];
  secureRandom(bytes, sizeof bytes);
  std::string out;
  for (std::size_t i = 0; i < sizeof bytes; i += 3) {
    const uint32_t v = (uint32_t{bytes[i]} << 16) | (uint32_t{bytes[i + 1]} << 8) | bytes[i + 2];
    for (int k = 3; k >= 0; --k) out += kBase64Url[(v >> (6 * k)) & 63];
  }
  return out;
}

std::string newTableId() {
  unsigned char bytes[kTableIdLength];
  secureRandom(bytes, sizeof bytes);
  std::string out;
  for (unsigned char b : bytes) out += kBase32[b & 31];
  return out;
}

bool isTableId(std::string_view s) {
  if (s.size() != kTableIdLength) return false;
  for (char c : s)
    if (kBase32.find(c) == std::string_view::npos) return false;
  return true;
}

bool constantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace pg
