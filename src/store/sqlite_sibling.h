// The connection of a store that shares the tables' SQLite file (the lobby, the creation counts,
// the accounts, the ratings): opened after SqliteStore made the schema, on a connection of its
// own, with the same busy wait. Internal to the store module.
#pragma once

#include <SQLiteCpp/Database.h>

#include <memory>
#include <string>

namespace pg::sqlite {

/// How a sibling store opens its connection.
struct Sibling {
  const char* what;   ///< what it keeps, for errors ("the ratings")
  int first_version;  ///< the schema version that made its tables
  bool full_sync;     ///< PRAGMA synchronous=FULL, else NORMAL
  bool foreign_keys;  ///< PRAGMA foreign_keys=ON
};

/// Opens the file at `path` for the store `s`. Throws StoreError when it cannot be opened, or
/// when its schema is older than s.first_version ("..., without <what>: open it as a
/// SqliteStore first").
std::unique_ptr<SQLite::Database> openSibling(const std::string& path, const Sibling& s);

}  // namespace pg::sqlite
