#include "store/pg_store.h"

#include <chrono>
#include <utility>

#include "rules/fnv1a.h"
#include "store/pg_connection.h"
#include "store/pg_migrations.h"
#include "store/pg_reconnecting_connection.h"

namespace pg {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kFirstBackoff{50};
constexpr std::chrono::milliseconds kMaxBackoff{2000};
/// How often an idle writer that holds claims checks that its session is still there.
constexpr std::chrono::milliseconds kIdlePoll{200};
// The channel on which a node asks the holder of a claim to give it up (requestRelease).
constexpr const char* kReleaseChannel = "phantomgo_release";

std::string key(const std::string& table_id) {
  return std::to_string(PgStore::claimKey(table_id));
}

std::string num(int64_t v) {
  return std::to_string(v);
}

std::string lostText(const std::exception& e) {
  return std::string("database session lost during the write: ") + e.what();
}

}  // namespace

struct PgStore::Writer {
  std::unique_ptr<pq::Connection> conn;
  std::set<std::string> claims;  // of the current session only
  bool lost_claims = false;      // a session with claims ended; onClaimsLost not yet called
  Clock::time_point next_attempt{};
  std::chrono::milliseconds backoff = kFirstBackoff;
};

int64_t PgStore::claimKey(const std::string& table_id) {
  return static_cast<int64_t>(fnv1a(table_id));
}

PgStore::PgStore(const std::string& conninfo, bool group_commit)
    : conninfo_(conninfo),
      description_(pq::describe(conninfo)),
      w_(std::make_unique<Writer>()),
      queue_(*this, group_commit) {
  w_->conn = std::make_unique<pq::Connection>(conninfo_);
  pq::migrate(*w_->conn);
  sessionStarted();
  reader_ = std::make_unique<pq::Connection>(conninfo_);
  queue_.start();
}

PgStore::~PgStore() {
  queue_.stop();  // while this store can still commit
}

std::string PgStore::description() const {
  return description_;
}

void PgStore::onClaimsLost(std::function<void()> f) {
  std::lock_guard lock(callbacks_mutex_);
  on_claims_lost_ = std::move(f);
}

void PgStore::onReleaseRequested(std::function<void(const std::string&)> f) {
  std::lock_guard lock(callbacks_mutex_);
  on_release_requested_ = std::move(f);
}

// ---- the callers' side of the queue ----

void PgStore::write(StoreWrite w, WriteDone done) {
  queue_.write(std::move(w), std::move(done));
}

bool PgStore::claim(const std::string& table_id) {
  bool claimed = false;
  queue_.call([&] {
    if (w_->conn && !w_->conn->poll()) sessionLost();  // "held" only if still held
    if (w_->claims.count(table_id)) {
      claimed = true;
      return;
    }
    try {
      ensureWriter();
      const pq::Result r = w_->conn->exec(
          "claiming a table", "SELECT pg_try_advisory_lock($1::bigint)", {key(table_id)});
      claimed = pq::text(r.get(), 0, 0) == "t";
      if (claimed) w_->claims.insert(table_id);
    } catch (const pq::ConnectionLost& e) {
      sessionLost();
      throw StoreError(e.what());
    }
  });
  return claimed;
}

void PgStore::release(const std::string& table_id) {
  try {
    queue_.control(
        [this, table_id] {
          if (w_->claims.erase(table_id) && w_->conn && w_->conn->ok()) {
            try {
              w_->conn->exec("releasing a table", "SELECT pg_advisory_unlock($1::bigint)",
                             {key(table_id)});
            } catch (const pq::ConnectionLost&) {
              sessionLost();  // the lock ended with the session
            } catch (...) {   // never thrown to anyone: the session keeps the lock
            }
          }
        },
        nullptr);
  } catch (...) {  // out of memory: the claim then ends with the session
  }
}

// ---- the writer thread ----

