#include "store/pg_store.h"

#include <unistd.h>

#include <chrono>
#include <map>
#include <set>
#include <utility>

#include "rating/glicko2.h"
#include "store/pg_connection.h"
#include "store/pg_migrations.h"
#include "store/pg_reconnecting_connection.h"
#include "store/rated_game.h"
#include "store/rating_store.h"

namespace pg {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kFirstBackoff{50};
constexpr std::chrono::milliseconds kMaxBackoff{2000};
/// How often an idle writer that holds claims listens for the requests for them.
constexpr std::chrono::milliseconds kIdlePoll{200};
// The channel on which a node asks the holder of a claim to give it up (requestRelease).
constexpr const char* kReleaseChannel = "phantomgo_release";

std::string num(int64_t v) {
  return std::to_string(v);
}

std::string lostText(const std::exception& e) {
  return std::string("database session lost during the write: ") + e.what();
}

}  // namespace

struct PgStore::Writer {
  std::unique_ptr<pq::Connection> conn;
  std::map<std::string, int64_t> claims;  // table id -> fence, of lease `generation`
  uint64_t generation = 0;                // of the lease the claims belong to
  int64_t lease = 0;                      // that lease's id (0: none)
  Clock::time_point next_attempt{};
  std::chrono::milliseconds backoff = kFirstBackoff;
};

namespace {

/// "host:pid", naming a node's lease for operators.
std::string nodeName() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return std::string(host) + ":" + std::to_string(getpid());
}

}  // namespace

PgStore::PgStore(const std::string& conninfo, bool group_commit, PgLease::Times lease)
    : conninfo_(conninfo),
      description_(pq::describe(conninfo)),
      w_(std::make_unique<Writer>()),
      lease_(conninfo, nodeName(), lease),
      queue_(*this, group_commit) {
  w_->conn = std::make_unique<pq::Connection>(conninfo_);
  pq::migrate(*w_->conn);
  sessionStarted();
  reader_ = std::make_unique<pq::Connection>(conninfo_);
  lease_.onLost([this] {
    std::function<void()> f;
    {
      std::lock_guard lock(callbacks_mutex_);
      f = on_claims_lost_;
    }
    if (f) f();
  });
  lease_.start();
  queue_.start();
}

PgStore::~PgStore() {
  releaseAll();
  queue_.stop();
  lease_.stop(/*end_lease=*/true);
}

void PgStore::releaseAll() {
  try {
    queue_.call([this] {
      syncLease();
      w_->claims.clear();
      if (w_->lease == 0) return;
      ensureWriter();
      w_->conn->exec("releasing every claim",
                     "UPDATE claims SET lease = NULL WHERE lease = $1::bigint", {num(w_->lease)});
    });
  } catch (...) {  // the claims then end with the lease
  }
}

std::string PgStore::description() const {
  return description_;
}

void PgStore::onClaimsLost(std::function<void()> f) {
  std::lock_guard lock(callbacks_mutex_);
  on_claims_lost_ = std::move(f);
}

void PgStore::onReleaseRequested(std::function<void(const std::string&)> f) {
  std::lock_guard lock(callbacks_mutex_);
  on_release_requested_ = std::move(f);
}

// ---- the callers' side of the queue ----

void PgStore::write(StoreWrite w, WriteDone done) {
  queue_.write(std::move(w), std::move(done));
}

bool PgStore::claim(const std::string& table_id) {
  bool claimed = false;
  queue_.call([&] {
    syncLease();
    if (w_->claims.count(table_id)) {
      claimed = true;
      return;
    }
    if (w_->lease == 0 || !lease_.live())
      throw StoreError("this node holds no live lease of the store (is PostgreSQL reachable?)");
    try {
      ensureWriter();
      // A fresh row, or one whose lease is none, this node's, or expired; only while this
      // node's own lease is alive. Every claim raises the fence.
      const pq::Result r = w_->conn->execPrepared(
          "claiming a table", "claim",
          "INSERT INTO claims AS c (table_id, lease, fence) SELECT $1, $2::bigint, 1 WHERE "
          "EXISTS (SELECT 1 FROM node_leases WHERE lease = $2::bigint AND expires_at > "
          "clock_timestamp()) "
          "ON CONFLICT (table_id) DO UPDATE SET lease = excluded.lease, fence = c.fence + 1 "
          "WHERE c.lease IS NULL OR c.lease = excluded.lease OR NOT EXISTS (SELECT 1 FROM "
          "node_leases l WHERE l.lease = c.lease AND l.expires_at > clock_timestamp()) "
          "RETURNING c.fence",
          {table_id, num(w_->lease)});
      if (PQntuples(r.get()) == 1) {
        w_->claims[table_id] = pq::int64At(r.get(), 0, 0);
        claimed = true;
      }
    } catch (const pq::ConnectionLost& e) {
      sessionLost();
      throw StoreError(e.what());
    }
  });
  return claimed;
}

