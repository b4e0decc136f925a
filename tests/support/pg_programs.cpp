#include "support/pg_programs.h"

#include <libpq-fe.h>
#include <pwd.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace pg::test {

namespace fs = std::filesystem;

namespace {

std::string readAll(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void giveToPostgres(const fs::path& p) {
  if (!asPostgres()) return;
  const passwd* pw = ::getpwnam("postgres");
  if (!pw || ::chown(p.c_str(), pw->pw_uid, pw->pw_gid) != 0)
    throw std::runtime_error("pg test server: cannot give " + p.string() + " to user postgres");
}

using Conn = std::unique_ptr<PGconn, decltype(&PQfinish)>;
using Res = std::unique_ptr<PGresult, decltype(&PQclear)>;

Res run(const std::string& conninfo, const std::string& sql) {
  Conn c(PQconnectdb(conninfo.c_str()), &PQfinish);
  if (PQstatus(c.get()) != CONNECTION_OK)
    throw std::runtime_error("pg test server: connecting: " + std::string(PQerrorMessage(c.get())));
  Res r(PQexec(c.get(), sql.c_str()), &PQclear);
  const ExecStatusType s = PQresultStatus(r.get());
  if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
    throw std::runtime_error("pg test server: " + sql + ": " + PQerrorMessage(c.get()));
  return r;
}

}  // namespace

const char* pgBin() {
  return "/usr/lib/postgresql/15/bin";
}

void requirePostgres() {
  for (const char* program : {"initdb", "pg_ctl", "postgres", "pg_basebackup"})
    if (!fs::exists(fs::path(pgBin()) / program))
      throw std::runtime_error(std::string("PostgreSQL 15 is not installed (") + pgBin() + "/" +
                               program +
                               " is missing): run scripts/setup.sh (make deps) to install "
                               "the postgresql package");
  if (asPostgres() && !::getpwnam("postgres"))
    throw std::runtime_error("pg test server: running as root, but there is no postgres user");
}

bool asPostgres() {
  return ::geteuid() == 0;
}

fs::path makeFolder(const std::string& prefix) {
  std::string pattern = (fs::temp_directory_path() / (prefix + "XXXXXX")).string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("pg test server: mkdtemp failed");
  giveToPostgres(pattern);
  return pattern;
}

void makeFolderIn(const fs::path& path) {
  fs::create_directory(path);
  giveToPostgres(path);
}

void writeFile(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::trunc) << text;
  giveToPostgres(file);
}

void runPg(const std::string& command, const std::string& what, const fs::path& log) {
  const std::string prefix = asPostgres() ? "runuser -u postgres -- " : "";
  const std::string full = prefix + command + " >" + log.string() + " 2>&1";
  if (std::system(full.c_str()) != 0)
    throw std::runtime_error("pg test server: " + what + " failed: " + readAll(log));
}

void copyFreshCluster(const fs::path& data, const fs::path& log) {
  const fs::path tmpl =
      fs::temp_directory_path() / ("pg-test-template-15-v2-uid" + std::to_string(::geteuid()));
  fs::path source = tmpl;
  fs::path building;
  if (!fs::exists(tmpl / "PG_VERSION")) {
    building = makeFolder("pg-test-initdb-");
    runPg(std::string(pgBin()) + "/initdb -D " + (building / "data").string() +
              " -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 --wal-segsize=1",
          "initdb", log);
    std::error_code ec;
    fs::rename(building / "data", tmpl, ec);  // fails if another process was first: fine
    if (!fs::exists(tmpl / "PG_VERSION")) source = building / "data";  // a stray folder there
  }
  runPg("cp -a " + source.string() + " " + data.string(), "copying the template data folder", log);
  if (!building.empty()) fs::remove_all(building);
}

void execSql(const std::string& conninfo, const std::string& sql) {
  run(conninfo, sql);
}

std::string querySql(const std::string& conninfo, const std::string& sql) {
  const Res r = run(conninfo, sql);
  if (PQntuples(r.get()) == 0 || PQnfields(r.get()) == 0) return {};
  return PQgetvalue(r.get(), 0, 0);
}

}  // namespace pg::test
