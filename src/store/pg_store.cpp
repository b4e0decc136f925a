#include "store/pg_store.h"

#include <chrono>
#include <future>
#include <utility>

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
  uint64_t h = 14695981039346656037ull;
  for (const char c : table_id) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return static_cast<int64_t>(h);
}

PgStore::PgStore(const std::string& conninfo, bool group_commit)
    : conninfo_(conninfo),
      group_commit_(group_commit),
      description_(pq::describe(conninfo)),
      w_(std::make_unique<Writer>()) {
  w_->conn = std::make_unique<pq::Connection>(conninfo_);
  pq::migrate(*w_->conn);
  sessionStarted();
  reader_ = std::make_unique<pq::Connection>(conninfo_);
  writer_ = std::thread([this] { writerLoop(); });
}

PgStore::~PgStore() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_cv_.notify_all();
  if (writer_.joinable()) writer_.join();
}

std::string PgStore::description() const {
  return description_;
}

PgStore::WriterStats PgStore::writerStats() {
  std::lock_guard lock(queue_mutex_);
  return stats_;
}

void PgStore::onClaimsLost(std::function<void()> f) {
  std::lock_guard lock(queue_mutex_);
  on_claims_lost_ = std::move(f);
}

void PgStore::onReleaseRequested(std::function<void(const std::string&)> f) {
  std::lock_guard lock(queue_mutex_);
  on_release_requested_ = std::move(f);
}

// ---- the callers' side of the queue ----

void PgStore::enqueue(Pending p) {
  {
    std::lock_guard lock(queue_mutex_);
    queue_.push_back(std::move(p));
  }
  queue_cv_.notify_one();
}

void PgStore::enqueueAndWait(Pending p) {
  if (std::this_thread::get_id() == writer_.get_id())
    throw StoreError("a blocking store call on the store's writer thread (from a callback)");
  auto answer = std::make_shared<std::promise<std::exception_ptr>>();
  std::future<std::exception_ptr> future = answer->get_future();
  p.done = [answer](std::exception_ptr e) { answer->set_value(e); };
  enqueue(std::move(p));
  if (std::exception_ptr e = future.get()) std::rethrow_exception(e);
}

void PgStore::createTable(const StoredTable& table) {
  Pending p;
  p.op = Op::Create;
  p.table_id = table.id;
  p.create = table;
  enqueueAndWait(std::move(p));
}

void PgStore::createTableAsync(StoredTable table, AppendDone done) {
  if (!group_commit_) return Store::createTableAsync(std::move(table), std::move(done));
  Pending p;
  p.op = Op::Create;
  p.table_id = table.id;
  p.create = std::move(table);
  p.done = std::move(done);
  enqueue(std::move(p));
}

void PgStore::append(const std::string& table_id, const std::vector<StoredEvent>& events,
                     const std::optional<StoredEnd>& end) {
  Pending p;
  p.op = Op::Append;
  p.table_id = table_id;
  p.events = events;
  p.end = end;
  enqueueAndWait(std::move(p));
}

void PgStore::appendAsync(const std::string& table_id, std::vector<StoredEvent> events,
                          std::optional<StoredEnd> end, AppendDone done) {
  if (!group_commit_)
    return Store::appendAsync(table_id, std::move(events), std::move(end), std::move(done));
  Pending p;
  p.op = Op::Append;
  p.table_id = table_id;
  p.events = std::move(events);
  p.end = std::move(end);
  p.done = std::move(done);
  enqueue(std::move(p));
}

void PgStore::appendChat(const std::string& table_id, const StoredChat& line) {
  Pending p;
  p.op = Op::Append;
  p.table_id = table_id;
  p.chat = line;
  enqueueAndWait(std::move(p));
}

void PgStore::appendChatAsync(const std::string& table_id, StoredChat line, AppendDone done) {
  if (!group_commit_) return Store::appendChatAsync(table_id, std::move(line), std::move(done));
  Pending p;
  p.op = Op::Append;
  p.table_id = table_id;
  p.chat = std::move(line);
  p.done = std::move(done);
  enqueue(std::move(p));
}