void PgStore::release(const std::string& table_id) {
  try {
    queue_.control(
        [this, table_id] {
          syncLease();
          w_->claims.erase(table_id);
          releaseRow(table_id);
        },
        nullptr);
  } catch (...) {  // out of memory: the claim then ends with the lease
  }
}

// ---- the writer thread ----

void PgStore::releaseRow(const std::string& table_id) {
  if (w_->lease == 0) return;
  try {
    ensureWriter();
    w_->conn->execPrepared("releasing a table", "release",
                           "UPDATE claims SET lease = NULL WHERE table_id = $1 AND lease = "
                           "$2::bigint",
                           {table_id, num(w_->lease)});
  } catch (const pq::ConnectionLost&) {
    sessionLost();  // the row stays this lease's: a request for it, or the lease's end, frees it
  } catch (...) {   // no session yet (the same), or the statement failed: never thrown to anyone
  }
}

void PgStore::syncLease() {
  const PgLease::Held held = lease_.held();
  if (held.generation != w_->generation) {
    w_->claims.clear();  // they belonged to a lost lease
    w_->generation = held.generation;
  }
  w_->lease = held.id;
}

void PgStore::sessionLost() {
  w_->conn.reset();
  writer_pid_ = 0;
}

void PgStore::ensureWriter() {
  if (w_->conn && w_->conn->ok()) return;
  if (w_->conn) sessionLost();
  const Clock::time_point now = Clock::now();
  if (now < w_->next_attempt) throw StoreError("no database session (reconnecting to PostgreSQL)");
  try {
    w_->conn = std::make_unique<pq::Connection>(conninfo_);
    sessionStarted();
  } catch (const StoreError&) {
    w_->conn.reset();
    w_->next_attempt = now + w_->backoff;
    w_->backoff = std::min(kMaxBackoff, w_->backoff * 2);
    throw;
  }
  w_->backoff = kFirstBackoff;
  w_->next_attempt = {};
}

void PgStore::sessionStarted() {
  writer_pid_ = w_->conn->backendPid();
  // A node cut off in the middle of a transaction must not hold its claim rows' locks until
  // TCP gives up; a claim waits at most that long for another node's commit.
  w_->conn->exec("setting up the writer's session",
                 "SET idle_in_transaction_session_timeout = '2s'; SET lock_timeout = '2s'");
  // The session of the writer hears the requests for the claims.
  w_->conn->exec("listening for release requests", std::string("LISTEN ") + kReleaseChannel);
}

namespace {

/// A PostgreSQL array literal of text elements ({"a","b \"c\""}), for unnest($1::text[]).
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
       num(g.black.last_game_at),
       white,
       real(g.white.rating),
       real(g.white.deviation),
       real(g.white.volatility),
       std::to_string(g.white.games),
       num(g.white.last_game_at),
       table_id,
       num(end.at),
       real(g.black_change.rating_before),
       real(g.black_change.deviation_before),
       real(g.black_change.score),
       real(g.white_change.rating_before),
       real(g.white_change.deviation_before),
       real(g.white_change.score)});
  if (pq::affectedRows(r.get()) != 2) throw StoreError("rating a game: a rating row is missing");
}

