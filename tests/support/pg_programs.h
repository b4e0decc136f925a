// What the tests' PostgreSQL servers share (pg_test_server.h, pg_standby_pair.h): where the
// programs are, running them (as the postgres user when the tests run as root, since
// PostgreSQL refuses root), folders the server may write, and a data folder made by initdb
// once per machine and user.
#pragma once

#include <filesystem>
#include <string>

namespace pg::test {

/// The PostgreSQL 15 programs' folder.
const char* pgBin();
/// Throws std::runtime_error unless the programs are installed (and, as root, the postgres
/// user exists): missing PostgreSQL is an error, not a skip (`make deps` installs it).
void requirePostgres();
/// Whether PostgreSQL's programs run as the postgres user (the tests run as root).
bool asPostgres();
/// A new folder under the temporary directory, owned by postgres when asPostgres().
std::filesystem::path makeFolder(const std::string& prefix);
/// Creates the folder `path` (its parent exists), owned by postgres when asPostgres().
void makeFolderIn(const std::filesystem::path& path);
/// Writes `text` to `file` (replacing it), owned by postgres when asPostgres().
void writeFile(const std::filesystem::path& file, const std::string& text);
/// Runs a shell command line (as postgres when asPostgres()), its output into `log`; throws
/// std::runtime_error with that output if it fails.
void runPg(const std::string& command, const std::string& what, const std::filesystem::path& log);
/// Copies a fresh cluster's data folder (initdb: trust, UTF-8, C locale, 1 MiB WAL segments)
/// to `data`, which must not exist yet. initdb runs once: its folder is kept as a template in
/// the temporary directory, renamed into place whole, so a template that exists is complete
/// even when several test processes build one at the same time.
void copyFreshCluster(const std::filesystem::path& data, const std::filesystem::path& log);
/// Runs `sql` (statements without results) over the libpq connection string `conninfo`;
/// throws std::runtime_error.
void execSql(const std::string& conninfo, const std::string& sql);
/// The first field of the first row of `sql`'s result ("" if none); throws std::runtime_error.
std::string querySql(const std::string& conninfo, const std::string& sql);

}  // namespace pg::test
