#include "store/pg_write_sql.h"

#include <map>
#include <optional>
#include <set>
#include <utility>

#include "rating/glicko2.h"
#include "store/pg_connection.h"
#include "store/pg_migrations.h"
#include "store/rated_game.h"
#include "store/rating_store.h"

namespace pg::pq {

std::string arrayLiteral(const std::vector<std::string>& items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += '"';
    for (const char ch : items[i]) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
    out += '"';
  }
  return out + "}";
}

namespace {

/// Bytes as lowercase hexadecimal, for decode($n, 'hex').
std::string hexOf(const std::vector<uint8_t>& b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const uint8_t byte : b) {
    out.push_back(kDigits[byte >> 4]);
    out.push_back(kDigits[byte & 0xf]);
  }
  return out;
}

/// The two players of each rated end's table, by table id, when they are two different
/// players (the ends to rate).
using SeatPairs = std::map<std::string, std::pair<std::string, std::string>>;

/// Before the group's rated ends are rated: reads their tables' seat players, inserts the
/// missing rating rows of their players in their categories (a new player's: no games yet, and
/// always updated later in the same transaction), then locks every one of those rows (SELECT
/// ... FOR UPDATE). Inserts and locks both go in one order (player, then category, by bytes),
/// whatever the group, so two nodes rating games of one player wait for each other, each then
/// reading what the other wrote, and never deadlock. Returns the ends to rate.
SeatPairs lockRatings(pq::Connection& c, std::span<const StoreWrite> writes) {
  std::vector<std::string> rated_tables;
  for (const StoreWrite& w : writes)
    if (const auto* a = std::get_if<AppendEvents>(&w); a && a->end && a->rated)
      rated_tables.push_back(a->table_id);
  if (rated_tables.empty()) return {};
  const pq::Result r = c.execPrepared(
      "reading the seat players", "rated_seats",
      "SELECT table_id, color, player FROM seat_players WHERE table_id = ANY($1::text[])",
      {arrayLiteral(rated_tables)});
  std::map<std::string, std::pair<std::optional<std::string>, std::optional<std::string>>> seats;
  for (int row = 0; row < PQntuples(r.get()); ++row) {
    auto& pair = seats[pq::text(r.get(), row, 0)];
    (pq::int64At(r.get(), row, 1) == kBlackSeat ? pair.first : pair.second) =
        pq::text(r.get(), row, 2);
  }
  SeatPairs out;
  std::set<std::pair<std::string, std::string>> rows;  // (player, category)
  for (const StoreWrite& w : writes) {
    const auto* a = std::get_if<AppendEvents>(&w);
    if (!a || !a->end || !a->rated) continue;
    const auto it = seats.find(a->table_id);
    if (it == seats.end() || !it->second.first || !it->second.second ||
        *it->second.first == *it->second.second)
      continue;
    out[a->table_id] = {*it->second.first, *it->second.second};
    rows.insert({*it->second.first, a->rated->category});
    rows.insert({*it->second.second, a->rated->category});
  }
  if (rows.empty()) return out;
  std::vector<std::string> players, categories;
  for (const auto& [player, category] : rows) {
    players.push_back(player);
    categories.push_back(category);
  }
  const glicko2::Rating fresh;
  c.execPrepared("adding new players' ratings", "rating_rows_insert",
                 "INSERT INTO ratings (player, category, rating, deviation, volatility, games, "
                 "last_game_at) SELECT k.p, k.c, $3::float8, $4::float8, $5::float8, 0, 0 FROM "
                 "unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(p, c, n) ORDER BY k.n "
                 "ON CONFLICT DO NOTHING",
                 {arrayLiteral(players), arrayLiteral(categories), pq::exactText(fresh.rating),
                  pq::exactText(fresh.deviation), pq::exactText(fresh.volatility)});
  // LockRows runs above the sort: the rows are locked in this order.
  const pq::Result locked = c.execPrepared(
      "locking the players' ratings", "rating_rows_lock",
      "SELECT r.player FROM ratings r JOIN unnest($1::text[], $2::text[]) AS k(p, c) ON "
      "r.player = k.p AND r.category = k.c ORDER BY r.player COLLATE \"C\", r.category COLLATE "
      "\"C\" FOR UPDATE OF r",
      {arrayLiteral(players), arrayLiteral(categories)});
  if (PQntuples(locked.get()) != static_cast<int>(rows.size()))
    throw StoreError("locking the players' ratings: a row is missing");
  return out;
}

/// The player's rating row in `category` (lockRatings made it and locked it).
PlayerRating ratingOf(pq::Connection& c, const std::string& player, const std::string& category) {
  const pq::Result r = c.execPrepared(
      "reading a player's rating", "rating_row",
      "SELECT rating, deviation, volatility, games, last_game_at FROM ratings WHERE player = $1 "
      "AND category = $2",
      {player, category});
  if (PQntuples(r.get()) != 1) throw StoreError("reading a player's rating: no row");
  const PGresult* q = r.get();
  return PlayerRating{player,
                      category,
                      pq::doubleAt(q, 0, 0),
                      pq::doubleAt(q, 0, 1),
                      pq::doubleAt(q, 0, 2),
                      static_cast<int>(pq::int64At(q, 0, 3)),
                      pq::int64At(q, 0, 4)};
}