/// The statements of one write but the events of an append (writeGroup inserts them), inside
/// the caller's transaction; `rated` holds the players of the rated ends to rate (lockRatings).
void writeOne(pq::Connection& c, const StoreWrite& w, const SeatPairs& rated) {
  std::visit(
      Overloaded{
          [&](const CreateTable& x) {
            const StoredTable& t = x.table;
            c.execPrepared(
                "creating a table", "create_table",
                "INSERT INTO tables (id, created_at, setup, black_token, white_token, "
                "hotseat_token, started_at, finished_at, result, rematch_of) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                {t.id, num(t.created_at), t.setup, t.black_token, t.white_token, t.hotseat_token,
                 t.started_at ? pq::Param(num(*t.started_at)) : std::nullopt,
                 t.finished_at ? pq::Param(num(*t.finished_at)) : std::nullopt, t.result,
                 t.rematch_of.empty() ? std::nullopt : pq::Param(t.rematch_of)});
          },
          [&](const AppendEvents& a) {
            if (a.end) {
              const pq::Result r =
                  c.execPrepared("finishing a table", "finish_table",
                                 "UPDATE tables SET finished_at = $1, result = $2 WHERE id = $3",
                                 {num(a.end->at), a.end->result, a.table_id});
              if (pq::affectedRows(r.get()) != 1) throw StoreError("finishing an unknown table");
              if (const auto it = rated.find(a.table_id); a.rated && it != rated.end())
                rateEnd(c, a.table_id, *a.end, *a.rated, it->second);
            }
          },
          [&](const StartTable& x) {
            c.execPrepared("starting a table", "start_table",
                           "UPDATE tables SET started_at = $1 WHERE id = $2 AND started_at IS NULL",
                           {num(x.at), x.table_id});
          },
          [&](const AppendChat& x) {
            c.execPrepared("appending a chat line", "append_chat",
                           "INSERT INTO chat (table_id, seq, at, line) VALUES ($1, $2, $3, $4)",
                           {x.table_id, num(x.line.seq), num(x.line.at), x.line.line});
          },
          [&](const SetSetup& x) {
            const pq::Result r =
                c.execPrepared("changing a table's setup", "set_setup",
                               "UPDATE tables SET setup = $1 WHERE id = $2", {x.setup, x.table_id});
            if (pq::affectedRows(r.get()) != 1) throw StoreError("the setup of an unknown table");
          },
      },
      w);
}

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
        seqs.push_back(num(e.seq));
        ats.push_back(num(e.at));
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

}  // namespace

void PgStore::checkFences(pq::Connection& c, std::span<const StoreWrite> writes) {
  std::set<std::string> tables;
  for (const StoreWrite& w : writes)
    if (needsClaim(w)) tables.insert(tableOf(w));
  if (tables.empty()) return;
  std::vector<std::string> ids, fences;
  for (const std::string& id : tables) {
    const auto it = w_->claims.find(id);
    if (it == w_->claims.end())  // check() refused it; a caller writing it again alone
      throw ClaimLost("table " + id + " is not claimed by this node");
    ids.push_back(id);
    fences.push_back(num(it->second));
  }
  // Held until the COMMIT: a claim of any of these tables by another node waits for it.
  const pq::Result r = c.execPrepared(
      "checking the claims", "fences",
      "SELECT c.table_id, EXISTS (SELECT 1 FROM node_leases l WHERE l.lease = c.lease AND "
      "l.expires_at > clock_timestamp()) FROM claims c JOIN unnest($1::text[], $2::bigint[]) AS "
      "u(id, fence) ON c.table_id = u.id AND c.fence = u.fence WHERE c.lease = $3::bigint FOR "
      "SHARE OF c",
      {arrayLiteral(ids), arrayLiteral(fences), num(w_->lease)});
  std::set<std::string> held;
  for (int row = 0; row < PQntuples(r.get()); ++row) {
    if (pq::text(r.get(), row, 1) != "t") {
      // The lease expired in the database before this node saw it: every claim is gone.
      lease_.abandon(w_->generation);
      syncLease();
      throw SessionLost("this node's lease expired before the commit");
    }
    held.insert(pq::text(r.get(), row, 0));
  }
  if (held.size() == tables.size()) return;
  std::string lost;
  for (const std::string& id : tables)
    if (!held.count(id)) {
      w_->claims.erase(id);  // another node claimed it since: its later writes fail at once
      lost += (lost.empty() ? "" : ", ") + id;
    }
  throw ClaimLost("another node claimed table(s) " + lost + " since this node did");
}