void PgStore::setSetup(const std::string& table_id, const std::string& setup) {
  Pending p;
  p.op = Op::Append;
  p.table_id = table_id;
  p.setup = setup;
  enqueueAndWait(std::move(p));
}

void PgStore::setSetupAsync(const std::string& table_id, std::string setup, AppendDone done) {
  if (!group_commit_) return Store::setSetupAsync(table_id, std::move(setup), std::move(done));
  Pending p;
  p.op = Op::Append;
  p.table_id = table_id;
  p.setup = std::move(setup);
  p.done = std::move(done);
  enqueue(std::move(p));
}

void PgStore::markStarted(const std::string& table_id, int64_t at) {
  Pending p;
  p.op = Op::Start;
  p.table_id = table_id;
  p.started_at = at;
  enqueueAndWait(std::move(p));
}

void PgStore::markStartedAsync(const std::string& table_id, int64_t at, AppendDone done) {
  if (!group_commit_) return Store::markStartedAsync(table_id, at, std::move(done));
  Pending p;
  p.op = Op::Start;
  p.table_id = table_id;
  p.started_at = at;
  p.done = std::move(done);
  enqueue(std::move(p));
}

bool PgStore::claim(const std::string& table_id) {
  Pending p;
  p.op = Op::Claim;
  p.table_id = table_id;
  p.claimed = std::make_shared<bool>(false);
  const std::shared_ptr<bool> claimed = p.claimed;
  enqueueAndWait(std::move(p));
  return *claimed;
}

void PgStore::release(const std::string& table_id) {
  Pending p;
  p.op = Op::Release;
  p.table_id = table_id;
  try {
    enqueue(std::move(p));
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

/// The statements of one queued write but its events (`with_events` false: the caller inserts
/// them), inside the caller's transaction.
void writeOne(pq::Connection& c, const std::string& table_id, const std::optional<StoredTable>& t,
              const std::vector<StoredEvent>& events, const std::optional<StoredEnd>& end,
              bool start, int64_t started_at, const std::optional<StoredChat>& chat,
              const std::optional<std::string>& setup, bool with_events = true) {
  if (setup) {
    const pq::Result r =
        c.execPrepared("changing a table's setup", "set_setup",
                       "UPDATE tables SET setup = $1 WHERE id = $2", {*setup, table_id});
    if (pq::affectedRows(r.get()) != 1) throw StoreError("the setup of an unknown table");
    return;
  }
  if (chat) {
    c.execPrepared("appending a chat line", "append_chat",
                   "INSERT INTO chat (table_id, seq, at, line) VALUES ($1, $2, $3, $4)",
                   {table_id, num(chat->seq), num(chat->at), chat->line});
    return;
  }
  if (t) {
    c.execPrepared("creating a table", "create_table",
                   "INSERT INTO tables (id, created_at, setup, black_token, white_token, "
                   "hotseat_token, started_at, finished_at, result, rematch_of) "
                   "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                   {t->id, num(t->created_at), t->setup, t->black_token, t->white_token,
                    t->hotseat_token, t->started_at ? pq::Param(num(*t->started_at)) : std::nullopt,
                    t->finished_at ? pq::Param(num(*t->finished_at)) : std::nullopt, t->result,
                    t->rematch_of.empty() ? std::nullopt : pq::Param(t->rematch_of)});
    return;
  }
  if (start) {
    c.execPrepared("starting a table", "start_table",
                   "UPDATE tables SET started_at = $1 WHERE id = $2 AND started_at IS NULL",
                   {num(started_at), table_id});
    return;
  }
  if (with_events)
    for (const StoredEvent& e : events)
      c.execPrepared("appending events", "append_event",
                     "INSERT INTO events (table_id, seq, at, event) VALUES ($1, $2, $3, $4)",
                     {table_id, num(e.seq), num(e.at), e.event});
  if (end) {
    const pq::Result r =
        c.execPrepared("finishing a table", "finish_table",
                       "UPDATE tables SET finished_at = $1, result = $2 WHERE id = $3",
                       {num(end->at), end->result, table_id});
    if (pq::affectedRows(r.get()) != 1) throw StoreError("finishing an unknown table");
  }
}

}  // namespace