/// Rates the game of a rated end between `players` (black, white; rated_game.h), inside the
/// transaction that stores the end, on the rows lockRatings locked: both ratings and both
/// history rows in one statement.
void rateEnd(pq::Connection& c, const std::string& table_id, const StoredEnd& end,
             const RatedEnd& rated, const std::pair<std::string, std::string>& players) {
  const auto& [black, white] = players;
  const RatedGame g =
      rateGame(table_id, black, white, end.at, rated, ratingOf(c, black, rated.category),
               ratingOf(c, white, rated.category));
  const auto real = [](double v) { return pq::Param(pq::exactText(v)); };
  const pq::Result r = c.execPrepared(
      "rating a game", "rate_game",
      "WITH b AS (UPDATE ratings SET rating = $3::float8, deviation = $4::float8, volatility = "
      "$5::float8, games = $6::int, last_game_at = $7::bigint WHERE player = $1 AND category = "
      "$2 RETURNING 1), "
      "w AS (UPDATE ratings SET rating = $9::float8, deviation = $10::float8, volatility = "
      "$11::float8, games = $12::int, last_game_at = $13::bigint WHERE player = $8 AND category "
      "= $2 RETURNING 1) "
      "INSERT INTO rating_history (table_id, player, category, at, rating_before, "
      "deviation_before, rating, deviation, volatility, opponent, score) "
      "SELECT v.* FROM (VALUES "
      "($14::text, $1::text, $2::text, $15::bigint, $16::float8, $17::float8, $3::float8, "
      "$4::float8, $5::float8, $8::text, $18::float8), "
      "($14, $8, $2, $15, $19::float8, $20::float8, $9, $10, $11, $1, $21::float8)) AS v "
      "WHERE (SELECT count(*) FROM b) = 1 AND (SELECT count(*) FROM w) = 1",
      {black,
       rated.category,
       real(g.black.rating),
       real(g.black.deviation),
       real(g.black.volatility),
       std::to_string(g.black.games),
       std::to_string(g.black.last_game_at),
       white,
       real(g.white.rating),
       real(g.white.deviation),
       real(g.white.volatility),
       std::to_string(g.white.games),
       std::to_string(g.white.last_game_at),
       table_id,
       std::to_string(end.at),
       real(g.black_change.rating_before),
       real(g.black_change.deviation_before),
       real(g.black_change.score),
       real(g.white_change.rating_before),
       real(g.white_change.deviation_before),
       real(g.white_change.score)});
  if (pq::affectedRows(r.get()) != 2) throw StoreError("rating a game: a rating row is missing");
}

/// The advisory lock every arena pairing takes (the migration's first key, another second): the
/// pairings of all arenas run one after the other, so the check that a player is in no
/// unfinished arena game holds at the commit, whichever arenas and nodes pair at once.
constexpr int kArenaPairingLockKey2 = 2;

void createTable(pq::Connection& c, const StoredTable& t) {
  c.execPrepared(
      "creating a table", "create_table",
      "INSERT INTO tables (id, created_at, setup, black_token, white_token, "
      "hotseat_token, started_at, finished_at, result, rematch_of) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
      {t.id, std::to_string(t.created_at), t.setup, t.black_token, t.white_token, t.hotseat_token,
       t.started_at ? pq::Param(std::to_string(*t.started_at)) : std::nullopt,
       t.finished_at ? pq::Param(std::to_string(*t.finished_at)) : std::nullopt, t.result,
       t.rematch_of.empty() ? std::nullopt : pq::Param(t.rematch_of)});
}

/// An arena's pairing (PairArena), inside the transaction whose claim check (pg_writer.h) holds
/// the arena's claim row: refused whole when a player is paired twice or is in an unfinished
/// arena game; else each table, its two seat players and its arena row.
void pairArena(pq::Connection& c, const PairArena& p) {
  std::vector<std::string> players;
  std::set<std::string> distinct;
  for (const ArenaPairing& g : p.games)
    for (const std::string* player : {&g.black, &g.white}) {
      if (!distinct.insert(*player).second)
        throw StoreError("pairing an arena: a player is paired twice");
      players.push_back(*player);
    }
  if (players.empty()) return;
  c.execPrepared("locking the arena pairings", "arena_pair_lock",
                 "SELECT pg_advisory_xact_lock($1::int, $2::int)",
                 {std::to_string(kMigrationLockKey1), std::to_string(kArenaPairingLockKey2)});
  const pq::Result busy = c.execPrepared(
      "checking the arena players", "arena_pair_busy",
      "SELECT 1 FROM arena_games g JOIN tables t ON t.id = g.table_id WHERE t.finished_at IS "
      "NULL AND (g.black = ANY($1::text[]) OR g.white = ANY($1::text[])) LIMIT 1",
      {arrayLiteral(players)});
  if (PQntuples(busy.get()) != 0)
    throw StoreError("pairing an arena: a player is already in an arena game");
  for (const ArenaPairing& g : p.games) {
    createTable(c, g.table);
    c.execPrepared("binding an arena game's seats", "arena_pair_seats",
                   "INSERT INTO seat_players (table_id, color, player, bound_at) VALUES ($1, 0, "
                   "$2, $4::bigint), ($1, 1, $3, $4::bigint)",
                   {g.table.id, g.black, g.white, std::to_string(p.at)});
    c.execPrepared("storing an arena game", "arena_pair_game",
                   "INSERT INTO arena_games (table_id, arena_id, black, white, paired_at) VALUES "
                   "($1, $2, $3, $4, $5::bigint)",
                   {g.table.id, p.arena_id, g.black, g.white, std::to_string(p.at)});
  }
}

