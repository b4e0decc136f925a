// SqliteRatingStore (sqlite_rating_store.h): the players' ratings in the SQLite file.
#include "store/sqlite_rating_store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include "store/sqlite_guard.h"
#include "store/sqlite_sibling.h"

namespace pg {

namespace {

using sqlite::guarded;

constexpr int kFirstSchemaWithRatings = 5;

constexpr const char* kChangeColumns =
    "h.table_id, h.player, h.category, h.at, h.rating_before, h.deviation_before, h.rating, "
    "h.deviation, h.volatility, h.opponent, h.score";

RatingChange changeAt(SQLite::Statement& q) {
  return RatingChange{
      q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
      q.getColumn(3).getInt64(),  q.getColumn(4).getDouble(), q.getColumn(5).getDouble(),
      q.getColumn(6).getDouble(), q.getColumn(7).getDouble(), q.getColumn(8).getDouble(),
      q.getColumn(9).getString(), q.getColumn(10).getDouble()};
}

std::optional<std::string> seatOf(SQLite::Database& db, const std::string& table_id, int color) {
  SQLite::Statement q(db, "SELECT player FROM seat_players WHERE table_id = ? AND color = ?");
  q.bind(1, table_id);
  q.bind(2, color);
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getString();
}

}  // namespace

SqliteRatingStore::SqliteRatingStore(const std::string& path, Durability durability)
    : db_(sqlite::openSibling(
          path, {"the ratings", kFirstSchemaWithRatings, durability == Durability::Full, true})) {}

SqliteRatingStore::~SqliteRatingStore() = default;

bool SqliteRatingStore::bindSeat(const std::string& table_id, int color, const std::string& player,
                                 int64_t at) {
  std::lock_guard lock(mutex_);
  return guarded("binding a seat", [&] {
    SQLite::Statement q(*db_,
                        "INSERT INTO seat_players (table_id, color, player, bound_at) VALUES (?, "
                        "?, ?, ?) ON CONFLICT DO NOTHING");
    q.bind(1, table_id);
    q.bind(2, color);
    q.bind(3, player);
    q.bind(4, static_cast<int64_t>(at));
    q.exec();
    return seatOf(*db_, table_id, color) == player;
  });
}

std::optional<std::string> SqliteRatingStore::seatPlayer(const std::string& table_id, int color) {
  std::lock_guard lock(mutex_);
  return guarded("reading a seat", [&] { return seatOf(*db_, table_id, color); });
}

std::vector<PlayerRating> SqliteRatingStore::ratings(const std::string& player) {
  std::lock_guard lock(mutex_);
  return guarded("reading ratings", [&] {
    SQLite::Statement q(*db_,
                        "SELECT category, rating, deviation, volatility, games, last_game_at "
                        "FROM ratings WHERE player = ? ORDER BY category");
    q.bind(1, player);
    std::vector<PlayerRating> out;
    while (q.executeStep())
      out.push_back(PlayerRating{player, q.getColumn(0).getString(), q.getColumn(1).getDouble(),
                                 q.getColumn(2).getDouble(), q.getColumn(3).getDouble(),
                                 q.getColumn(4).getInt(), q.getColumn(5).getInt64()});
    return out;
  });
}

std::vector<RatingChange> SqliteRatingStore::history(const std::string& player, int limit) {
  if (limit <= 0) return {};  // (SQLite reads a negative LIMIT as none)
  std::lock_guard lock(mutex_);
  return guarded("reading a rating history", [&] {
    SQLite::Statement q(*db_, std::string("SELECT ") + kChangeColumns +
                                  " FROM rating_history h WHERE h.player = ? ORDER BY h.at DESC, "
                                  "h.table_id DESC LIMIT ?");
    q.bind(1, player);
    q.bind(2, limit);
    std::vector<RatingChange> out;
    while (q.executeStep()) out.push_back(changeAt(q));
    return out;
  });
}

std::vector<RatingChange> SqliteRatingStore::changesOf(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  return guarded("reading a game's rating changes", [&] {
    SQLite::Statement q(*db_, std::string("SELECT ") + kChangeColumns +
                                  " FROM rating_history h WHERE h.table_id = ? ORDER BY (SELECT "
                                  "min(s.color) FROM seat_players s WHERE s.table_id = "
                                  "h.table_id AND s.player = h.player), h.player");
    q.bind(1, table_id);
    std::vector<RatingChange> out;
    while (q.executeStep()) out.push_back(changeAt(q));
    return out;
  });
}

std::vector<PlayerGame> SqliteRatingStore::recentGames(const std::string& player, int limit) {
  if (limit <= 0) return {};
  std::lock_guard lock(mutex_);
  return guarded("reading a player's games", [&] {
    // A player who held both seats of a table has it once, as black.
    SQLite::Statement q(
        *db_,
        "SELECT t.id, s.color, coalesce((SELECT o.player FROM seat_players o WHERE o.table_id = "
        "s.table_id AND o.color = 1 - s.color), ''), t.created_at, t.finished_at, t.setup, "
        "t.result FROM seat_players s JOIN tables t ON t.id = s.table_id WHERE s.player = ?1 AND "
        "t.finished_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM seat_players x WHERE "
        "x.table_id = s.table_id AND x.player = ?1 AND x.color < s.color) ORDER BY "
        "t.finished_at DESC, t.id DESC LIMIT ?2");
    q.bind(1, player);
    q.bind(2, limit);
    std::vector<PlayerGame> out;
    while (q.executeStep())
      out.push_back(PlayerGame{q.getColumn(0).getString(), q.getColumn(1).getInt(),
                               q.getColumn(2).getString(), q.getColumn(3).getInt64(),
                               q.getColumn(4).getInt64(), q.getColumn(5).getString(),
                               q.getColumn(6).getString()});
    return out;
  });
}

std::vector<LeaderboardRow> SqliteRatingStore::leaderboard(const std::string& category,
                                                           int64_t played_since,
                                                           double max_deviation, int limit) {
  if (limit <= 0) return {};
  std::lock_guard lock(mutex_);
  return guarded("reading a leaderboard", [&] {
    SQLite::Statement q(*db_,
                        "SELECT r.player, coalesce(a.name, r.player), r.rating, r.deviation, "
                        "r.games, r.last_game_at FROM ratings r LEFT JOIN accounts a ON a.id = "
                        "r.player WHERE r.category = ? AND r.deviation <= ? AND r.last_game_at "
                        ">= ? ORDER BY r.rating DESC, r.player LIMIT ?");
    q.bind(1, category);
    q.bind(2, max_deviation);
    q.bind(3, static_cast<int64_t>(played_since));
    q.bind(4, limit);
    std::vector<LeaderboardRow> out;
    while (q.executeStep())
      out.push_back(LeaderboardRow{q.getColumn(0).getString(), q.getColumn(1).getString(),
                                   q.getColumn(2).getDouble(), q.getColumn(3).getDouble(),
                                   q.getColumn(4).getInt(), q.getColumn(5).getInt64()});
    return out;
  });
}

}  // namespace pg
