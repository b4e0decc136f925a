#include "store/pg_migrations.h"

#include <string>
#include <vector>

namespace pg::pq {

namespace {

struct Migration {
  int version;
  const char* sql;
};

// Append only: a migration, once released, never changes; a new schema is a new entry.
const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1, R"sql(
CREATE TABLE tables (
  id            text PRIMARY KEY,
  created_at    bigint NOT NULL,
  setup         text NOT NULL,
  black_token   text NOT NULL,
  white_token   text NOT NULL,
  hotseat_token text NOT NULL,
  started_at    bigint,
  finished_at   bigint,
  result        text NOT NULL DEFAULT ''
);
CREATE INDEX tables_unfinished ON tables (created_at) WHERE finished_at IS NULL;
CREATE TABLE events (
  table_id text NOT NULL REFERENCES tables (id),
  seq      bigint NOT NULL,
  at       bigint NOT NULL,
  event    text NOT NULL,
  PRIMARY KEY (table_id, seq)
);
)sql"},
      // 2: rematches and chat (store.h), and the lobby's open challenges
      // (pg_challenge_store.h).
      {2, R"sql(
ALTER TABLE tables ADD COLUMN rematch_of text;
CREATE UNIQUE INDEX tables_rematch_of ON tables (rematch_of) WHERE rematch_of IS NOT NULL;
CREATE TABLE chat (
  table_id text NOT NULL REFERENCES tables (id),
  seq      bigint NOT NULL,
  at       bigint NOT NULL,
  line     text NOT NULL,
  PRIMARY KEY (table_id, seq)
);
CREATE TABLE challenges (
  id            text PRIMARY KEY,
  address       text NOT NULL,
  created_at    bigint NOT NULL,
  expires_at    bigint NOT NULL,
  listing       text NOT NULL,
  cancel_secret text NOT NULL,
  table_id      text,
  seat_token    text NOT NULL DEFAULT '',
  taken_at      bigint,
  cancelled_at  bigint
);
CREATE INDEX challenges_address ON challenges (address, created_at);
CREATE INDEX challenges_open ON challenges (created_at)
  WHERE taken_at IS NULL AND cancelled_at IS NULL;
)sql"},
      // 3: the tables each address created, for the limits on creating tables
      // (pg_creation_store.h). No foreign key: a creation is counted before its table is
      // stored, and outlives the table when an unjoined table is expired.
      {3, R"sql(
CREATE TABLE creations (
  table_id   text PRIMARY KEY,
  address    text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX creations_address ON creations (address, created_at);
CREATE INDEX creations_created ON creations (created_at);
)sql"},
      // 4: the players' accounts, their passkeys, sessions and recovery codes, and the
      // challenges of the passkey ceremonies in progress (pg_account_store.h). name_key is the
      // name in lower case (accountNameKey): names are unique regardless of case. A ceremony's
      // account_id may be empty, so it has no foreign key.
      {4, R"sql(
CREATE TABLE accounts (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  name_key   text NOT NULL,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX accounts_name_key ON accounts (name_key);
CREATE TABLE passkeys (
  credential_id bytea PRIMARY KEY,
  account_id    text NOT NULL REFERENCES accounts (id),
  alg           integer NOT NULL,
  public_key    bytea NOT NULL,
  sign_count    bigint NOT NULL,
  label         text NOT NULL DEFAULT '',
  created_at    bigint NOT NULL,
  last_used_at  bigint NOT NULL
);
CREATE INDEX passkeys_account ON passkeys (account_id, created_at);
CREATE TABLE ceremonies (
  id         text PRIMARY KEY,
  purpose    text NOT NULL,
  account_id text NOT NULL DEFAULT '',
  challenge  bytea NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX ceremonies_expires ON ceremonies (expires_at);
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id),
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE TABLE recovery_codes (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id),
  hash       text NOT NULL,
  used_at    bigint
);
CREATE INDEX recovery_codes_account ON recovery_codes (account_id);
)sql"},
      // 5: who sits in each seat (a player key: an account id or "computer:<level>"; colour 0
      // black, 1 white), each player's Glicko-2 rating per category (a rating::categoryName),
      // and every rated game's change of each player's rating (pg_rating_store.h; the ratings
      // are written by a rated end, pg_store.h). A player key is not always an account, so it
      // has no foreign key.
      {5, R"sql(
CREATE TABLE seat_players (
  table_id text NOT NULL REFERENCES tables (id),
  color    smallint NOT NULL CHECK (color IN (0, 1)),
  player   text NOT NULL,
  bound_at bigint NOT NULL,
  PRIMARY KEY (table_id, color)
);
CREATE INDEX seat_players_player ON seat_players (player);
CREATE TABLE ratings (
  player       text NOT NULL,
  category     text NOT NULL,
  rating       double precision NOT NULL,
  deviation    double precision NOT NULL,
  volatility   double precision NOT NULL,
  games        integer NOT NULL,
  last_game_at bigint NOT NULL,
  PRIMARY KEY (player, category)
);
CREATE INDEX ratings_category ON ratings (category, rating);
CREATE TABLE rating_history (
  table_id         text NOT NULL REFERENCES tables (id),
  player           text NOT NULL,
  category         text NOT NULL,
  at               bigint NOT NULL,
  rating_before    double precision NOT NULL,
  deviation_before double precision NOT NULL,
  rating           double precision NOT NULL,
  deviation        double precision NOT NULL,
  volatility       double precision NOT NULL,
  opponent         text NOT NULL,
  score            double precision NOT NULL,
  PRIMARY KEY (table_id, player)
);
CREATE INDEX rating_history_player ON rating_history (player, at);
)sql"},
      // Version 6 (issue #37): the attempts to sign up, sign in and recover an account,
      // counted per client address for their limits (AccountStore::admitAttempt).
      {6, R"sql(
CREATE TABLE auth_attempts (
  kind    text NOT NULL,
  address text NOT NULL,
  at      bigint NOT NULL
);
CREATE INDEX auth_attempts_address ON auth_attempts (kind, address, at);
CREATE INDEX auth_attempts_at ON auth_attempts (kind, at);
)sql"},
      // Version 7 (issue #38): ownership that expires. A node holds one lease at a time (a row
      // of node_leases with a deadline in the database's clock, renewed by its owner); a claim
      // of a table names the lease it belongs to and carries the table's fencing token, which
      // every claim raises (pg_lease.h, pg_store.h). No foreign keys: a claim of a table that
      // is only being created is allowed, and old leases are deleted without touching claims.
      {7, R"sql(
CREATE TABLE node_leases (
  lease      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  node       text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE claims (
  table_id text PRIMARY KEY,
  lease    bigint,
  fence    bigint NOT NULL
);
CREATE INDEX claims_lease ON claims (lease);
)sql"},
      // Version 8 (issue #39): arena tournaments (pg_arena_store.h): the arenas, their players
      // and the games they paired, whose results are the tables' own. An arena's pairing is
      // fenced by the claim row of "arena:<id>" in `claims`, like a table's writes.
      {8, R"sql(
CREATE TABLE arenas (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  creator    text NOT NULL REFERENCES accounts (id),
  created_at bigint NOT NULL,
  starts_at  bigint NOT NULL,
  ends_at    bigint NOT NULL,
  setup      text NOT NULL
);
CREATE INDEX arenas_ends ON arenas (ends_at);
CREATE INDEX arenas_creator ON arenas (creator, created_at);
CREATE TABLE arena_players (
  arena_id   text NOT NULL REFERENCES arenas (id),
  account_id text NOT NULL REFERENCES accounts (id),
  joined_at  bigint NOT NULL,
  state      text NOT NULL CHECK (state IN ('active', 'paused', 'left')),
  seen_at    bigint NOT NULL,
  PRIMARY KEY (arena_id, account_id)
);
CREATE TABLE arena_games (
  table_id  text PRIMARY KEY REFERENCES tables (id),
  arena_id  text NOT NULL REFERENCES arenas (id),
  black     text NOT NULL,
  white     text NOT NULL,
  paired_at bigint NOT NULL
);
CREATE INDEX arena_games_arena ON arena_games (arena_id, paired_at);
CREATE INDEX arena_games_black ON arena_games (black);
CREATE INDEX arena_games_white ON arena_games (white);
)sql"},
      // Version 9 (issue #39, mail): each account's e-mail address (address_key is the address
      // in ASCII lower case, unique), the single-use tokens of the links sent to it (by SHA-256
      // hash), and the outbox of mails to send (one per dedupe_key; a sender claims due rows
      // until claimed_until, marks them sent_at, or records the error and the next attempt).
      {9, R"sql(
CREATE TABLE account_emails (
  account_id  text PRIMARY KEY REFERENCES accounts (id),
  address     text NOT NULL,
  address_key text NOT NULL UNIQUE,
  verified_at bigint,
  mail_on     boolean NOT NULL DEFAULT true,
  lang        text NOT NULL DEFAULT 'en'
);
CREATE TABLE email_tokens (
  hash       bytea PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('verify', 'sign-in', 'off')),
  account_id text NOT NULL,
  address    text NOT NULL,
  expires_at bigint NOT NULL,
  used_at    bigint
);
CREATE INDEX email_tokens_expires ON email_tokens (expires_at);
CREATE TABLE outbox (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dedupe_key      text NOT NULL UNIQUE,
  recipient       text NOT NULL,
  subject         text NOT NULL,
  body            text NOT NULL,
  unsubscribe_url text NOT NULL,
  created_at      bigint NOT NULL,
  attempts        int NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  claimed_until   bigint NOT NULL DEFAULT 0,
  sent_at         bigint,
  failed_at       bigint,
  last_error      text NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
)sql"},
  };
  return list;
}

}  // namespace

