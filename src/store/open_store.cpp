#include "store/open_store.h"

#include <libpq-fe.h>

#include "store/pg_account_store.h"
#include "store/pg_arena_store.h"
#include "store/pg_challenge_store.h"
#include "store/pg_creation_store.h"
#include "store/pg_mail_store.h"
#include "store/pg_rating_store.h"
#include "store/pg_store.h"
#include "store/sqlite_account_store.h"
#include "store/sqlite_arena_store.h"
#include "store/sqlite_challenge_store.h"
#include "store/sqlite_creation_store.h"
#include "store/sqlite_mail_store.h"
#include "store/sqlite_rating_store.h"

namespace pg {

bool isPostgresLocation(const std::string& location) {
  return location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0;
}

bool isPostgresConninfo(const std::string& location) {
  // libpq's own parser: a file name (no "=", or an unknown keyword before it) is refused.
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(location.c_str(), &error);
  if (error) PQfreemem(error);
  if (!options) return false;
  PQconninfoFree(options);
  return true;
}

std::unique_ptr<Store> openStore(const std::string& location, Durability durability,
                                 bool group_commit) {
  if (isPostgresLocation(location)) return std::make_unique<PgStore>(location, group_commit);
  return std::make_unique<SqliteStore>(location, durability, group_commit);
}

std::unique_ptr<ChallengeStore> openChallengeStore(const std::string& location,
                                                   Durability durability) {
  if (isPostgresLocation(location)) return std::make_unique<PgChallengeStore>(location);
  return std::make_unique<SqliteChallengeStore>(location, durability);
}

std::unique_ptr<CreationStore> openCreationStore(const std::string& location,
                                                 [[maybe_unused]] Durability durability) {
  if (isPostgresLocation(location)) return std::make_unique<PgCreationStore>(location);
  return std::make_unique<SqliteCreationStore>(location);
}

std::unique_ptr<AccountStore> openAccountStore(const std::string& location, Durability durability) {
  if (isPostgresLocation(location)) return std::make_unique<PgAccountStore>(location);
  return std::make_unique<SqliteAccountStore>(location, durability);
}

std::unique_ptr<RatingStore> openRatingStore(const std::string& location, Durability durability) {
  if (isPostgresLocation(location)) return std::make_unique<PgRatingStore>(location);
  return std::make_unique<SqliteRatingStore>(location, durability);
}

std::unique_ptr<ArenaStore> openArenaStore(const std::string& location, Durability durability) {
  if (isPostgresLocation(location)) return std::make_unique<PgArenaStore>(location);
  return std::make_unique<SqliteArenaStore>(location, durability);
}

std::unique_ptr<MailStore> openMailStore(const std::string& location, Durability durability) {
  if (isPostgresLocation(location)) return std::make_unique<PgMailStore>(location);
  return std::make_unique<SqliteMailStore>(location, durability);
}

}  // namespace pg