bool PgStore::sessionLost() {
  w_->conn.reset();
  writer_pid_ = 0;
  const bool had = !w_->claims.empty();
  w_->claims.clear();
  if (had) w_->lost_claims = true;
  return had;
}

void PgStore::ensureWriter() {
  if (w_->conn && w_->conn->ok()) return;
  if (w_->conn) sessionLost();
  const Clock::time_point now = Clock::now();
  if (now < w_->next_attempt) throw StoreError("no database session (reconnecting to PostgreSQL)");
  try {
    w_->conn = std::make_unique<pq::Connection>(conninfo_);
  } catch (const StoreError&) {
    w_->next_attempt = now + w_->backoff;
    w_->backoff = std::min(kMaxBackoff, w_->backoff * 2);
    throw;
  }
  w_->backoff = kFirstBackoff;
  w_->next_attempt = {};
  sessionStarted();
}

void PgStore::sessionStarted() {
  writer_pid_ = w_->conn->backendPid();
  // The session that holds the claims hears the requests for them.
  w_->conn->exec("listening for release requests", std::string("LISTEN ") + kReleaseChannel);
}

namespace {

/// A PostgreSQL array literal of text elements ({"a","b \"c\""}), for unnest($1::text[]).
std::string arrayLiteral(const std::vector<std::string>& items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += '"';
    for (const char ch : items[i]) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
    out += '"';
  }
  return out + "}";
}

/// The statements of one write but the events of an append (writeGroup inserts them), inside
/// the caller's transaction.
void writeOne(pq::Connection& c, const StoreWrite& w) {
  std::visit(
      Overloaded{
          [&](const CreateTable& x) {
            const StoredTable& t = x.table;
            c.execPrepared(
                "creating a table", "create_table",
                "INSERT INTO tables (id, created_at, setup, black_token, white_token, "
                "hotseat_token, started_at, finished_at, result, rematch_of) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                {t.id, num(t.created_at), t.setup, t.black_token, t.white_token, t.hotseat_token,
                 t.started_at ? pq::Param(num(*t.started_at)) : std::nullopt,
                 t.finished_at ? pq::Param(num(*t.finished_at)) : std::nullopt, t.result,
                 t.rematch_of.empty() ? std::nullopt : pq::Param(t.rematch_of)});
          },
          [&](const AppendEvents& a) {
            if (a.end) {
              const pq::Result r =
                  c.execPrepared("finishing a table", "finish_table",
                                 "UPDATE tables SET finished_at = $1, result = $2 WHERE id = $3",
                                 {num(a.end->at), a.end->result, a.table_id});
              if (pq::affectedRows(r.get()) != 1) throw StoreError("finishing an unknown table");
            }
          },
          [&](const StartTable& x) {
            c.execPrepared("starting a table", "start_table",
                           "UPDATE tables SET started_at = $1 WHERE id = $2 AND started_at IS NULL",
                           {num(x.at), x.table_id});
          },
          [&](const AppendChat& x) {
            c.execPrepared("appending a chat line", "append_chat",
                           "INSERT INTO chat (table_id, seq, at, line) VALUES ($1, $2, $3, $4)",
                           {x.table_id, num(x.line.seq), num(x.line.at), x.line.line});
          },
          [&](const SetSetup& x) {
            const pq::Result r =
                c.execPrepared("changing a table's setup", "set_setup",
                               "UPDATE tables SET setup = $1 WHERE id = $2", {x.setup, x.table_id});
            if (pq::affectedRows(r.get()) != 1) throw StoreError("the setup of an unknown table");
          },
      },
      w);
}