void PgStore::commit(std::span<const StoreWrite> writes) {
  for (int attempt = 0;; ++attempt) {
    try {
      ensureWriter();
    } catch (const StoreError& e) {
      throw SessionLost(e.what());  // no session, and no new one yet: nothing was sent
    }
    pq::Connection& c = *w_->conn;
    bool committing = false;
    try {
      c.exec("starting a transaction", "BEGIN");
      checkFences(c, writes);
      writeGroup(c, writes);
      committing = true;
      c.exec(writes.size() == 1 ? "committing a write" : "committing queued writes", "COMMIT");
      return;
    } catch (const pq::ConnectionLost& e) {
      sessionLost();
      // Lost before the COMMIT was sent (most often a session that ended while idle, found
      // by its first statement): nothing was stored, and the batch is tried again once on a
      // new session.
      if (!committing && attempt == 0) continue;
      if (committing) {
        // The outcome is unknown: the claims can no longer be vouched for. The lease is given
        // up, and every node reads the log as the database holds it.
        lease_.abandon(w_->generation);
        syncLease();
      }
      throw SessionLost(lostText(e));
    } catch (const std::exception&) {
      std::exception_ptr own = std::current_exception();
      try {
        c.exec("rolling back", "ROLLBACK");
      } catch (const pq::ConnectionLost& e) {
        sessionLost();
        throw SessionLost(lostText(e), own);  // nothing was committed: the claims stay
      } catch (const std::exception&) {  // the next commit finds out whether the session is fine
      }
      std::rethrow_exception(own);
    }
  }
}

void PgStore::startRun() {
  syncLease();  // the claims of a lost lease are forgotten before any write trusts them
}

std::exception_ptr PgStore::check(const StoreWrite& w) {
  if (!needsClaim(w) || w_->claims.count(tableOf(w))) return nullptr;
  return std::make_exception_ptr(
      ClaimLost("table " + tableOf(w) + " is not claimed by this node's lease"));
}

std::optional<std::chrono::milliseconds> PgStore::idlePoll() {
  if (w_->claims.empty()) return std::nullopt;
  return kIdlePoll;
}

void PgStore::idle() {
  syncLease();
  if (w_->conn && !w_->conn->poll()) sessionLost();
  if (!w_->conn && !w_->claims.empty()) {
    try {
      ensureWriter();  // listening again for the requests for the claims held
    } catch (const StoreError&) {
    }
  }
}

void PgStore::afterBatch() {
  syncLease();
  // The requests for claims this node holds are passed on; a request for a table it does not
  // hold clears the table's row if it still names this node's lease (a claim whose answer was
  // lost with the session), so that the node asking may take it.
  std::vector<std::string> requested;
  if (w_->conn && w_->conn->ok())
    for (std::string& id : w_->conn->takeNotifications(kReleaseChannel)) {
      if (w_->claims.count(id))
        requested.push_back(std::move(id));
      else
        releaseRow(id);
    }
  if (requested.empty()) return;
  std::function<void(const std::string&)> f;
  {
    std::lock_guard lock(callbacks_mutex_);
    f = on_release_requested_;
  }
  for (const std::string& id : requested) {
    try {
      if (f) f(id);
    } catch (...) {  // a caller's bug must not stop the writer of every table
    }
  }
}

// ---- reads ----

void PgStore::connectReader() {
  reader_.reset();
  const Clock::time_point now = Clock::now();
  // While the database is away, every join would try to connect (to each host of the
  // connection string): one attempt per backoff period instead, the others fail at once.
  if (now < reader_next_attempt_)
    throw pq::ConnectionLost("no database session (reconnecting to PostgreSQL)");
  try {
    reader_ = std::make_unique<pq::Connection>(conninfo_);
  } catch (const pq::ConnectionLost&) {
    reader_next_attempt_ = now + reader_backoff_;
    reader_backoff_ = std::min(kMaxBackoff, reader_backoff_ * 2);
    throw;
  }
  reader_backoff_ = kFirstBackoff;
  reader_next_attempt_ = {};
}

