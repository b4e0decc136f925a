#include "store/sqlite_store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <utility>

#include "store/rated_game.h"
#include "store/rating_store.h"
#include "store/sqlite_guard.h"

namespace pg {

namespace {

using sqlite::guarded;

// 1: tables and events. 2: rematches and chat, and the lobby's challenges
// (sqlite_challenge_store.h). 3: the tables each address created (sqlite_creation_store.h).
// 4: the players' accounts (sqlite_account_store.h). 5: the seat players and the ratings
// (sqlite_rating_store.h). 6: the attempts to sign up, sign in and recover, per address.
// 7: arena tournaments (sqlite_arena_store.h). 8: the accounts' e-mail addresses, their links'
// tokens and the outbox (sqlite_mail_store.h).
constexpr int kSchemaVersion = 8;

const char* const kSchema = R"sql(
CREATE TABLE IF NOT EXISTS tables (
  id            TEXT PRIMARY KEY,
  created_at    INTEGER NOT NULL,
  setup         TEXT NOT NULL,
  black_token   TEXT NOT NULL,
  white_token   TEXT NOT NULL,
  hotseat_token TEXT NOT NULL,
  started_at    INTEGER,
  finished_at   INTEGER,
  result        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables(created_at) WHERE finished_at IS NULL;
CREATE TABLE IF NOT EXISTS events (
  table_id TEXT NOT NULL REFERENCES tables(id),
  seq      INTEGER NOT NULL,
  at       INTEGER NOT NULL,
  event    TEXT NOT NULL,
  PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS challenges (
  id            TEXT PRIMARY KEY,
  address       TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  listing       TEXT NOT NULL,
  cancel_secret TEXT NOT NULL,
  table_id      TEXT,
  seat_token    TEXT NOT NULL DEFAULT '',
  taken_at      INTEGER,
  cancelled_at  INTEGER
);
CREATE INDEX IF NOT EXISTS challenges_address ON challenges(address, created_at);
CREATE INDEX IF NOT EXISTS challenges_open ON challenges(created_at)
  WHERE taken_at IS NULL AND cancelled_at IS NULL;
)sql";

// Version 2: rematches and chat. Applied once, to a database of version 1 (or a new one).
const char* const kSchemaV2 = R"sql(
ALTER TABLE tables ADD COLUMN rematch_of TEXT;
CREATE UNIQUE INDEX tables_rematch_of ON tables(rematch_of) WHERE rematch_of IS NOT NULL;
CREATE TABLE chat (
  table_id TEXT NOT NULL REFERENCES tables(id),
  seq      INTEGER NOT NULL,
  at       INTEGER NOT NULL,
  line     TEXT NOT NULL,
  PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
)sql";

// Version 3: the creation counts. Applied once, to a database of version 2 or older (or a new
// one). No foreign key: a creation is counted before its table is stored, and outlives the
// table when an unjoined table is expired.
const char* const kSchemaV3 = R"sql(
CREATE TABLE creations (
  table_id   TEXT PRIMARY KEY,
  address    TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX creations_address ON creations(address, created_at);
CREATE INDEX creations_created ON creations(created_at);
)sql";

// Version 4: the players' accounts, their passkeys, sessions and recovery codes, and the
// challenges of the passkey ceremonies in progress. Applied once, to a database of version 3 or
// older (or a new one). name_key is the name in lower case (accountNameKey): names are unique
// regardless of case. A ceremony's account_id may be empty, so it has no foreign key.
const char* const kSchemaV4 = R"sql(
CREATE TABLE accounts (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  name_key   TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX accounts_name_key ON accounts(name_key);
CREATE TABLE passkeys (
  credential_id BLOB PRIMARY KEY,
  account_id    TEXT NOT NULL REFERENCES accounts(id),
  alg           INTEGER NOT NULL,
  public_key    BLOB NOT NULL,
  sign_count    INTEGER NOT NULL,
  label         TEXT NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL,
  last_used_at  INTEGER NOT NULL
);
CREATE INDEX passkeys_account ON passkeys(account_id, created_at);
CREATE TABLE ceremonies (
  id         TEXT PRIMARY KEY,
  purpose    TEXT NOT NULL,
  account_id TEXT NOT NULL DEFAULT '',
  challenge  BLOB NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX ceremonies_expires ON ceremonies(expires_at);
CREATE TABLE sessions (
  token_hash BLOB PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions(account_id);
CREATE INDEX sessions_expires ON sessions(expires_at);
CREATE TABLE recovery_codes (
  id         INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  hash       TEXT NOT NULL,
  used_at    INTEGER
);
CREATE INDEX recovery_codes_account ON recovery_codes(account_id);
)sql";

// Version 5: who sits in each seat (a player key: an account id or "computer:<level>"; colour
// 0 black, 1 white), each player's Glicko-2 rating per category (a rating::categoryName), and
// every rated game's change of each player's rating. Applied once, to a database of version 4
// or older (or a new one). A player key is not always an account, so it has no foreign key.
const char* const kSchemaV5 = R"sql(
CREATE TABLE seat_players (
  table_id TEXT NOT NULL REFERENCES tables(id),
  color    INTEGER NOT NULL CHECK (color IN (0, 1)),
  player   TEXT NOT NULL,
  bound_at INTEGER NOT NULL,
  PRIMARY KEY (table_id, color)
) WITHOUT ROWID;
CREATE INDEX seat_players_player ON seat_players(player);
CREATE TABLE ratings (
  player       TEXT NOT NULL,
  category     TEXT NOT NULL,
  rating       REAL NOT NULL,
  deviation    REAL NOT NULL,
  volatility   REAL NOT NULL,
  games        INTEGER NOT NULL,
  last_game_at INTEGER NOT NULL,
  PRIMARY KEY (player, category)
) WITHOUT ROWID;
CREATE INDEX ratings_category ON ratings(category, rating);
CREATE TABLE rating_history (
  table_id         TEXT NOT NULL REFERENCES tables(id),
  player           TEXT NOT NULL,
  category         TEXT NOT NULL,
  at               INTEGER NOT NULL,
  rating_before    REAL NOT NULL,
  deviation_before REAL NOT NULL,
  rating           REAL NOT NULL,
  deviation        REAL NOT NULL,
  volatility       REAL NOT NULL,
  opponent         TEXT NOT NULL,
  score            REAL NOT NULL,
  PRIMARY KEY (table_id, player)
) WITHOUT ROWID;
CREATE INDEX rating_history_player ON rating_history(player, at);
)sql";

// Version 6 (issue #37): the attempts to sign up, sign in and recover an account, counted per
// client address for their limits (AccountStore::admitAttempt). Applied once, to a database of
// version 5 or older.
const char* const kSchemaV6 = R"sql(
CREATE TABLE auth_attempts (
  kind    TEXT NOT NULL,
  address TEXT NOT NULL,
  at      INTEGER NOT NULL
);
CREATE INDEX auth_attempts_address ON auth_attempts(kind, address, at);
CREATE INDEX auth_attempts_at ON auth_attempts(kind, at);
)sql";

// Version 7 (issue #39): arena tournaments (arena_store.h): the arenas, their players and the
// games they paired, whose results are the tables' own. Applied once, to a database of version
// 6 or older.
const char* const kSchemaV7 = R"sql(
CREATE TABLE arenas (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  creator    TEXT NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL,
  starts_at  INTEGER NOT NULL,
  ends_at    INTEGER NOT NULL,
  setup      TEXT NOT NULL
);
CREATE INDEX arenas_ends ON arenas(ends_at);
CREATE INDEX arenas_creator ON arenas(creator, created_at);
CREATE TABLE arena_players (
  arena_id   TEXT NOT NULL REFERENCES arenas(id),
  account_id TEXT NOT NULL REFERENCES accounts(id),
  joined_at  INTEGER NOT NULL,
  state      TEXT NOT NULL CHECK (state IN ('active', 'paused', 'left')),
  seen_at    INTEGER NOT NULL,
  PRIMARY KEY (arena_id, account_id)
) WITHOUT ROWID;
CREATE TABLE arena_games (
  table_id  TEXT PRIMARY KEY REFERENCES tables(id),
  arena_id  TEXT NOT NULL REFERENCES arenas(id),
  black     TEXT NOT NULL,
  white     TEXT NOT NULL,
  paired_at INTEGER NOT NULL
);
CREATE INDEX arena_games_arena ON arena_games(arena_id, paired_at);
CREATE INDEX arena_games_black ON arena_games(black);
CREATE INDEX arena_games_white ON arena_games(white);
)sql";

// Version 8 (issue #39, mail): each account's e-mail address (address_key is the address in
// ASCII lower case, unique), the single-use tokens of the links sent to it (by SHA-256 hash),
// and the outbox of mails to send (one per dedupe_key; a sender claims a due row until
// claimed_until, marks it sent_at, or records its error and when to try again). Applied once,
// to a database of version 7 or older.
const char* const kSchemaV8 = R"sql(
CREATE TABLE account_emails (
  account_id  TEXT PRIMARY KEY REFERENCES accounts(id),
  address     TEXT NOT NULL,
  address_key TEXT NOT NULL UNIQUE,
  verified_at INTEGER,
  mail_on     INTEGER NOT NULL DEFAULT 1,
  lang        TEXT NOT NULL DEFAULT 'en'
) WITHOUT ROWID;
CREATE TABLE email_tokens (
  hash       BLOB PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('verify', 'sign-in', 'off')),
  account_id TEXT NOT NULL,
  address    TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
) WITHOUT ROWID;
CREATE INDEX email_tokens_expires ON email_tokens(expires_at);
CREATE TABLE outbox (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  dedupe_key      TEXT NOT NULL UNIQUE,
  recipient       TEXT NOT NULL,
  subject         TEXT NOT NULL,
  body            TEXT NOT NULL,
  unsubscribe_url TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  claimed_until   INTEGER NOT NULL DEFAULT 0,
  sent_at         INTEGER,
  failed_at       INTEGER,
  last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
)sql";

}  // namespace