/// The statements of one write but the events of an append (writeGroup inserts them), inside
/// the caller's transaction; `rated` holds the players of the rated ends to rate (lockRatings).
void writeOne(pq::Connection& c, const StoreWrite& w, const SeatPairs& rated) {
  std::visit(
      Overloaded{
          [&](const CreateTable& x) { createTable(c, x.table); },
          [&](const AppendEvents& a) {
            if (a.end) {
              const pq::Result r =
                  c.execPrepared("finishing a table", "finish_table",
                                 "UPDATE tables SET finished_at = $1, result = $2 WHERE id = $3",
                                 {std::to_string(a.end->at), a.end->result, a.table_id});
              if (pq::affectedRows(r.get()) != 1) throw StoreError("finishing an unknown table");
              if (const auto it = rated.find(a.table_id); a.rated && it != rated.end())
                rateEnd(c, a.table_id, *a.end, *a.rated, it->second);
            }
          },
          [&](const StartTable& x) {
            c.execPrepared("starting a table", "start_table",
                           "UPDATE tables SET started_at = $1 WHERE id = $2 AND started_at IS NULL",
                           {std::to_string(x.at), x.table_id});
          },
          [&](const AppendChat& x) {
            c.execPrepared(
                "appending a chat line", "append_chat",
                "INSERT INTO chat (table_id, seq, at, line) VALUES ($1, $2, $3, $4)",
                {x.table_id, std::to_string(x.line.seq), std::to_string(x.line.at), x.line.line});
          },
          [&](const SetSetup& x) {
            const pq::Result r =
                c.execPrepared("changing a table's setup", "set_setup",
                               "UPDATE tables SET setup = $1 WHERE id = $2", {x.setup, x.table_id});
            if (pq::affectedRows(r.get()) != 1) throw StoreError("the setup of an unknown table");
          },
          [&](const PairArena& x) { pairArena(c, x); },
          [&](const QueueMail& x) {
            const MailDraft& m = x.mail;
            const pq::Result r = c.execPrepared(
                "queueing a mail", "queue_mail",
                "INSERT INTO outbox (dedupe_key, recipient, subject, body, unsubscribe_url, "
                "created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT "
                "(dedupe_key) DO NOTHING",
                {m.dedupe_key, m.recipient, m.subject, m.body, m.unsubscribe_url,
                 std::to_string(x.at)});
            if (pq::affectedRows(r.get()) != 1 || !x.token) return;  // queued before
            const EmailToken& t = *x.token;
            c.execPrepared("queueing a mail", "queue_mail_token",
                           "INSERT INTO email_tokens (hash, kind, account_id, address, expires_at) "
                           "VALUES (decode($1, 'hex'), $2, $3, $4, $5)",
                           {hexOf(t.hash), std::string(emailTokenKindName(t.kind)), t.account_id,
                            t.address, std::to_string(t.expires_at)});
          },
      },
      w);
}

}  // namespace

/// The writes in a few round trips: the creations, then every event of every append in one
/// INSERT (a round trip per event costs more than the commit itself on a busy machine), then
/// the rating rows of the rated ends locked (lockRatings), then the rest (starts, ends with
/// their ratings, chat lines, setups), in order. One write alone goes the same way.
void writeGroup(pq::Connection& c, std::span<const StoreWrite> writes) {
  for (const StoreWrite& w : writes)
    if (std::holds_alternative<CreateTable>(w)) writeOne(c, w, {});
  std::vector<std::string> ids, seqs, ats, texts;
  for (const StoreWrite& w : writes)
    if (const auto* a = std::get_if<AppendEvents>(&w))
      for (const StoredEvent& e : a->events) {
        ids.push_back(a->table_id);
        seqs.push_back(std::to_string(e.seq));
        ats.push_back(std::to_string(e.at));
        texts.push_back(e.event);
      }
  if (!ids.empty())
    c.execPrepared("appending events", "append_events",
                   "INSERT INTO events (table_id, seq, at, event) SELECT * FROM "
                   "unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[])",
                   {arrayLiteral(ids), arrayLiteral(seqs), arrayLiteral(ats), arrayLiteral(texts)});
  const SeatPairs rated = lockRatings(c, writes);
  for (const StoreWrite& w : writes)
    if (!std::holds_alternative<CreateTable>(w)) writeOne(c, w, rated);
}

}  // namespace pg::pq