void PgStore::commitWrites(std::vector<Pending>& batch, std::size_t from, std::size_t to,
                           std::vector<std::exception_ptr>& errors) {
  // A session that ended while idle is found here, before any write trusts its claims.
  if (w_->conn && !w_->conn->poll()) sessionLost();
  std::vector<std::size_t> todo;
  for (std::size_t k = from; k < to; ++k) {
    const Pending& p = batch[k];
    if (p.op != Op::Create && !w_->claims.count(p.table_id))
      errors[k] = std::make_exception_ptr(
          ClaimLost("table " + p.table_id + " is not claimed by this node's database session"));
    else
      todo.push_back(k);
  }
  if (todo.empty()) return;

  // The session is gone: every write not yet committed fails.
  auto failRest = [&](std::size_t first, const std::string& text) {
    sessionLost();
    for (std::size_t n = first; n < todo.size(); ++n) {
      const Pending& p = batch[todo[n]];
      errors[todo[n]] = p.op == Op::Create ? std::make_exception_ptr(StoreError(text))
                                           : std::make_exception_ptr(ClaimLost(text));
    }
  };
  try {
    ensureWriter();
  } catch (const StoreError& e) {
    failRest(0, e.what());  // no session, and no new one yet
    return;
  }
  pq::Connection& c = *w_->conn;
  auto write = [&](const Pending& p) {
    writeOne(c, p.table_id, p.create, p.events, p.end, p.op == Op::Start, p.started_at, p.chat,
             p.setup);
  };
  // The whole group in a few round trips: the creations, then every event of every append in
  // one INSERT (a round trip per event costs more than the commit itself on a busy machine),
  // then the starts and ends.
  auto writeGroup = [&] {
    for (const std::size_t k : todo)
      if (batch[k].create) write(batch[k]);
    std::vector<std::string> ids, seqs, ats, texts;
    for (const std::size_t k : todo)
      for (const StoredEvent& e : batch[k].events) {
        ids.push_back(batch[k].table_id);
        seqs.push_back(num(e.seq));
        ats.push_back(num(e.at));
        texts.push_back(e.event);
      }
    if (!ids.empty())
      c.execPrepared(
          "appending events", "append_events",
          "INSERT INTO events (table_id, seq, at, event) SELECT * FROM "
          "unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[])",
          {arrayLiteral(ids), arrayLiteral(seqs), arrayLiteral(ats), arrayLiteral(texts)});
    for (const std::size_t k : todo) {
      const Pending& p = batch[k];
      if (!p.create)
        writeOne(c, p.table_id, p.create, p.events, p.end, p.op == Op::Start, p.started_at, p.chat,
                 p.setup, /*with_events=*/false);
    }
  };
  auto rollback = [&] { c.exec("rolling back", "ROLLBACK"); };  // may throw ConnectionLost
  int64_t commits = 0;

  bool together = false;
  // One write alone goes the same way: its events in one statement too.
  if (group_commit_) {
    try {
      c.exec("starting a transaction", "BEGIN");
      writeGroup();
      c.exec("committing queued writes", "COMMIT");
      together = true;
      commits = 1;
    } catch (const pq::ConnectionLost& e) {
      failRest(0, lostText(e));
      return;
    } catch (const std::exception&) {
      try {
        rollback();  // then each on its own, so that one cannot fail the rest
      } catch (const pq::ConnectionLost& e) {
        failRest(0, lostText(e));
        return;
      } catch (const std::exception&) {  // the retries find out whether the session is fine
      }
    }
  }
  if (!together) {
    for (std::size_t n = 0; n < todo.size(); ++n) {
      const Pending& p = batch[todo[n]];
      try {
        c.exec("starting a transaction", "BEGIN");
        write(p);
        c.exec("committing a write", "COMMIT");
        ++commits;
      } catch (const pq::ConnectionLost& e) {
        failRest(n, lostText(e));
        break;
      } catch (const std::exception&) {
        errors[todo[n]] = std::current_exception();
        try {
          rollback();
        } catch (const pq::ConnectionLost& e) {
          failRest(n + 1, lostText(e));
          break;
        } catch (const std::exception&) {
        }
      }
    }
  }
  std::lock_guard lock(queue_mutex_);
  stats_.commits += commits;
  stats_.writes += static_cast<int64_t>(todo.size());
}

