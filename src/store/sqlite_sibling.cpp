#include "store/sqlite_sibling.h"

#include "store/sqlite_guard.h"

namespace pg::sqlite {

std::unique_ptr<SQLite::Database> openSibling(const std::string& path, const Sibling& s) {
  return guarded((std::string("opening ") + s.what).c_str(), [&] {
    auto db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE);
    db->setBusyTimeout(5000);
    db->exec(s.full_sync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    if (s.foreign_keys) db->exec("PRAGMA foreign_keys=ON");
    const int version = db->execAndGet("PRAGMA user_version").getInt();
    if (version < s.first_version)
      throw StoreError("the database has schema version " + std::to_string(version) + ", without " +
                       s.what + ": open it as a SqliteStore first");
    return db;
  });
}

}  // namespace pg::sqlite
