#include "support/pg_test_server.h"

#include <libpq-fe.h>
#include <pwd.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace pg::test {

namespace fs = std::filesystem;

namespace {

const char* const kBin = "/usr/lib/postgresql/15/bin";

std::string readAll(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A new folder under the temporary directory, owned by postgres when `as_postgres`.
fs::path makeFolder(const std::string& prefix, bool as_postgres) {
  std::string pattern = (fs::temp_directory_path() / (prefix + "XXXXXX")).string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("pg test server: mkdtemp failed");
  if (as_postgres) {
    const passwd* pw = ::getpwnam("postgres");
    if (!pw || ::chown(pattern.c_str(), pw->pw_uid, pw->pw_gid) != 0)
      throw std::runtime_error("pg test server: cannot give " + pattern + " to user postgres");
  }
  return pattern;
}

}  // namespace

PgTestServer& PgTestServer::get() {
  static PgTestServer server;  // a constructor that throws is tried again by the next get()
  return server;
}

void PgTestServer::run(const std::string& command, const std::string& what) const {
  const fs::path log = fs::path(dir_) / "command.log";
  const std::string prefix = as_postgres_ ? "runuser -u postgres -- " : "";
  const std::string full = prefix + command + " >" + log.string() + " 2>&1";
  if (std::system(full.c_str()) != 0)
    throw std::runtime_error("pg test server: " + what + " failed: " + readAll(log));
}

PgTestServer::PgTestServer() {
  for (const char* program : {"initdb", "pg_ctl", "postgres"})
    if (!fs::exists(fs::path(kBin) / program))
      throw std::runtime_error(std::string("PostgreSQL 15 is not installed (") + kBin + "/" +
                               program +
                               " is missing): run scripts/setup.sh (make deps) to install "
                               "the postgresql package");
  as_postgres_ = ::geteuid() == 0;
  if (as_postgres_ && !::getpwnam("postgres"))
    throw std::runtime_error("pg test server: running as root, but there is no postgres user");
  dir_ = makeFolder("pg-test-", as_postgres_).string();

  // The template data folder: initdb once, then renamed into place whole, so that a template
  // that exists is complete even when several test processes build one at the same time.
  const fs::path tmpl =
      fs::temp_directory_path() / ("pg-test-template-15-v2-uid" + std::to_string(::geteuid()));
  fs::path source = tmpl;
  fs::path building;
  if (!fs::exists(tmpl / "PG_VERSION")) {
    building = makeFolder("pg-test-initdb-", as_postgres_);
    run(std::string(kBin) + "/initdb -D " + (building / "data").string() +
            " -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 --wal-segsize=1",
        "initdb");
    std::error_code ec;
    fs::rename(building / "data", tmpl, ec);  // fails if another process was first: fine
    if (!fs::exists(tmpl / "PG_VERSION")) source = building / "data";  // a stray folder there
  }
  const fs::path data = fs::path(dir_) / "data";
  run("cp -a " + source.string() + " " + data.string(), "copying the template data folder");
  if (!building.empty()) fs::remove_all(building);
  run(std::string(kBin) + "/pg_ctl -D " + data.string() + " -l " + dir_ +
          "/server.log -w -t 30 -o \"-k " + dir_ + " -c listen_addresses='' -c fsync=off\" start",
      "pg_ctl start");
}

PgTestServer::~PgTestServer() {
  try {
    run(std::string(kBin) + "/pg_ctl -D " + dir_ + "/data -m immediate -w stop", "pg_ctl stop");
  } catch (const std::exception&) {  // exiting anyway
  }
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::string PgTestServer::uri(const std::string& database) const {
  return "postgresql:///" + database + "?host=" + dir_ + "&user=postgres";
}

std::string PgTestServer::freshDatabase() {
  const std::string name = "t_" + std::to_string(++databases_);
  // FILE_COPY: with fsync off, copying the template's files beats writing them to the WAL.
  exec("postgres", "CREATE DATABASE " + name + " STRATEGY = FILE_COPY");
  return uri(name);
}

void PgTestServer::exec(const std::string& database, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> c(PQconnectdb(uri(database).c_str()), &PQfinish);
  if (PQstatus(c.get()) != CONNECTION_OK)
    throw std::runtime_error("pg test server: connecting: " + std::string(PQerrorMessage(c.get())));
  std::unique_ptr<PGresult, decltype(&PQclear)> r(PQexec(c.get(), sql.c_str()), &PQclear);
  const ExecStatusType s = PQresultStatus(r.get());
  if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
    throw std::runtime_error("pg test server: " + sql + ": " + PQerrorMessage(c.get()));
}

void PgTestServer::terminate(int pid) {
  exec("postgres", "SELECT pg_terminate_backend(" + std::to_string(pid) + ", 5000)");
}

}  // namespace pg::test
