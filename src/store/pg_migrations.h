// PgStore's schema, versioned: an ordered list of migrations, applied at start.
//
// migrate() runs in one transaction under pg_advisory_xact_lock(kMigrationLockKey1,
// kMigrationLockKey2), so nodes that start at once apply each migration once, one after the
// other. Each applied version is a row of schema_migrations(version, applied_at). A database
// whose newest version is one this build does not know was migrated by a newer server: the
// node refuses to start rather than write rows that server may not read.
//
// The lock takes the two-int4 form of advisory lock keys, a key space apart from the bigint
// keys of the table claims (pg_store.h), so the two can never collide.
#pragma once

#include "store/pg_connection.h"

namespace pg::pq {

/// The advisory lock of migrations: "PGgo" and 1.
inline constexpr int kMigrationLockKey1 = 0x5047676f;
inline constexpr int kMigrationLockKey2 = 1;

/// The newest schema version this build knows.
int latestSchemaVersion();

/// Brings the database to latestSchemaVersion(). Throws StoreError if it is newer than that, or
/// on any failure (then nothing changed).
void migrate(Connection& c);

/// For a store that shares the database and opens after PgStore migrated it: throws StoreError
/// ("..., without <what>: open it as a PgStore first") when the database's version is below
/// `first_version`, the one that made that store's tables.
void requireSchema(Connection& c, int first_version, const char* what);

}  // namespace pg::pq