/// The writes in a few round trips: the creations, then every event of every append in one
/// INSERT (a round trip per event costs more than the commit itself on a busy machine), then
/// the rest (starts, ends, chat lines, setups), in order. One write alone goes the same way.
void writeGroup(pq::Connection& c, std::span<const StoreWrite> writes) {
  for (const StoreWrite& w : writes)
    if (std::holds_alternative<CreateTable>(w)) writeOne(c, w);
  std::vector<std::string> ids, seqs, ats, texts;
  for (const StoreWrite& w : writes)
    if (const auto* a = std::get_if<AppendEvents>(&w))
      for (const StoredEvent& e : a->events) {
        ids.push_back(a->table_id);
        seqs.push_back(num(e.seq));
        ats.push_back(num(e.at));
        texts.push_back(e.event);
      }
  if (!ids.empty())
    c.execPrepared("appending events", "append_events",
                   "INSERT INTO events (table_id, seq, at, event) SELECT * FROM "
                   "unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[])",
                   {arrayLiteral(ids), arrayLiteral(seqs), arrayLiteral(ats), arrayLiteral(texts)});
  for (const StoreWrite& w : writes)
    if (!std::holds_alternative<CreateTable>(w)) writeOne(c, w);
}

}  // namespace

void PgStore::commit(std::span<const StoreWrite> writes) {
  try {
    ensureWriter();
  } catch (const StoreError& e) {
    sessionLost();
    throw SessionLost(e.what());  // no session, and no new one yet
  }
  pq::Connection& c = *w_->conn;
  try {
    c.exec("starting a transaction", "BEGIN");
    writeGroup(c, writes);
    c.exec(writes.size() == 1 ? "committing a write" : "committing queued writes", "COMMIT");
  } catch (const pq::ConnectionLost& e) {
    sessionLost();
    throw SessionLost(lostText(e));
  } catch (const std::exception&) {
    std::exception_ptr own = std::current_exception();
    try {
      c.exec("rolling back", "ROLLBACK");
    } catch (const pq::ConnectionLost& e) {
      sessionLost();
      throw SessionLost(lostText(e), own);
    } catch (const std::exception&) {  // the next commit finds out whether the session is fine
    }
    std::rethrow_exception(own);
  }
}

void PgStore::startRun() {
  // A session that ended while idle is found here, before any write trusts its claims.
  if (w_->conn && !w_->conn->poll()) sessionLost();
}

std::exception_ptr PgStore::check(const StoreWrite& w) {
  if (!needsClaim(w) || w_->claims.count(tableOf(w))) return nullptr;
  return std::make_exception_ptr(
      ClaimLost("table " + tableOf(w) + " is not claimed by this node's database session"));
}

std::optional<std::chrono::milliseconds> PgStore::idlePoll() {
  if (w_->claims.empty()) return std::nullopt;
  return kIdlePoll;
}

void PgStore::idle() {
  if (w_->conn && !w_->conn->poll()) sessionLost();
}

void PgStore::afterBatch() {
  // The requests for claims this session holds (the others are for other nodes).
  std::vector<std::string> requested;
  if (w_->conn && w_->conn->ok())
    for (std::string& id : w_->conn->takeNotifications(kReleaseChannel))
      if (w_->claims.count(id)) requested.push_back(std::move(id));
  if (!requested.empty()) {
    std::function<void(const std::string&)> f;
    {
      std::lock_guard lock(callbacks_mutex_);
      f = on_release_requested_;
    }
    for (const std::string& id : requested) {
      try {
        if (f) f(id);
      } catch (...) {  // a caller's bug must not stop the writer of every table
      }
    }
  }
  if (w_->lost_claims) {
    w_->lost_claims = false;
    std::function<void()> f;
    {
      std::lock_guard lock(callbacks_mutex_);
      f = on_claims_lost_;
    }
    if (f) {
      try {
        f();
      } catch (...) {  // a caller's bug must not stop the writer of every table
      }
    }
  }
}

// ---- reads ----

