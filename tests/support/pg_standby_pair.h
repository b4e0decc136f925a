// A PostgreSQL primary with a synchronous standby, for the failover tests: PostgreSQL's own
// streaming replication between two servers of the test's own, each with a Unix socket in a
// folder of its own (no TCP port), stopped and removed with the object.
//
// The primary runs with synchronous_standby_names = 'standby1' (on its command line, so that
// the standby, a pg_basebackup copy of its data, does not inherit it) and the default
// synchronous_commit = on: a COMMIT returns only once the standby has flushed it too. The
// standby streams from the primary as application_name standby1. The constructor returns once
// pg_stat_replication says the standby is in sync, with a database `phantomgo` created on the
// primary (and so on the standby).
#pragma once

#include <filesystem>
#include <string>

namespace pg::test {

class PgStandbyPair {
 public:
  /// Throws std::runtime_error saying what is missing or failed.
  PgStandbyPair();
  PgStandbyPair(const PgStandbyPair&) = delete;
  PgStandbyPair& operator=(const PgStandbyPair&) = delete;
  ~PgStandbyPair();

  /// The nodes' connection string: both hosts, target_session_attrs=read-write, so that a
  /// client connects to whichever of the two accepts writes.
  std::string uri() const;
  /// A connection string of one server alone (0 the primary, 1 the standby).
  std::string uriOf(int server, const std::string& database = "phantomgo") const;
  /// Crashes the primary: pg_ctl stop -m immediate (every process ends at once, no checkpoint;
  /// its clients' connections break).
  void killPrimary();
  /// Promotes the standby to primary and waits until it accepts writes.
  void promoteStandby();

 private:
  std::filesystem::path dir_;  // a/ the primary, b/ the standby: data, socket and log each
};

}  // namespace pg::test