SqliteStore::SqliteStore(const std::string& path, Durability durability, bool group_commit)
    : queue_(*this, group_commit) {
  guarded("opening the database", [&] {
    db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db_->setBusyTimeout(5000);
    db_->exec("PRAGMA journal_mode=WAL");
    db_->exec(durability == Durability::Full ? "PRAGMA synchronous=FULL"
                                             : "PRAGMA synchronous=NORMAL");
    db_->exec("PRAGMA foreign_keys=ON");
    const int version = db_->execAndGet("PRAGMA user_version").getInt();
    if (version > kSchemaVersion)
      throw StoreError("the database has schema version " + std::to_string(version) +
                       ", newer than this server's " + std::to_string(kSchemaVersion));
    SQLite::Transaction tx(*db_);
    db_->exec(kSchema);
    if (version < 2) db_->exec(kSchemaV2);
    if (version < 3) db_->exec(kSchemaV3);
    if (version < 4) db_->exec(kSchemaV4);
    if (version < 5) db_->exec(kSchemaV5);
    if (version < 6) db_->exec(kSchemaV6);
    if (version < 7) db_->exec(kSchemaV7);
    if (version < 8) db_->exec(kSchemaV8);
    db_->exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
    tx.commit();
    description_ = "sqlite " + path + " (journal " +
                   db_->execAndGet("PRAGMA journal_mode").getString() + ", synchronous " +
                   (durability == Durability::Full ? "full" : "normal") + ")";
  });
  queue_.start();
}