int latestSchemaVersion() {
  return migrations().back().version;
}

void migrate(Connection& c) {
  c.exec("starting the schema migration", "BEGIN");
  try {
    c.exec("locking the schema migration", "SELECT pg_advisory_xact_lock($1::int, $2::int)",
           {std::to_string(kMigrationLockKey1), std::to_string(kMigrationLockKey2)});
    c.exec("creating schema_migrations",
           "CREATE TABLE IF NOT EXISTS schema_migrations ("
           "version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    const Result r = c.exec("reading the schema version",
                            "SELECT coalesce(max(version), 0) FROM schema_migrations");
    const int64_t current = int64At(r.get(), 0, 0);
    if (current > latestSchemaVersion())
      throw StoreError("the database has schema version " + std::to_string(current) +
                       ", newer than this server's " + std::to_string(latestSchemaVersion()) +
                       ": upgrade this server");
    for (const Migration& m : migrations()) {
      if (m.version <= current) continue;
      c.exec("applying a schema migration", m.sql);
      c.exec("recording a schema migration", "INSERT INTO schema_migrations (version) VALUES ($1)",
             {std::to_string(m.version)});
    }
    c.exec("committing the schema migration", "COMMIT");
  } catch (...) {
    if (c.ok()) {
      try {
        c.exec("rolling back the schema migration", "ROLLBACK");
      } catch (const StoreError&) {  // the first error is the one to report
      }
    }
    throw;
  }
}

void requireSchema(Connection& c, int first_version, const char* what) {
  const Result r = c.exec("reading the schema version",
                          "SELECT coalesce(max(version), 0) FROM schema_migrations");
  const int64_t version = int64At(r.get(), 0, 0);
  if (version < first_version)
    throw StoreError("the database has schema version " + std::to_string(version) + ", without " +
                     what + ": open it as a PgStore first");
}

}  // namespace pg::pq
