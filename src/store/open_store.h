// The store a server opens for a --db location: PostgreSQL for a connection URI, else SQLite.
#pragma once

#include <memory>
#include <string>

#include "store/account_store.h"
#include "store/arena_store.h"
#include "store/challenge_store.h"
#include "store/creation_store.h"
#include "store/mail_store.h"
#include "store/rating_store.h"
#include "store/sqlite_store.h"
#include "store/store.h"

namespace pg {

/// Whether `location` names a PostgreSQL database ("postgresql://..." or "postgres://...").
bool isPostgresLocation(const std::string& location);

/// Whether `location` is a libpq connection string in the key=value form ("host=/run/postgresql
/// dbname=phantomgo"), which openStore takes for a file name: for the commands that must not
/// mistake a database for a missing file.
bool isPostgresConninfo(const std::string& location);

/// PgStore for a location starting with postgresql:// or postgres:// (libpq's URI, several
/// hosts allowed), else SqliteStore on the file at that path. `durability` is SQLite's (the
/// PostgreSQL server's own settings decide there); `group_commit` applies to both. Throws
/// StoreError.
std::unique_ptr<Store> openStore(const std::string& location, Durability durability,
                                 bool group_commit);

/// The lobby in the same database as openStore(location, ...), which must be opened first (it
/// brings the schema up to date). Throws StoreError.
std::unique_ptr<ChallengeStore> openChallengeStore(const std::string& location,
                                                   Durability durability);

/// The creation counts in the same database as openStore(location, ...), which must be opened
/// first (it brings the schema up to date). `durability` is not used: the counts are always
/// committed with relaxed durability (sqlite_creation_store.h, pg_creation_store.h); it is
/// taken so that the stores of one location open alike. Throws StoreError.
std::unique_ptr<CreationStore> openCreationStore(const std::string& location,
                                                 Durability durability);

/// The players' accounts in the same database as openStore(location, ...), which must be opened
/// first (it brings the schema up to date). Throws StoreError.
std::unique_ptr<AccountStore> openAccountStore(const std::string& location, Durability durability);

/// The seat players and the ratings in the same database as openStore(location, ...), which
/// must be opened first (it brings the schema up to date). Throws StoreError.
std::unique_ptr<RatingStore> openRatingStore(const std::string& location, Durability durability);

/// The arenas in the same database as openStore(location, ...), which must be opened first (it
/// brings the schema up to date). Throws StoreError.
std::unique_ptr<ArenaStore> openArenaStore(const std::string& location, Durability durability);
/// The accounts' e-mail addresses, their links' tokens and the outbox, in the same database as
/// openStore(location, ...), which must be opened first (it brings the schema up to date).
/// Throws StoreError.
std::unique_ptr<MailStore> openMailStore(const std::string& location, Durability durability);

}  // namespace pg