template <typename F>
auto PgStore::read(const char* what, F&& f) {
  std::lock_guard lock(read_mutex_);
  for (int attempt = 0;; ++attempt) {
    try {
      if (!reader_ || !reader_->ok()) connectReader();
      return f(*reader_);
    } catch (const pq::ConnectionLost& e) {
      reader_.reset();
      // A session found gone is tried again once, at once: the server may be back already.
      if (attempt > 0 || reader_next_attempt_ != Clock::time_point{})
        throw StoreError(std::string(what) + ": " + e.what());
    }
  }
}

std::optional<StoredTable> PgStore::table(const std::string& id) {
  return read("reading a table", [&](pq::Connection& c) -> std::optional<StoredTable> {
    const pq::Result r = c.execPrepared(
        "reading a table", "read_table",
        "SELECT id, created_at, setup, black_token, white_token, hotseat_token, started_at, "
        "finished_at, result, coalesce(rematch_of, ''), "
        "coalesce((SELECT r.id FROM tables r WHERE r.rematch_of = t.id), '') "
        "FROM tables t WHERE id = $1",
        {id});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    const PGresult* q = r.get();
    StoredTable t;
    t.id = pq::text(q, 0, 0);
    t.created_at = pq::int64At(q, 0, 1);
    t.setup = pq::text(q, 0, 2);
    t.black_token = pq::text(q, 0, 3);
    t.white_token = pq::text(q, 0, 4);
    t.hotseat_token = pq::text(q, 0, 5);
    t.started_at = pq::optionalInt(q, 0, 6);
    t.finished_at = pq::optionalInt(q, 0, 7);
    t.result = pq::text(q, 0, 8);
    t.rematch_of = pq::text(q, 0, 9);
    t.rematch = pq::text(q, 0, 10);
    return t;
  });
}

std::vector<StoredEvent> PgStore::events(const std::string& id) {
  return read("reading events", [&](pq::Connection& c) {
    const pq::Result r =
        c.execPrepared("reading events", "read_events",
                       "SELECT seq, at, event FROM events WHERE table_id = $1 ORDER BY seq", {id});
    std::vector<StoredEvent> out;
    const int n = PQntuples(r.get());
    out.reserve(static_cast<std::size_t>(n));
    for (int row = 0; row < n; ++row)
      out.push_back(StoredEvent{pq::int64At(r.get(), row, 0), pq::int64At(r.get(), row, 1),
                                pq::text(r.get(), row, 2)});
    return out;
  });
}

std::vector<StoredChat> PgStore::chat(const std::string& id) {
  return read("reading the chat", [&](pq::Connection& c) {
    const pq::Result r =
        c.execPrepared("reading the chat", "read_chat",
                       "SELECT seq, at, line FROM chat WHERE table_id = $1 ORDER BY seq", {id});
    std::vector<StoredChat> out;
    const int n = PQntuples(r.get());
    for (int row = 0; row < n; ++row)
      out.push_back(StoredChat{pq::int64At(r.get(), row, 0), pq::int64At(r.get(), row, 1),
                               pq::text(r.get(), row, 2)});
    return out;
  });
}

std::vector<std::string> PgStore::unfinishedTables() {
  return read("listing unfinished tables", [&](pq::Connection& c) {
    // COLLATE "C": ids in byte order whatever the database's collation, as SQLite orders them.
    const pq::Result r = c.execPrepared("listing unfinished tables", "unfinished_tables",
                                        "SELECT id FROM tables WHERE finished_at IS NULL "
                                        "ORDER BY created_at, id COLLATE \"C\"",
                                        {});
    std::vector<std::string> out;
    const int n = PQntuples(r.get());
    for (int row = 0; row < n; ++row) out.push_back(pq::text(r.get(), row, 0));
    return out;
  });
}

