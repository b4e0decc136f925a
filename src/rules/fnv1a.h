// FNV-1a, 64 bits (offset basis 14695981039346656037, prime 1099511628211): the one hash of the
// server's stable keys. Its values must never change: the PostgreSQL claim of a table is the
// advisory lock named by the hash of its id (store/pg_store.h), a static file's ETag is the hash
// of its bytes (server/api/static_files.cpp), and a belief map's seed is the hash of its game.
#pragma once

#include <cstdint>
#include <string_view>

namespace pg {

inline constexpr uint64_t kFnv1aOffsetBasis = 14695981039346656037ull;
inline constexpr uint64_t kFnv1aPrime = 1099511628211ull;

/// The hash of `bytes`, continuing `h` (the hash of the bytes before them) if given.
constexpr uint64_t fnv1a(std::string_view bytes, uint64_t h = kFnv1aOffsetBasis) {
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= kFnv1aPrime;
  }
  return h;
}

}  // namespace pg
