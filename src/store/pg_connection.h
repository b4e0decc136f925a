// Small RAII wrappers of libpq's C API for PgStore: a connection (PGconn) and a result
// (PGresult), statements with text parameters, and libpq's errors as StoreError texts.
//
// The texts never hold a secret: a connection string is never echoed (it may carry a
// password), and a statement's error keeps PostgreSQL's primary message and SQLSTATE only, not
// its DETAIL (which quotes the row's values: a seat token, say).
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace pg::pq {

/// A statement that failed because the database session is gone (the connection broke, the
/// server shut down or terminated it). Every lock and open transaction of the session is gone
/// with it.
class ConnectionLost : public StoreError {
 public:
  using StoreError::StoreError;
};

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
/// An owned PGresult.
using Result = std::unique_ptr<PGresult, ResultDeleter>;

/// A parameter of a statement, sent as text; nullopt is SQL NULL.
using Param = std::optional<std::string>;

/// One open connection. Not safe for concurrent use: one thread at a time.
class Connection {
 public:
  /// Connects with a libpq connection string (URI or key=value). Throws ConnectionLost when
  /// the server cannot be reached or refuses.
  explicit Connection(const std::string& conninfo);
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  /// Whether the connection is still up, as far as libpq knows.
  bool ok() const;
  /// Reads whatever the server sent while this connection was idle (a notice that the session
  /// was terminated, or the end of the stream) without blocking; false if the session is gone.
  bool poll();
  /// The process id of the session's backend on the server.
  int backendPid() const;
  /// The server this connection reached ("host:port"), for the operator's log.
  std::string server() const;
  /// The payloads of the notifications (LISTEN/NOTIFY) received so far on `channel`, taken.
  std::vector<std::string> takeNotifications(const std::string& channel);

  /// Runs one statement (no parameters: it may be several statements separated by `;`).
  /// Throws ConnectionLost if the session is gone, else StoreError naming `what`.
  Result exec(const char* what, const std::string& sql);
  /// Runs one statement with text parameters $1, $2, ...
  Result exec(const char* what, const std::string& sql, const std::vector<Param>& params);
  /// Prepares `sql` under `name` once per connection, then runs it with `params`.
  Result execPrepared(const char* what, const std::string& name, const std::string& sql,
                      const std::vector<Param>& params);

 private:
  /// Throws unless `r` succeeded.
  Result check(const char* what, PGresult* r);

  struct ConnDeleter {
    void operator()(PGconn* c) const { PQfinish(c); }
  };
  std::unique_ptr<PGconn, ConnDeleter> conn_;
  std::vector<std::string> prepared_;
};

/// The number of rows a command touched (PQcmdTuples).
int64_t affectedRows(const PGresult* r);
/// A field as text; empty for NULL.
std::string text(const PGresult* r, int row, int column);
std::optional<int64_t> optionalInt(const PGresult* r, int row, int column);
int64_t int64At(const PGresult* r, int row, int column);
/// A double precision field (0 for NULL). PostgreSQL 12 and later send the shortest text that
/// reads back as the same double, so the value is exact.
double doubleAt(const PGresult* r, int row, int column);
/// `v` as the shortest text that reads back as the same double: a parameter that stores `v`
/// exactly.
std::string exactText(double v);

/// `bytes` as lower-case hex digits, two to a byte: how the stores keep a byte string (a
/// passkey's id and key, a token's hash) in a text column.
std::string hex(const std::vector<uint8_t>& bytes);

/// "postgresql host=... port=... dbname=... user=..." for logs: never the password.
std::string describe(const std::string& conninfo);

}  // namespace pg::pq
