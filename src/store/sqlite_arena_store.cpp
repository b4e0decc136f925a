// SqliteArenaStore (sqlite_arena_store.h): the arenas in the SQLite file.
#include "store/sqlite_arena_store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/sqlite_guard.h"
#include "store/sqlite_sibling.h"

namespace pg {

namespace {

using sqlite::guarded;

constexpr int kFirstSchemaWithArenas = 7;

constexpr const char* kArenaColumns = "id, name, creator, created_at, starts_at, ends_at, setup";

/// Whether the arena player p.account_id is in an unfinished game of any arena.
constexpr const char* kInGame =
    "(EXISTS (SELECT 1 FROM arena_games g JOIN tables t ON t.id = g.table_id WHERE g.black = "
    "p.account_id AND t.finished_at IS NULL) OR EXISTS (SELECT 1 FROM arena_games g JOIN tables "
    "t ON t.id = g.table_id WHERE g.white = p.account_id AND t.finished_at IS NULL))";

StoredArena arenaAt(SQLite::Statement& q) {
  return StoredArena{q.getColumn(0).getString(), q.getColumn(1).getString(),
                     q.getColumn(2).getString(), q.getColumn(3).getInt64(),
                     q.getColumn(4).getInt64(),  q.getColumn(5).getInt64(),
                     q.getColumn(6).getString()};
}

}  // namespace

SqliteArenaStore::SqliteArenaStore(const std::string& path, Durability durability)
    : db_(sqlite::openSibling(
          path, {"the arenas", kFirstSchemaWithArenas, durability == Durability::Full, true})) {}

SqliteArenaStore::~SqliteArenaStore() = default;

void SqliteArenaStore::createArena(const StoredArena& a) {
  std::lock_guard lock(mutex_);
  guarded("creating an arena", [&] {
    SQLite::Statement q(*db_,
                        "INSERT INTO arenas (id, name, creator, created_at, starts_at, ends_at, "
                        "setup) VALUES (?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, a.id);
    q.bind(2, a.name);
    q.bind(3, a.creator);
    q.bind(4, static_cast<int64_t>(a.created_at));
    q.bind(5, static_cast<int64_t>(a.starts_at));
    q.bind(6, static_cast<int64_t>(a.ends_at));
    q.bind(7, a.setup);
    q.exec();
  });
}

std::optional<StoredArena> SqliteArenaStore::arena(const std::string& id) {
  std::lock_guard lock(mutex_);
  return guarded("reading an arena", [&]() -> std::optional<StoredArena> {
    SQLite::Statement q(*db_, std::string("SELECT ") + kArenaColumns + " FROM arenas WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return std::nullopt;
    return arenaAt(q);
  });
}

std::vector<StoredArena> SqliteArenaStore::arenas(int64_t ended_since, int limit) {
  std::lock_guard lock(mutex_);
  return guarded("listing the arenas", [&] {
    SQLite::Statement q(*db_, std::string("SELECT ") + kArenaColumns +
                                  " FROM arenas WHERE ends_at >= ? ORDER BY starts_at, id LIMIT ?");
    q.bind(1, static_cast<int64_t>(ended_since));
    q.bind(2, limit);
    std::vector<StoredArena> out;
    while (q.executeStep()) out.push_back(arenaAt(q));
    return out;
  });
}

int SqliteArenaStore::createdSince(const std::string& creator, int64_t since) {
  std::lock_guard lock(mutex_);
  return guarded("counting the arenas created", [&] {
    SQLite::Statement q(*db_, "SELECT count(*) FROM arenas WHERE creator = ? AND created_at >= ?");
    q.bind(1, creator);
    q.bind(2, static_cast<int64_t>(since));
    q.executeStep();
    return q.getColumn(0).getInt();
  });
}

void SqliteArenaStore::setPlayerState(const std::string& arena_id, const std::string& account_id,
                                      ArenaPlayerState state, int64_t at) {
  std::lock_guard lock(mutex_);
  guarded("setting an arena player's state", [&] {
    SQLite::Statement q(*db_,
                        "INSERT INTO arena_players (arena_id, account_id, joined_at, state, "
                        "seen_at) VALUES (?1, ?2, ?3, ?4, ?3) ON CONFLICT (arena_id, account_id) "
                        "DO UPDATE SET state = excluded.state, seen_at = excluded.seen_at");
    q.bind(1, arena_id);
    q.bind(2, account_id);
    q.bind(3, static_cast<int64_t>(at));
    q.bind(4, arenaPlayerStateName(state));
    q.exec();
  });
}

void SqliteArenaStore::markSeen(const std::string& arena_id, const std::string& account_id,
                                int64_t at) {
  std::lock_guard lock(mutex_);
  guarded("marking an arena player seen", [&] {
    SQLite::Statement q(*db_,
                        "UPDATE arena_players SET seen_at = ? WHERE arena_id = ? AND account_id = "
                        "? AND seen_at < ?");
    q.bind(1, static_cast<int64_t>(at));
    q.bind(2, arena_id);
    q.bind(3, account_id);
    q.bind(4, static_cast<int64_t>(at));
    q.exec();
  });
}

std::vector<ArenaPlayer> SqliteArenaStore::players(const std::string& arena_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading an arena's players", [&] {
    SQLite::Statement q(*db_,
                        "SELECT p.account_id, a.name, p.joined_at, p.state, p.seen_at FROM "
                        "arena_players p JOIN accounts a ON a.id = p.account_id WHERE p.arena_id "
                        "= ? ORDER BY p.joined_at, p.account_id");
    q.bind(1, arena_id);
    std::vector<ArenaPlayer> out;
    while (q.executeStep())
      out.push_back(ArenaPlayer{
          q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt64(),
          arenaPlayerStateFromName(q.getColumn(3).getString()).value_or(ArenaPlayerState::Left),
          q.getColumn(4).getInt64()});
    return out;
  });
}

std::vector<ArenaGame> SqliteArenaStore::games(const std::string& arena_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading an arena's games", [&] {
    SQLite::Statement q(*db_,
                        "SELECT g.table_id, g.black, g.white, g.paired_at, t.finished_at, "
                        "t.result FROM arena_games g JOIN tables t ON t.id = g.table_id WHERE "
                        "g.arena_id = ? ORDER BY t.finished_at IS NULL, t.finished_at, "
                        "g.paired_at, g.table_id");
    q.bind(1, arena_id);
    std::vector<ArenaGame> out;
    while (q.executeStep()) {
      ArenaGame g{q.getColumn(0).getString(),
                  q.getColumn(1).getString(),
                  q.getColumn(2).getString(),
                  q.getColumn(3).getInt64(),
                  std::nullopt,
                  q.getColumn(5).getString()};
      if (!q.getColumn(4).isNull()) g.finished_at = q.getColumn(4).getInt64();
      out.push_back(std::move(g));
    }
    return out;
  });
}

std::vector<std::string> SqliteArenaStore::playersInGames(const std::string& arena_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading an arena's players in games", [&] {
    SQLite::Statement q(*db_, std::string("SELECT p.account_id FROM arena_players p WHERE ") +
                                  "p.arena_id = ? AND " + kInGame + " ORDER BY p.account_id");
    q.bind(1, arena_id);
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
  });
}

}  // namespace pg
