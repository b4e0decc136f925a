#include "support/pg_test_server.h"

#include <filesystem>
#include <stdexcept>

#include "support/pg_programs.h"

namespace pg::test {

namespace fs = std::filesystem;

PgTestServer& PgTestServer::get() {
  static PgTestServer server;  // a constructor that throws is tried again by the next get()
  return server;
}

PgTestServer::PgTestServer() {
  requirePostgres();
  dir_ = makeFolder("pg-test-").string();
  const fs::path log = fs::path(dir_) / "command.log";
  const fs::path data = fs::path(dir_) / "data";
  copyFreshCluster(data, log);
  runPg(std::string(pgBin()) + "/pg_ctl -D " + data.string() + " -l " + dir_ +
            "/server.log -w -t 30 -o \"-k " + dir_ + " -c listen_addresses='' -c fsync=off\" start",
        "pg_ctl start", log);
}

PgTestServer::~PgTestServer() {
  try {
    runPg(std::string(pgBin()) + "/pg_ctl -D " + dir_ + "/data -m immediate -w stop", "pg_ctl stop",
          fs::path(dir_) / "command.log");
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
  execSql(uri(database), sql);
}

void PgTestServer::terminate(int pid) {
  exec("postgres", "SELECT pg_terminate_backend(" + std::to_string(pid) + ", 5000)");
}

}  // namespace pg::test
