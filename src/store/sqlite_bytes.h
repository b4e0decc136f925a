// A byte string as an SQLite statement's BLOB parameter. Internal to the store module.
#pragma once

#include <SQLiteCpp/Statement.h>

#include <cstdint>
#include <vector>

namespace pg::sqlite {

/// Binds `bytes` to parameter `index` of `q` as a BLOB; an empty one is a BLOB of length zero,
/// not NULL (SQLite reads a null pointer as NULL).
inline void bindBytes(SQLite::Statement& q, int index, const std::vector<uint8_t>& bytes) {
  static const uint8_t kNothing = 0;
  q.bind(index, bytes.empty() ? static_cast<const void*>(&kNothing) : bytes.data(),
         static_cast<int>(bytes.size()));
}

}  // namespace pg::sqlite
