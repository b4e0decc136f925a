// A real PostgreSQL 15 server for tests, started by the test process itself: a temporary
// folder holds its data and its Unix socket (no TCP port), fsync is off, and it is stopped
// (pg_ctl stop -m immediate) and its folder removed when the process exits.
//
// Its data folder is a copy of the one made by initdb once per machine and user
// (pg_programs.h; a test binary's PostgreSQL tests run in one process, tests/CMakeLists.txt, but
// every test binary, and a test run alone, starts its own). As root (CI), the server runs as
// the postgres user through runuser, since PostgreSQL refuses to run as root. Missing
// PostgreSQL binaries are an error, not a skip: `make deps` installs them.
#pragma once

#include <atomic>
#include <string>

namespace pg::test {

class PgTestServer {
 public:
  /// The server of this process, started on first use. Throws std::runtime_error saying what
  /// is missing or failed; the next call tries again.
  static PgTestServer& get();

  PgTestServer(const PgTestServer&) = delete;
  PgTestServer& operator=(const PgTestServer&) = delete;
  ~PgTestServer();

  /// libpq URI of `database` on this server, as the postgres superuser.
  std::string uri(const std::string& database = "postgres") const;
  /// Creates an empty database of its own (t_1, t_2, ...) and returns its URI.
  std::string freshDatabase();
  /// Runs `sql` (statements without results) in `database`; throws std::runtime_error.
  void exec(const std::string& database, const std::string& sql);
  /// Terminates the session of backend `pid` (pg_terminate_backend) and waits until it ended.
  void terminate(int pid);

 private:
  PgTestServer();

  std::string dir_;  // the temporary folder: data/, the socket, logs
  std::atomic<int> databases_{0};
};

}  // namespace pg::test
