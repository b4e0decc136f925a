#include "support/pg_standby_pair.h"

#include <chrono>
#include <stdexcept>
#include <thread>

#include "support/pg_programs.h"

namespace pg::test {

namespace fs = std::filesystem;

namespace {

std::string pgCtl(const fs::path& server, const std::string& args) {
  return std::string(pgBin()) + "/pg_ctl -D " + (server / "data").string() + " " + args;
}

/// pg_ctl start of the server in `server` (data/ and its socket there), with more settings.
std::string startCommand(const fs::path& server, const std::string& settings) {
  return pgCtl(server, "-l " + (server / "server.log").string() + " -w -t 30 -o \"-k " +
                           server.string() + " -c listen_addresses='' -c fsync=off " + settings +
                           "\" start");
}

}  // namespace

PgStandbyPair::PgStandbyPair() {
  requirePostgres();
  dir_ = makeFolder("pg-pair-");
  const fs::path a = dir_ / "a", b = dir_ / "b", log = dir_ / "command.log";
  makeFolderIn(a);
  makeFolderIn(b);
  copyFreshCluster(a / "data", log);
  runPg(startCommand(a, "-c synchronous_standby_names=standby1"), "starting the primary", log);
  // The standby: a copy of the running primary, streaming from it.
  runPg(std::string(pgBin()) + "/pg_basebackup -h " + a.string() +
            " -U postgres --checkpoint=fast --no-sync -X stream -D " + (b / "data").string(),
        "pg_basebackup", log);
  writeFile(b / "data" / "standby.signal", "");
  writeFile(b / "data" / "postgresql.auto.conf", "primary_conninfo = 'host=" + a.string() +
                                                     " user=postgres application_name=standby1'\n");
  runPg(startCommand(b, ""), "starting the standby", log);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (querySql(uriOf(0, "postgres"),
                  "SELECT sync_state FROM pg_stat_replication WHERE application_name = "
                  "'standby1'") != "sync") {
    if (std::chrono::steady_clock::now() > until)
      throw std::runtime_error("pg standby pair: the standby did not come in sync in 30 s");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  execSql(uriOf(0, "postgres"), "CREATE DATABASE phantomgo");
}

PgStandbyPair::~PgStandbyPair() {
  const fs::path log = dir_ / "command.log";
  for (const char* server : {"a", "b"}) {
    try {
      runPg(pgCtl(dir_ / server, "-m immediate -w stop"), "pg_ctl stop", log);
    } catch (const std::exception&) {  // one that is not running, or exiting anyway
    }
  }
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::string PgStandbyPair::uri() const {
  return "postgresql:///phantomgo?host=" + (dir_ / "a").string() + "," + (dir_ / "b").string() +
         "&user=postgres&target_session_attrs=read-write";
}

std::string PgStandbyPair::uriOf(int server, const std::string& database) const {
  return "postgresql:///" + database + "?host=" + (dir_ / (server == 0 ? "a" : "b")).string() +
         "&user=postgres";
}

void PgStandbyPair::killPrimary() {
  runPg(pgCtl(dir_ / "a", "-m immediate -w stop"), "killing the primary", dir_ / "command.log");
}

void PgStandbyPair::promoteStandby() {
  runPg(pgCtl(dir_ / "b", "-w -t 30 promote"), "promoting the standby", dir_ / "command.log");
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (querySql(uriOf(1, "postgres"), "SELECT pg_is_in_recovery()") != "f") {
    if (std::chrono::steady_clock::now() > until)
      throw std::runtime_error("pg standby pair: the standby still recovers 30 s after promote");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace pg::test
