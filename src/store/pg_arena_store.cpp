// PgArenaStore (pg_arena_store.h): the arenas in the PostgreSQL database.
#include "store/pg_arena_store.h"

#include "store/pg_migrations.h"

namespace pg {

namespace {

constexpr int kFirstSchemaWithArenas = 8;

constexpr const char* kArenaColumns = "id, name, creator, created_at, starts_at, ends_at, setup";

std::vector<StoredArena> arenasAt(const pq::Result& r) {
  std::vector<StoredArena> out;
  const PGresult* q = r.get();
  for (int row = 0; row < PQntuples(q); ++row)
    out.push_back(StoredArena{pq::text(q, row, 0), pq::text(q, row, 1), pq::text(q, row, 2),
                              pq::int64At(q, row, 3), pq::int64At(q, row, 4),
                              pq::int64At(q, row, 5), pq::text(q, row, 6)});
  return out;
}

}  // namespace

PgArenaStore::PgArenaStore(const std::string& conninfo) : db_(conninfo) {
  db_.run("reading the schema version",
          [](pq::Connection& c) { pq::requireSchema(c, kFirstSchemaWithArenas, "the arenas"); });
}

PgArenaStore::~PgArenaStore() = default;

void PgArenaStore::createArena(const StoredArena& a) {
  db_.run("creating an arena", [&](pq::Connection& db) {
    db.execPrepared("creating an arena", "arena_create",
                    "INSERT INTO arenas (id, name, creator, created_at, starts_at, ends_at, setup) "
                    "VALUES ($1, $2, $3, $4::bigint, $5::bigint, $6::bigint, $7)",
                    {a.id, a.name, a.creator, std::to_string(a.created_at),
                     std::to_string(a.starts_at), std::to_string(a.ends_at), a.setup});
  });
}

std::optional<StoredArena> PgArenaStore::arena(const std::string& id) {
  return db_.run("reading an arena", [&](pq::Connection& db) -> std::optional<StoredArena> {
    const pq::Result r = db.execPrepared(
        "reading an arena", "arena_one",
        std::string("SELECT ") + kArenaColumns + " FROM arenas WHERE id = $1", {id});
    auto all = arenasAt(r);
    if (all.empty()) return std::nullopt;
    return all.front();
  });
}

std::vector<StoredArena> PgArenaStore::arenas(int64_t ended_since, int limit) {
  return db_.run("listing the arenas", [&](pq::Connection& db) {
    // COLLATE "C": ids in byte order, as SQLite orders them.
    return arenasAt(db.execPrepared(
        "listing the arenas", "arena_list",
        std::string("SELECT ") + kArenaColumns +
            " FROM arenas WHERE ends_at >= $1::bigint ORDER BY starts_at, id COLLATE \"C\" LIMIT "
            "$2::int",
        {std::to_string(ended_since), std::to_string(limit)}));
  });
}

int PgArenaStore::createdSince(const std::string& creator, int64_t since) {
  return db_.run("counting the arenas created", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "counting the arenas created", "arena_created_since",
        "SELECT count(*) FROM arenas WHERE creator = $1 AND created_at >= $2::bigint",
        {creator, std::to_string(since)});
    return static_cast<int>(pq::int64At(r.get(), 0, 0));
  });
}

void PgArenaStore::setPlayerState(const std::string& arena_id, const std::string& account_id,
                                  ArenaPlayerState state, int64_t at) {
  db_.run("setting an arena player's state", [&](pq::Connection& db) {
    db.execPrepared(
        "setting an arena player's state", "arena_player_state",
        "INSERT INTO arena_players (arena_id, account_id, joined_at, state, seen_at) "
        "VALUES ($1, $2, $3::bigint, $4, $3::bigint) ON CONFLICT (arena_id, "
        "account_id) DO UPDATE SET state = excluded.state, seen_at = excluded.seen_at",
        {arena_id, account_id, std::to_string(at), std::string(arenaPlayerStateName(state))});
  });
}

void PgArenaStore::markSeen(const std::string& arena_id, const std::string& account_id,
                            int64_t at) {
  db_.run("marking an arena player seen", [&](pq::Connection& db) {
    db.execPrepared("marking an arena player seen", "arena_player_seen",
                    "UPDATE arena_players SET seen_at = $3::bigint WHERE arena_id = $1 AND "
                    "account_id = $2 AND seen_at < $3::bigint",
                    {arena_id, account_id, std::to_string(at)});
  });
}

std::vector<ArenaPlayer> PgArenaStore::players(const std::string& arena_id) {
  return db_.run("reading an arena's players", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "reading an arena's players", "arena_players",
        "SELECT p.account_id, a.name, p.joined_at, p.state, p.seen_at FROM arena_players p JOIN "
        "accounts a ON a.id = p.account_id WHERE p.arena_id = $1 ORDER BY p.joined_at, "
        "p.account_id COLLATE \"C\"",
        {arena_id});
    std::vector<ArenaPlayer> out;
    const PGresult* q = r.get();
    for (int row = 0; row < PQntuples(q); ++row)
      out.push_back(ArenaPlayer{
          pq::text(q, row, 0), pq::text(q, row, 1), pq::int64At(q, row, 2),
          arenaPlayerStateFromName(pq::text(q, row, 3)).value_or(ArenaPlayerState::Left),
          pq::int64At(q, row, 4)});
    return out;
  });
}

std::vector<ArenaGame> PgArenaStore::games(const std::string& arena_id) {
  return db_.run("reading an arena's games", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "reading an arena's games", "arena_games",
        "SELECT g.table_id, g.black, g.white, g.paired_at, t.finished_at, t.result FROM "
        "arena_games g JOIN tables t ON t.id = g.table_id WHERE g.arena_id = $1 ORDER BY "
        "t.finished_at IS NULL, t.finished_at, g.paired_at, g.table_id COLLATE \"C\"",
        {arena_id});
    std::vector<ArenaGame> out;
    const PGresult* q = r.get();
    for (int row = 0; row < PQntuples(q); ++row)
      out.push_back(ArenaGame{pq::text(q, row, 0), pq::text(q, row, 1), pq::text(q, row, 2),
                              pq::int64At(q, row, 3), pq::optionalInt(q, row, 4),
                              pq::text(q, row, 5)});
    return out;
  });
}

std::vector<std::string> PgArenaStore::playersInGames(const std::string& arena_id) {
  return db_.run("reading an arena's players in games", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "reading an arena's players in games", "arena_players_in_games",
        "SELECT p.account_id FROM arena_players p WHERE p.arena_id = $1 AND (EXISTS (SELECT 1 "
        "FROM arena_games g JOIN tables t ON t.id = g.table_id WHERE g.black = p.account_id AND "
        "t.finished_at IS NULL) OR EXISTS (SELECT 1 FROM arena_games g JOIN tables t ON t.id = "
        "g.table_id WHERE g.white = p.account_id AND t.finished_at IS NULL)) ORDER BY "
        "p.account_id COLLATE \"C\"",
        {arena_id});
    std::vector<std::string> out;
    for (int row = 0; row < PQntuples(r.get()); ++row) out.push_back(pq::text(r.get(), row, 0));
    return out;
  });
}

}  // namespace pg
