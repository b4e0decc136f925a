// PgRatingStore (pg_rating_store.h): the players' ratings in the PostgreSQL database.
#include "store/pg_rating_store.h"
#include "store/pg_migrations.h"

namespace pg {

namespace {

constexpr int kFirstSchemaWithRatings = 5;

constexpr const char* kChangeColumns =
    "h.table_id, h.player, h.category, h.at, h.rating_before, h.deviation_before, h.rating, "
    "h.deviation, h.volatility, h.opponent, h.score";

std::vector<RatingChange> changesAt(const pq::Result& r) {
  std::vector<RatingChange> out;
  const PGresult* q = r.get();
  for (int row = 0; row < PQntuples(q); ++row)
    out.push_back(RatingChange{pq::text(q, row, 0), pq::text(q, row, 1), pq::text(q, row, 2),
                               pq::int64At(q, row, 3), pq::doubleAt(q, row, 4),
                               pq::doubleAt(q, row, 5), pq::doubleAt(q, row, 6),
                               pq::doubleAt(q, row, 7), pq::doubleAt(q, row, 8),
                               pq::text(q, row, 9), pq::doubleAt(q, row, 10)});
  return out;
}

std::optional<std::string> seatOf(pq::Connection& db, const std::string& table_id, int color) {
  const pq::Result r = db.execPrepared(
      "reading a seat", "rating_seat",
      "SELECT player FROM seat_players WHERE table_id = $1 AND color = $2::smallint",
      {table_id, std::to_string(color)});
  if (PQntuples(r.get()) == 0) return std::nullopt;
  return pq::text(r.get(), 0, 0);
}

}  // namespace

PgRatingStore::PgRatingStore(const std::string& conninfo) : db_(conninfo) {
  db_.run("reading the schema version",
          [](pq::Connection& c) { pq::requireSchema(c, kFirstSchemaWithRatings, "the ratings"); });
}

PgRatingStore::~PgRatingStore() = default;

bool PgRatingStore::bindSeat(const std::string& table_id, int color, const std::string& player,
                             int64_t at) {
  return db_.run("binding a seat", [&](pq::Connection& db) {
    // Two statements: the read sees a winner that committed while the insert waited for it.
    db.execPrepared("binding a seat", "rating_bind_seat",
                    "INSERT INTO seat_players (table_id, color, player, bound_at) VALUES ($1, "
                    "$2::smallint, $3, $4) ON CONFLICT DO NOTHING",
                    {table_id, std::to_string(color), player, std::to_string(at)});
    return seatOf(db, table_id, color) == player;
  });
}

std::optional<std::string> PgRatingStore::seatPlayer(const std::string& table_id, int color) {
  return db_.run("reading a seat", [&](pq::Connection& db) { return seatOf(db, table_id, color); });
}

std::vector<PlayerRating> PgRatingStore::ratings(const std::string& player) {
  return db_.run("reading ratings", [&](pq::Connection& db) {
    // COLLATE "C": categories in byte order, as SQLite orders them.
    const pq::Result r = db.execPrepared(
        "reading ratings", "rating_ratings",
        "SELECT category, rating, deviation, volatility, games, last_game_at FROM ratings "
        "WHERE player = $1 ORDER BY category COLLATE \"C\"",
        {player});
    const PGresult* q = r.get();
    std::vector<PlayerRating> out;
    for (int row = 0; row < PQntuples(q); ++row)
      out.push_back(PlayerRating{player, pq::text(q, row, 0), pq::doubleAt(q, row, 1),
                                 pq::doubleAt(q, row, 2), pq::doubleAt(q, row, 3),
                                 static_cast<int>(pq::int64At(q, row, 4)), pq::int64At(q, row, 5)});
    return out;
  });
}

std::vector<RatingChange> PgRatingStore::history(const std::string& player, int limit) {
  if (limit <= 0) return {};
  return db_.run("reading a rating history", [&](pq::Connection& db) {
    return changesAt(db.execPrepared(
        "reading a rating history", "rating_history",
        std::string("SELECT ") + kChangeColumns +
            " FROM rating_history h WHERE h.player = $1 ORDER BY h.at DESC, h.table_id COLLATE "
            "\"C\" DESC LIMIT $2",
        {player, std::to_string(limit)}));
  });
}

std::vector<RatingChange> PgRatingStore::changesOf(const std::string& table_id) {
  return db_.run("reading a game's rating changes", [&](pq::Connection& db) {
    return changesAt(db.execPrepared(
        "reading a game's rating changes", "rating_changes_of",
        std::string("SELECT ") + kChangeColumns +
            " FROM rating_history h WHERE h.table_id = $1 ORDER BY (SELECT min(s.color) FROM "
            "seat_players s WHERE s.table_id = h.table_id AND s.player = h.player), h.player "
            "COLLATE \"C\"",
        {table_id}));
  });
}

std::vector<PlayerGame> PgRatingStore::recentGames(const std::string& player, int limit) {
  if (limit <= 0) return {};
  return db_.run("reading a player's games", [&](pq::Connection& db) {
    // A player who held both seats of a table has it once, as black.
    const pq::Result r = db.execPrepared(
        "reading a player's games", "rating_recent_games",
        "SELECT t.id, s.color, coalesce((SELECT o.player FROM seat_players o WHERE o.table_id = "
        "s.table_id AND o.color = 1 - s.color), ''), t.created_at, t.finished_at, t.setup, "
        "t.result FROM seat_players s JOIN tables t ON t.id = s.table_id WHERE s.player = $1 "
        "AND t.finished_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM seat_players x WHERE "
        "x.table_id = s.table_id AND x.player = $1 AND x.color < s.color) ORDER BY "
        "t.finished_at DESC, t.id COLLATE \"C\" DESC LIMIT $2",
        {player, std::to_string(limit)});
    const PGresult* q = r.get();
    std::vector<PlayerGame> out;
    for (int row = 0; row < PQntuples(q); ++row)
      out.push_back(PlayerGame{pq::text(q, row, 0), static_cast<int>(pq::int64At(q, row, 1)),
                               pq::text(q, row, 2), pq::int64At(q, row, 3), pq::int64At(q, row, 4),
                               pq::text(q, row, 5), pq::text(q, row, 6)});
    return out;
  });
}

std::vector<LeaderboardRow> PgRatingStore::leaderboard(const std::string& category,
                                                       int64_t played_since, double max_deviation,
                                                       int limit) {
  if (limit <= 0) return {};
  return db_.run("reading a leaderboard", [&](pq::Connection& db) {
    const pq::Result r = db.execPrepared(
        "reading a leaderboard", "rating_leaderboard",
        "SELECT r.player, coalesce(a.name, r.player), r.rating, r.deviation, r.games, "
        "r.last_game_at FROM ratings r LEFT JOIN accounts a ON a.id = r.player WHERE "
        "r.category = $1 AND r.deviation <= $2::float8 AND r.last_game_at >= $3 ORDER BY "
        "r.rating DESC, r.player COLLATE \"C\" LIMIT $4",
        {category, pq::exactText(max_deviation), std::to_string(played_since),
         std::to_string(limit)});
    const PGresult* q = r.get();
    std::vector<LeaderboardRow> out;
    for (int row = 0; row < PQntuples(q); ++row)
      out.push_back(LeaderboardRow{pq::text(q, row, 0), pq::text(q, row, 1),
                                   pq::doubleAt(q, row, 2), pq::doubleAt(q, row, 3),
                                   static_cast<int>(pq::int64At(q, row, 4)),
                                   pq::int64At(q, row, 5)});
    return out;
  });
}

}  // namespace pg