void PgStore::connectReader() {
  reader_.reset();
  const Clock::time_point now = Clock::now();
  // While the database is away, every join would try to connect (to each host of the
  // connection string): one attempt per backoff period instead, the others fail at once.
  if (now < reader_next_attempt_)
    throw pq::ConnectionLost("no database session (reconnecting to PostgreSQL)");
  try {
    reader_ = std::make_unique<pq::Connection>(conninfo_);
  } catch (const pq::ConnectionLost&) {
    reader_next_attempt_ = now + reader_backoff_;
    reader_backoff_ = std::min(kMaxBackoff, reader_backoff_ * 2);
    throw;
  }
  reader_backoff_ = kFirstBackoff;
  reader_next_attempt_ = {};
}

template <typename F>
auto PgStore::read(const char* what, F&& f) {
  std::lock_guard lock(read_mutex_);
  for (int attempt = 0;; ++attempt) {
    try {
      if (!reader_ || !reader_->ok()) connectReader();
      return f(*reader_);
    } catch (const pq::ConnectionLost& e) {
      reader_.reset();
      // A session found gone is tried again once, at once: the server may be back already.
      if (attempt > 0 || reader_next_attempt_ != Clock::time_point{})
        throw StoreError(std::string(what) + ": " + e.what());
    }
  }
}

std::optional<StoredTable> PgStore::table(const std::string& id) {
  return read("reading a table", [&](pq::Connection& c) -> std::optional<StoredTable> {
    const pq::Result r = c.execPrepared(
        "reading a table", "read_table",
        "SELECT id, created_at, setup, black_token, white_token, hotseat_token, started_at, "
        "finished_at, result, coalesce(rematch_of, ''), "
        "coalesce((SELECT r.id FROM tables r WHERE r.rematch_of = t.id), '') "
        "FROM tables t WHERE id = $1",
        {id});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    const PGresult* q = r.get();
    StoredTable t;
    t.id = pq::text(q, 0, 0);
    t.created_at = pq::int64At(q, 0, 1);
    t.setup = pq::text(q, 0, 2);
    t.black_token = pq::text(q, 0, 3);
    t.white_token = pq::text(q, 0, 4);
    t.hotseat_token = pq::text(q, 0, 5);
    t.started_at = pq::optionalInt(q, 0, 6);
    t.finished_at = pq::optionalInt(q, 0, 7);
    t.result = pq::text(q, 0, 8);
    t.rematch_of = pq::text(q, 0, 9);
    t.rematch = pq::text(q, 0, 10);
    return t;
  });
}

std::vector<StoredEvent> PgStore::events(const std::string& id) {
  return read("reading events", [&](pq::Connection& c) {
    const pq::Result r =
        c.execPrepared("reading events", "read_events",
                       "SELECT seq, at, event FROM events WHERE table_id = $1 ORDER BY seq", {id});
    std::vector<StoredEvent> out;
    const int n = PQntuples(r.get());
    out.reserve(static_cast<std::size_t>(n));
    for (int row = 0; row < n; ++row)
      out.push_back(StoredEvent{pq::int64At(r.get(), row, 0), pq::int64At(r.get(), row, 1),
                                pq::text(r.get(), row, 2)});
    return out;
  });
}

std::vector<StoredChat> PgStore::chat(const std::string& id) {
  return read("reading the chat", [&](pq::Connection& c) {
    const pq::Result r =
        c.execPrepared("reading the chat", "read_chat",
                       "SELECT seq, at, line FROM chat WHERE table_id = $1 ORDER BY seq", {id});
    std::vector<StoredChat> out;
    const int n = PQntuples(r.get());
    for (int row = 0; row < n; ++row)
      out.push_back(StoredChat{pq::int64At(r.get(), row, 0), pq::int64At(r.get(), row, 1),
                               pq::text(r.get(), row, 2)});
    return out;
  });
}

std::vector<std::string> PgStore::unfinishedTables() {
  return read("listing unfinished tables", [&](pq::Connection& c) {
    // COLLATE "C": ids in byte order whatever the database's collation, as SQLite orders them.
    const pq::Result r = c.execPrepared("listing unfinished tables", "unfinished_tables",
                                        "SELECT id FROM tables WHERE finished_at IS NULL "
                                        "ORDER BY created_at, id COLLATE \"C\"",
                                        {});
    std::vector<std::string> out;
    const int n = PQntuples(r.get());
    for (int row = 0; row < n; ++row) out.push_back(pq::text(r.get(), row, 0));
    return out;
  });
}