std::vector<std::string> PgStore::expireWaiting(int64_t created_before, int limit) {
  if (limit <= 0) return {};
  return read("expiring waiting tables", [&](pq::Connection& c) {
    return pq::inTransaction(c, "expiring waiting tables", [&] {
      std::vector<std::string> locked;
      pq::Param after_at, after_id;  // the last candidate of the previous page
      while (static_cast<int>(locked.size()) < limit) {
        const int want = limit - static_cast<int>(locked.size());
        // COLLATE "C": ids in byte order, as SQLite orders them.
        const pq::Result page = c.execPrepared(
            "choosing waiting tables", "expire_candidates",
            "SELECT id, created_at FROM tables t WHERE started_at IS NULL AND finished_at IS "
            "NULL AND created_at < $1 AND ($2::bigint IS NULL OR "
            "(created_at, id COLLATE \"C\") > ($2::bigint, $3::text)) AND NOT EXISTS (SELECT 1 "
            "FROM claims c JOIN node_leases l ON l.lease = c.lease WHERE c.table_id = t.id AND "
            "l.expires_at > clock_timestamp()) "
            "ORDER BY created_at, id COLLATE \"C\" LIMIT $4",
            {num(created_before), after_at, after_id, std::to_string(want)});
        const int n = PQntuples(page.get());
        if (n == 0) break;
        std::vector<std::string> ids;
        for (int row = 0; row < n; ++row) ids.push_back(pq::text(page.get(), row, 0));
        after_id = ids.back();
        after_at = pq::text(page.get(), n - 1, 1);
        // Every candidate gets a claim row, and the rows that name no live lease are locked
        // until the commit: a claim of one of them waits, then finds its table gone.
        c.execPrepared("holding the claims of waiting tables", "expire_rows",
                       "INSERT INTO claims (table_id, lease, fence) SELECT id, NULL, 0 FROM "
                       "unnest($1::text[]) AS u(id) ON CONFLICT DO NOTHING",
                       {arrayLiteral(ids)});
        const pq::Result free = c.execPrepared(
            "locking the claims of waiting tables", "expire_lock",
            "SELECT c.table_id FROM claims c WHERE c.table_id = ANY($1::text[]) AND NOT EXISTS "
            "(SELECT 1 FROM node_leases l WHERE l.lease = c.lease AND l.expires_at > "
            "clock_timestamp()) FOR UPDATE SKIP LOCKED",
            {arrayLiteral(ids)});
        std::set<std::string> got;
        for (int row = 0; row < PQntuples(free.get()); ++row)
          got.insert(pq::text(free.get(), row, 0));
        for (const std::string& id : ids)  // oldest first, as chosen
          if (got.count(id)) locked.push_back(id);
        if (n < want) break;  // no more candidates
      }
      if (locked.empty()) return locked;
      // One statement, reading afresh under the locks: the rows that still qualify (not
      // started, finished nor claimed meanwhile), then their chat, seats, log, claim and row
      // (the foreign keys are checked at its end).
      const pq::Result gone = c.execPrepared(
          "expiring waiting tables", "expire_delete",
          "WITH doomed AS (SELECT t.id FROM tables t WHERE t.id = ANY($1::text[]) AND "
          "t.started_at IS NULL AND t.finished_at IS NULL AND t.created_at < $2 AND NOT EXISTS "
          "(SELECT 1 FROM claims c JOIN node_leases l ON l.lease = c.lease WHERE c.table_id = "
          "t.id AND l.expires_at > clock_timestamp()) FOR UPDATE OF t), "
          "chat_gone AS (DELETE FROM chat WHERE table_id IN (SELECT id FROM doomed)), "
          "seats_gone AS (DELETE FROM seat_players WHERE table_id IN (SELECT id FROM doomed)), "
          "events_gone AS (DELETE FROM events WHERE table_id IN (SELECT id FROM doomed)), "
          "claims_gone AS (DELETE FROM claims WHERE table_id IN (SELECT id FROM doomed)) "
          "DELETE FROM tables WHERE id IN (SELECT id FROM doomed) RETURNING id",
          {arrayLiteral(locked), num(created_before)});
      std::set<std::string> deleted;
      for (int row = 0; row < PQntuples(gone.get()); ++row)
        deleted.insert(pq::text(gone.get(), row, 0));
      std::vector<std::string> out;  // oldest first, as chosen
      for (std::string& id : locked)
        if (deleted.count(id)) out.push_back(std::move(id));
      return out;
    });
  });
}

void PgStore::requestRelease(const std::string& table_id) {
  try {
    read("asking for a table", [&](pq::Connection& c) {
      c.execPrepared("asking for a table", "request_release", "SELECT pg_notify($1, $2)",
                     {std::string(kReleaseChannel), table_id});
      return 0;
    });
  } catch (const StoreError&) {  // a request is a hint: the holder keeps serving the table
  }
}

}  // namespace pg