void PgStore::runBatch(std::vector<Pending>& batch, std::vector<std::exception_ptr>& errors) {
  std::size_t i = 0;
  while (i < batch.size()) {
    Pending& p = batch[i];
    if (p.op == Op::Claim) {
      if (w_->conn && !w_->conn->poll()) sessionLost();  // "held" only if still held
      if (w_->claims.count(p.table_id)) {
        *p.claimed = true;
      } else {
        try {
          ensureWriter();
          const pq::Result r = w_->conn->exec(
              "claiming a table", "SELECT pg_try_advisory_lock($1::bigint)", {key(p.table_id)});
          *p.claimed = pq::text(r.get(), 0, 0) == "t";
          if (*p.claimed) w_->claims.insert(p.table_id);
        } catch (const pq::ConnectionLost& e) {
          sessionLost();
          errors[i] = std::make_exception_ptr(StoreError(e.what()));
        } catch (...) {
          errors[i] = std::current_exception();
        }
      }
      ++i;
    } else if (p.op == Op::Release) {
      if (w_->claims.erase(p.table_id) && w_->conn && w_->conn->ok()) {
        try {
          w_->conn->exec("releasing a table", "SELECT pg_advisory_unlock($1::bigint)",
                         {key(p.table_id)});
        } catch (const pq::ConnectionLost&) {
          sessionLost();  // the lock ended with the session
        } catch (...) {   // never thrown to anyone: the session keeps the lock
        }
      }
      ++i;
    } else {
      std::size_t j = i;
      while (j < batch.size() && batch[j].op != Op::Claim && batch[j].op != Op::Release) ++j;
      commitWrites(batch, i, j, errors);
      i = j;
    }
  }
}

void PgStore::writerLoop() {
  std::vector<Pending> batch;
  for (;;) {
    bool poll = false;
    {
      std::unique_lock lock(queue_mutex_);
      const bool holding = !w_->claims.empty();
      if (holding)
        queue_cv_.wait_for(lock, kIdlePoll, [&] { return stopping_ || !queue_.empty(); });
      else
        queue_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty() && stopping_) return;  // stopping, and everything is committed
      if (queue_.empty())
        poll = true;
      else
        batch.swap(queue_);
    }
    std::vector<std::exception_ptr> errors(batch.size());
    if (poll) {
      if (w_->conn && !w_->conn->poll()) sessionLost();
    } else {
      runBatch(batch, errors);
    }
    // The requests for claims this session holds (the others are for other nodes).
    std::vector<std::string> requested;
    if (w_->conn && w_->conn->ok())
      for (std::string& id : w_->conn->takeNotifications(kReleaseChannel))
        if (w_->claims.count(id)) requested.push_back(std::move(id));
    if (!requested.empty()) {
      std::function<void(const std::string&)> f;
      {
        std::lock_guard lock(queue_mutex_);
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
        std::lock_guard lock(queue_mutex_);
        f = on_claims_lost_;
      }
      if (f) {
        try {
          f();
        } catch (...) {  // a caller's bug must not stop the writer of every table
        }
      }
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
      try {
        if (batch[i].done) batch[i].done(errors[i]);
      } catch (...) {
      }
    }
    batch.clear();
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
      // One statement: the rows chosen again under their row locks, then their chat, log and
      // row (the foreign keys are checked at its end).
      const pq::Result gone = c.execPrepared(
          "expiring waiting tables", "expire_delete",
          "WITH doomed AS (SELECT id FROM tables WHERE id = ANY($1::text[]) AND started_at IS "
          "NULL AND finished_at IS NULL AND created_at < $2 FOR UPDATE), "
          "chat_gone AS (DELETE FROM chat WHERE table_id IN (SELECT id FROM doomed)), "
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