SqliteStore::~SqliteStore() {
  queue_.stop();  // while this store can still commit
}

std::string SqliteStore::description() const {
  return description_;
}

std::string SqliteStore::journalMode() {
  std::lock_guard lock(mutex_);
  return guarded("reading the journal mode",
                 [&] { return db_->execAndGet("PRAGMA journal_mode").getString(); });
}

namespace {

/// The player's rating row in `category`, if any.
std::optional<PlayerRating> ratingOf(SQLite::Database& db, const std::string& player,
                                     const std::string& category) {
  SQLite::Statement q(db,
                      "SELECT rating, deviation, volatility, games, last_game_at FROM ratings "
                      "WHERE player = ? AND category = ?");
  q.bind(1, player);
  q.bind(2, category);
  if (!q.executeStep()) return std::nullopt;
  return PlayerRating{player,
                      category,
                      q.getColumn(0).getDouble(),
                      q.getColumn(1).getDouble(),
                      q.getColumn(2).getDouble(),
                      q.getColumn(3).getInt(),
                      q.getColumn(4).getInt64()};
}

void putRating(SQLite::Database& db, const PlayerRating& r) {
  SQLite::Statement q(db,
                      "INSERT INTO ratings (player, category, rating, deviation, volatility, "
                      "games, last_game_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, "
                      "category) DO UPDATE SET rating = excluded.rating, deviation = "
                      "excluded.deviation, volatility = excluded.volatility, games = "
                      "excluded.games, last_game_at = excluded.last_game_at");
  q.bind(1, r.player);
  q.bind(2, r.category);
  q.bind(3, r.rating);
  q.bind(4, r.deviation);
  q.bind(5, r.volatility);
  q.bind(6, r.games);
  q.bind(7, static_cast<int64_t>(r.last_game_at));
  q.exec();
}

void putChange(SQLite::Database& db, const RatingChange& c) {
  SQLite::Statement q(db,
                      "INSERT INTO rating_history (table_id, player, category, at, "
                      "rating_before, deviation_before, rating, deviation, volatility, opponent, "
                      "score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, c.table_id);
  q.bind(2, c.player);
  q.bind(3, c.category);
  q.bind(4, static_cast<int64_t>(c.at));
  q.bind(5, c.rating_before);
  q.bind(6, c.deviation_before);
  q.bind(7, c.rating);
  q.bind(8, c.deviation);
  q.bind(9, c.volatility);
  q.bind(10, c.opponent);
  q.bind(11, c.score);
  q.exec();
}

/// Rates the game of a rated end (rated_game.h), inside the transaction that stores the end:
/// nothing when a seat is unbound or one player holds both. The transaction already writes
/// (the end came first), so it holds the file's write lock: no other connection changes a
/// rating between the reads and the writes.
void rateEnd(SQLite::Database& db, const std::string& table_id, const StoredEnd& end,
             const RatedEnd& rated) {
  SQLite::Statement seats(db, "SELECT color, player FROM seat_players WHERE table_id = ?");
  seats.bind(1, table_id);
  std::optional<std::string> black, white;
  while (seats.executeStep())
    (seats.getColumn(0).getInt() == kBlackSeat ? black : white) = seats.getColumn(1).getString();
  if (!black || !white || *black == *white) return;
  const RatedGame g =
      rateGame(table_id, *black, *white, end.at, rated, ratingOf(db, *black, rated.category),
               ratingOf(db, *white, rated.category));
  putRating(db, g.black);
  putRating(db, g.white);
  putChange(db, g.black_change);
  putChange(db, g.white_change);
}

void createTable(SQLite::Database& db, const StoredTable& t) {
  SQLite::Statement q(db,
                      "INSERT INTO tables (id, created_at, setup, black_token, white_token, "
                      "hotseat_token, started_at, finished_at, result, rematch_of) VALUES (?, ?, "
                      "?, ?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, t.id);
  q.bind(2, static_cast<int64_t>(t.created_at));
  q.bind(3, t.setup);
  q.bind(4, t.black_token);
  q.bind(5, t.white_token);
  q.bind(6, t.hotseat_token);
  if (t.started_at) q.bind(7, static_cast<int64_t>(*t.started_at));
  if (t.finished_at) q.bind(8, static_cast<int64_t>(*t.finished_at));
  q.bind(9, t.result);
  if (!t.rematch_of.empty()) q.bind(10, t.rematch_of);
  q.exec();
}

/// An arena's pairing (PairArena): refused whole when a player is in an unfinished arena game;
/// else each table, its two seat players and its arena row. The transaction holds the file's
/// write lock from its first write, and the check is made after one, so no other connection
/// pairs a player between the check and the commit.
void pairArena(SQLite::Database& db, const PairArena& p) {
  SQLite::Statement busy(db,
                         "SELECT 1 FROM arena_games g JOIN tables t ON t.id = g.table_id WHERE "
                         "t.finished_at IS NULL AND (g.black = ?1 OR g.white = ?1)");
  SQLite::Statement seat(
      db, "INSERT INTO seat_players (table_id, color, player, bound_at) VALUES (?, ?, ?, ?)");
  SQLite::Statement row(db,
                        "INSERT INTO arena_games (table_id, arena_id, black, white, paired_at) "
                        "VALUES (?, ?, ?, ?, ?)");
  for (const ArenaPairing& g : p.games) {
    if (g.black == g.white) throw StoreError("pairing an arena: a player against themselves");
    createTable(db, g.table);
    for (const auto& [color, player] : {std::pair{kBlackSeat, &g.black}, {kWhiteSeat, &g.white}}) {
      busy.bind(1, *player);
      const bool in_game = busy.executeStep();
      busy.reset();
      if (in_game) throw StoreError("pairing an arena: a player is already in an arena game");
      seat.bind(1, g.table.id);
      seat.bind(2, color);
      seat.bind(3, *player);
      seat.bind(4, static_cast<int64_t>(p.at));
      seat.exec();
      seat.reset();
    }
    row.bind(1, g.table.id);
    row.bind(2, p.arena_id);
    row.bind(3, g.black);
    row.bind(4, g.white);
    row.bind(5, static_cast<int64_t>(p.at));
    row.exec();
    row.reset();
  }
}

/// A mail a table queues (QueueMail), with the token of its link, unless queued before.
void queueMail(SQLite::Database& db, const QueueMail& x) {
  const MailDraft& m = x.mail;
  SQLite::Statement q(db,
                      "INSERT INTO outbox (dedupe_key, recipient, subject, body, "
                      "unsubscribe_url, created_at, next_attempt_at) VALUES (?1, ?2, "
                      "?3, ?4, ?5, ?6, ?6) ON CONFLICT (dedupe_key) DO NOTHING");
  q.bind(1, m.dedupe_key);
  q.bind(2, m.recipient);
  q.bind(3, m.subject);
  q.bind(4, m.body);
  q.bind(5, m.unsubscribe_url);
  q.bind(6, static_cast<int64_t>(x.at));
  if (q.exec() != 1 || !x.token) return;  // queued before
  const EmailToken& t = *x.token;
  SQLite::Statement k(db,
                      "INSERT INTO email_tokens (hash, kind, account_id, address, "
                      "expires_at) VALUES (?, ?, ?, ?, ?)");
  static const uint8_t kNothing = 0;
  k.bind(1, t.hash.empty() ? static_cast<const void*>(&kNothing) : t.hash.data(),
         static_cast<int>(t.hash.size()));
  k.bind(2, emailTokenKindName(t.kind));
  k.bind(3, t.account_id);
  k.bind(4, t.address);
  k.bind(5, static_cast<int64_t>(t.expires_at));
  k.exec();
}

/// The statements of one write, inside the caller's transaction.
void writeOne(SQLite::Database& db, const StoreWrite& w) {
  std::visit(Overloaded{
                 [&](const CreateTable& c) { createTable(db, c.table); },
                 [&](const AppendEvents& a) {
                   SQLite::Statement q(
                       db, "INSERT INTO events (table_id, seq, at, event) VALUES (?, ?, ?, ?)");
                   for (const StoredEvent& e : a.events) {
                     q.bind(1, a.table_id);
                     q.bind(2, static_cast<int64_t>(e.seq));
                     q.bind(3, static_cast<int64_t>(e.at));
                     q.bind(4, e.event);
                     q.exec();
                     q.reset();
                   }
                   if (a.end) {
                     SQLite::Statement f(
                         db, "UPDATE tables SET finished_at = ?, result = ? WHERE id = ?");
                     f.bind(1, static_cast<int64_t>(a.end->at));
                     f.bind(2, a.end->result);
                     f.bind(3, a.table_id);
                     if (f.exec() != 1) throw StoreError("finishing an unknown table");
                     if (a.rated) rateEnd(db, a.table_id, *a.end, *a.rated);
                   }
                 },
                 [&](const StartTable& s) {
                   SQLite::Statement q(
                       db, "UPDATE tables SET started_at = ? WHERE id = ? AND started_at IS NULL");
                   q.bind(1, static_cast<int64_t>(s.at));
                   q.bind(2, s.table_id);
                   q.exec();
                 },
                 [&](const AppendChat& c) {
                   SQLite::Statement q(
                       db, "INSERT INTO chat (table_id, seq, at, line) VALUES (?, ?, ?, ?)");
                   q.bind(1, c.table_id);
                   q.bind(2, static_cast<int64_t>(c.line.seq));
                   q.bind(3, static_cast<int64_t>(c.line.at));
                   q.bind(4, c.line.line);
                   q.exec();
                 },
                 [&](const SetSetup& s) {
                   SQLite::Statement q(db, "UPDATE tables SET setup = ? WHERE id = ?");
                   q.bind(1, s.setup);
                   q.bind(2, s.table_id);
                   if (q.exec() != 1) throw StoreError("the setup of an unknown table");
                 },
                 [&](const PairArena& p) { pairArena(db, p); },
                 [&](const QueueMail& x) { queueMail(db, x); },
             },
             w);
}

}  // namespace

void SqliteStore::write(StoreWrite w, WriteDone done) {
  queue_.write(std::move(w), std::move(done));
}

void SqliteStore::commit(std::span<const StoreWrite> writes) {
  std::lock_guard lock(mutex_);
  guarded(writes.size() == 1 ? describe(writes[0]) : "writing queued events", [&] {
    SQLite::Transaction tx(*db_);
    for (const StoreWrite& w : writes) writeOne(*db_, w);
    tx.commit();
  });
}

std::vector<StoredChat> SqliteStore::chat(const std::string& id) {
  std::lock_guard lock(mutex_);
  return guarded("reading the chat", [&] {
    SQLite::Statement q(*db_, "SELECT seq, at, line FROM chat WHERE table_id = ? ORDER BY seq");
    q.bind(1, id);
    std::vector<StoredChat> out;
    while (q.executeStep())
      out.push_back(StoredChat{q.getColumn(0).getInt64(), q.getColumn(1).getInt64(),
                               q.getColumn(2).getString()});
    return out;
  });
}

std::optional<StoredTable> SqliteStore::table(const std::string& id) {
  std::lock_guard lock(mutex_);
  return guarded("reading a table", [&]() -> std::optional<StoredTable> {
    SQLite::Statement q(*db_,
                        "SELECT id, created_at, setup, black_token, white_token, hotseat_token, "
                        "started_at, finished_at, result, coalesce(rematch_of, ''), "
                        "coalesce((SELECT r.id FROM tables r WHERE r.rematch_of = t.id), '') "
                        "FROM tables t WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return std::nullopt;
    StoredTable t;
    t.id = q.getColumn(0).getString();
    t.created_at = q.getColumn(1).getInt64();
    t.setup = q.getColumn(2).getString();
    t.black_token = q.getColumn(3).getString();
    t.white_token = q.getColumn(4).getString();
    t.hotseat_token = q.getColumn(5).getString();
    if (!q.getColumn(6).isNull()) t.started_at = q.getColumn(6).getInt64();
    if (!q.getColumn(7).isNull()) t.finished_at = q.getColumn(7).getInt64();
    t.result = q.getColumn(8).getString();
    t.rematch_of = q.getColumn(9).getString();
    t.rematch = q.getColumn(10).getString();
    return t;
  });
}

std::vector<StoredEvent> SqliteStore::events(const std::string& id) {
  std::lock_guard lock(mutex_);
  return guarded("reading events", [&] {
    SQLite::Statement q(*db_, "SELECT seq, at, event FROM events WHERE table_id = ? ORDER BY seq");
    q.bind(1, id);
    std::vector<StoredEvent> out;
    while (q.executeStep())
      out.push_back(StoredEvent{q.getColumn(0).getInt64(), q.getColumn(1).getInt64(),
                                q.getColumn(2).getString()});
    return out;
  });
}

std::vector<std::string> SqliteStore::unfinishedTables() {
  std::lock_guard lock(mutex_);
  return guarded("listing unfinished tables", [&] {
    SQLite::Statement q(*db_,
                        "SELECT id FROM tables WHERE finished_at IS NULL ORDER BY created_at, id");
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
  });
}

std::vector<std::string> SqliteStore::expireWaiting(int64_t created_before, int limit) {
  if (limit <= 0) return {};  // (SQLite reads a negative LIMIT as none)
  std::lock_guard lock(mutex_);
  return guarded("expiring waiting tables", [&] {
    // IMMEDIATE: the file's write lock from the choice to the deletes, so that no other
    // connection starts or finishes a chosen table in between.
    SQLite::Transaction tx(*db_, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement pick(*db_,
                           "SELECT id FROM tables WHERE started_at IS NULL AND finished_at IS "
                           "NULL AND created_at < ? ORDER BY created_at, id LIMIT ?");
    pick.bind(1, static_cast<int64_t>(created_before));
    pick.bind(2, limit);
    std::vector<std::string> ids;
    while (pick.executeStep()) ids.push_back(pick.getColumn(0).getString());
    // The log, the chat and the seats first: they refer to the table (foreign keys).
    SQLite::Statement chat(*db_, "DELETE FROM chat WHERE table_id = ?");
    SQLite::Statement events(*db_, "DELETE FROM events WHERE table_id = ?");
    SQLite::Statement seats(*db_, "DELETE FROM seat_players WHERE table_id = ?");
    SQLite::Statement table(*db_,
                            "DELETE FROM tables WHERE id = ? AND started_at IS NULL AND "
                            "finished_at IS NULL AND created_at < ?");
    for (const std::string& id : ids) {
      for (SQLite::Statement* q : {&chat, &events, &seats}) {
        q->bind(1, id);
        q->exec();
        q->reset();
      }
      table.bind(1, id);
      table.bind(2, static_cast<int64_t>(created_before));
      if (table.exec() != 1) throw StoreError("a waiting table changed under its expiry");
      table.reset();
    }
    tx.commit();
    return ids;
  });
}

}  // namespace pg
