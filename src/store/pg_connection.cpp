#include "store/pg_connection.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <system_error>

namespace pg::pq {

namespace {

/// The first line of a libpq message, without its trailing newline.
std::string firstLine(const char* message) {
  std::string s = message ? message : "";
  if (const auto nl = s.find('\n'); nl != std::string::npos) s.resize(nl);
  return s.empty() ? "unknown error" : s;
}

/// libpq's complaint about a connection string it cannot read, each quoted part left out: libpq
/// quotes the string's own text there (a percent-encoded token, the whole URI), which may be the
/// password, and this message reaches the log.
std::string withoutQuotedText(const std::string& message) {
  std::string out;
  bool quoted = false;
  for (const char c : message) {
    if (c == '"') {
      out += quoted ? "...\"" : "\"";
      quoted = !quoted;
    } else if (!quoted) {
      out += c;
    }
  }
  return out;
}

bool readable(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
  if (error) PQfreemem(error);
  if (options) PQconninfoFree(options);
  return options != nullptr;
}

bool sessionGoneState(const char* sqlstate) {
  if (!sqlstate) return false;
  const std::string s = sqlstate;
  // Class 08: connection exception; 57P01..57P03: admin shutdown, crash shutdown, cannot
  // connect now.
  return s.rfind("08", 0) == 0 || s == "57P01" || s == "57P02" || s == "57P03";
}

}  // namespace

namespace {

/// Connects with defaults that the connection string may override: a bounded connection time
/// per host (3 s: with several hosts, a dead first one must not hold up the next for long),
/// TCP keepalives for an idle connection and a TCP user timeout for one with data in flight,
/// so that a peer gone without a word (a network partition, a machine switched off) breaks the
/// connection, and with it the session's claims, instead of hanging a statement for good.
PGconn* connect(const std::string& conninfo) {
  const char* const keywords[] = {"connect_timeout",
                                  "keepalives_idle",
                                  "keepalives_interval",
                                  "keepalives_count",
                                  "tcp_user_timeout",
                                  "dbname",
                                  nullptr};
  const char* const values[] = {"3", "30", "10", "3", "20000", conninfo.c_str(), nullptr};
  // expand_dbname: the string's own settings come after the defaults, so they win.
  return PQconnectdbParams(keywords, values, /*expand_dbname=*/1);
}

}  // namespace

Connection::Connection(const std::string& conninfo) : conn_(connect(conninfo)) {
  if (!conn_) throw ConnectionLost("connecting to PostgreSQL: out of memory");
  if (PQstatus(conn_.get()) != CONNECTION_OK) {
    const std::string why = firstLine(PQerrorMessage(conn_.get()));
    if (!readable(conninfo))
      throw ConnectionLost("connecting to PostgreSQL: the connection string cannot be read (" +
                           withoutQuotedText(why) + ")");
    // A string libpq could read: its messages name the host, port and user, never the password.
    throw ConnectionLost("connecting to PostgreSQL: " + why);
  }
  // Quiet: notices (an IF NOT EXISTS that found the table, say) are not for the logs.
  PQsetNoticeProcessor(
      conn_.get(), [](void*, const char*) {}, nullptr);
}

bool Connection::ok() const {
  return PQstatus(conn_.get()) == CONNECTION_OK;
}

bool Connection::poll() {
  if (!ok()) return false;
  if (PQconsumeInput(conn_.get()) == 0) return false;
  return ok();
}

int Connection::backendPid() const {
  return PQbackendPID(conn_.get());
}

std::string Connection::server() const {
  const char* host = PQhost(conn_.get());
  const char* port = PQport(conn_.get());
  return std::string(host ? host : "?") + ":" + (port ? port : "?");
}

std::vector<std::string> Connection::takeNotifications(const std::string& channel) {
  std::vector<std::string> out;
  while (PGnotify* n = PQnotifies(conn_.get())) {
    if (channel == n->relname) out.emplace_back(n->extra);
    PQfreemem(n);
  }
  return out;
}

Result Connection::check(const char* what, PGresult* raw) {
  Result r(raw);
  const ExecStatusType status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
  const char* sqlstate = r ? PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
  const char* primary = r ? PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  std::string message = std::string(what) + ": ";
  message += primary ? std::string(primary) : firstLine(PQerrorMessage(conn_.get()));
  if (sqlstate) message += std::string(" (SQLSTATE ") + sqlstate + ")";
  if (!ok() || sessionGoneState(sqlstate)) throw ConnectionLost(message);
  throw StoreError(message);
}

Result Connection::exec(const char* what, const std::string& sql) {
  return check(what, PQexec(conn_.get(), sql.c_str()));
}

namespace {

struct Params {
  std::vector<const char*> values;
  explicit Params(const std::vector<Param>& params) {
    values.reserve(params.size());
    for (const Param& p : params) values.push_back(p ? p->c_str() : nullptr);
  }
  int count() const { return static_cast<int>(values.size()); }
};

}  // namespace

Result Connection::exec(const char* what, const std::string& sql,
                        const std::vector<Param>& params) {
  const Params p(params);
  return check(what, PQexecParams(conn_.get(), sql.c_str(), p.count(), nullptr, p.values.data(),
                                  nullptr, nullptr, 0));
}

Result Connection::execPrepared(const char* what, const std::string& name, const std::string& sql,
                                const std::vector<Param>& params) {
  if (std::find(prepared_.begin(), prepared_.end(), name) == prepared_.end()) {
    check(what, PQprepare(conn_.get(), name.c_str(), sql.c_str(), 0, nullptr));
    prepared_.push_back(name);
  }
  const Params p(params);
  return check(what, PQexecPrepared(conn_.get(), name.c_str(), p.count(), p.values.data(), nullptr,
                                    nullptr, 0));
}

int64_t affectedRows(const PGresult* r) {
  const char* n = PQcmdTuples(const_cast<PGresult*>(r));
  return n && *n ? std::strtoll(n, nullptr, 10) : 0;
}

std::string text(const PGresult* r, int row, int column) {
  if (PQgetisnull(r, row, column)) return {};
  return std::string(PQgetvalue(r, row, column),
                     static_cast<std::size_t>(PQgetlength(r, row, column)));
}

std::optional<int64_t> optionalInt(const PGresult* r, int row, int column) {
  if (PQgetisnull(r, row, column)) return std::nullopt;
  return std::strtoll(PQgetvalue(r, row, column), nullptr, 10);
}

int64_t int64At(const PGresult* r, int row, int column) {
  return optionalInt(r, row, column).value_or(0);
}

double doubleAt(const PGresult* r, int row, int column) {
  if (PQgetisnull(r, row, column)) return 0.0;
  const char* first = PQgetvalue(r, row, column);
  const char* last = first + PQgetlength(r, row, column);
  double v = 0.0;
  const auto [end, error] = std::from_chars(first, last, v);
  if (error != std::errc{} || end != last)
    throw StoreError("reading a number: \"" + std::string(first, last) + "\" is not one");
  return v;
}

std::string hex(const std::vector<uint8_t>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const uint8_t byte : bytes) {
    out.push_back(kDigits[byte >> 4]);
    out.push_back(kDigits[byte & 0xf]);
  }
  return out;
}

std::string exactText(double v) {
  char buffer[32];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, v);
  if (error != std::errc{}) throw StoreError("writing a number");
  return std::string(buffer, end);
}

std::string describe(const std::string& conninfo) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
  if (error) PQfreemem(error);
  if (!options) return "postgresql (unreadable connection string)";
  std::string out = "postgresql";
  for (const char* key : {"host", "hostaddr", "port", "dbname", "user", "target_session_attrs"}) {
    for (PQconninfoOption* o = options; o->keyword; ++o)
      if (std::strcmp(o->keyword, key) == 0 && o->val && *o->val)
        out += std::string(" ") + key + "=" + o->val;
  }
  PQconninfoFree(options);
  return out;
}

}  // namespace pg::pq