std::vector<std::string> PgStore::expireWaiting(int64_t created_before, int limit) {
  if (limit <= 0) return {};
  return read("expiring waiting tables", [&](pq::Connection& c) {
    return pq::inTransaction(c, "expiring waiting tables", [&] {
      std::vector<std::string> locked;
      pq::Param after_at, after_id;  // the last candidate of the previous page
      while (static_cast<int>(locked.size()) < limit) {
        const int want = limit - static_cast<int>(locked.size());
        // COLLATE "C": ids in byte order, as SQLite orders them.
        const pq::Result page = c.execPrepared(
            "choosing waiting tables", "expire_candidates",
            "SELECT id, created_at FROM tables WHERE started_at IS NULL AND finished_at IS NULL "
            "AND created_at < $1 AND ($2::bigint IS NULL OR "
            "(created_at, id COLLATE \"C\") > ($2::bigint, $3::text)) "
            "ORDER BY created_at, id COLLATE \"C\" LIMIT $4",
            {num(created_before), after_at, after_id, std::to_string(want)});
        const int n = PQntuples(page.get());
        if (n == 0) break;
        std::vector<std::string> ids, keys;
        for (int row = 0; row < n; ++row) {
          ids.push_back(pq::text(page.get(), row, 0));
          keys.push_back(key(ids.back()));
        }
        after_id = ids.back();
        after_at = pq::text(page.get(), n - 1, 1);
        // Held until the commit: no node can claim these tables meanwhile.
        const pq::Result free = c.execPrepared(
            "trying the claims of waiting tables", "expire_lock",
            "SELECT c.id FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS c(id, k, n) "
            "WHERE pg_try_advisory_xact_lock(c.k) ORDER BY c.n",
            {arrayLiteral(ids), arrayLiteral(keys)});
        for (int row = 0; row < PQntuples(free.get()); ++row)
          locked.push_back(pq::text(free.get(), row, 0));
        if (n < want) break;  // no more candidates
      }
      if (locked.empty()) return locked;
      // One statement: the rows chosen again under their row locks, then their chat, seats,
      // log and row (the foreign keys are checked at its end).
      const pq::Result gone = c.execPrepared(
          "expiring waiting tables", "expire_delete",
          "WITH doomed AS (SELECT id FROM tables WHERE id = ANY($1::text[]) AND started_at IS "
          "NULL AND finished_at IS NULL AND created_at < $2 FOR UPDATE), "
          "chat_gone AS (DELETE FROM chat WHERE table_id IN (SELECT id FROM doomed)), "
          "seats_gone AS (DELETE FROM seat_players WHERE table_id IN (SELECT id FROM doomed)), "
          "events_gone AS (DELETE FROM events WHERE table_id IN (SELECT id FROM doomed)) "
          "DELETE FROM tables WHERE id IN (SELECT id FROM doomed) RETURNING id",
          {arrayLiteral(locked), num(created_before)});
      std::set<std::string> deleted;
      for (int row = 0; row < PQntuples(gone.get()); ++row)
        deleted.insert(pq::text(gone.get(), row, 0));
      std::vector<std::string> out;  // oldest first, as chosen
      for (std::string& id : locked)
        if (deleted.count(id)) out.push_back(std::move(id));
      return out;
    });
  });
}

void PgStore::requestRelease(const std::string& table_id) {
  try {
    read("asking for a table", [&](pq::Connection& c) {
      c.execPrepared("asking for a table", "request_release", "SELECT pg_notify($1, $2)",
                     {std::string(kReleaseChannel), table_id});
      return 0;
    });
  } catch (const StoreError&) {  // a request is a hint: the holder keeps serving the table
  }
}

}  // namespace pg
