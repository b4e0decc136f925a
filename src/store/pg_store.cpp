#include "store/pg_store.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <utility>

#include "rules/fnv1a.h"
#include "store/pg_connection.h"
#include "store/pg_migrations.h"
#include "store/pg_reconnecting_connection.h"
#include "store/pg_write_sql.h"

namespace pg {

namespace {

/// "host:pid", naming a node's lease for operators.
std::string nodeName() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return std::string(host) + ":" + std::to_string(getpid());
}

}  // namespace

PgStore::PgStore(const std::string& conninfo, bool group_commit, PgLease::Times lease, int writers)
    : conninfo_(conninfo),
      description_(pq::describe(conninfo)),
      readers_(conninfo, kReaders),
      lease_(conninfo, nodeName(), lease) {
  {
    pq::Connection c(conninfo_);
    pq::migrate(c);
  }
  lease_.onLost([this] {
    std::function<void()> f;
    {
      std::lock_guard lock(callbacks_mutex_);
      f = on_claims_lost_;
    }
    if (f) f();
  });
  lease_.onNotice([this](const std::string& text) { notice(text); });
  lease_.start();
  const std::size_t n = static_cast<std::size_t>(std::max(1, writers));
  for (std::size_t i = 0; i < n; ++i)
    writers_.push_back(std::make_unique<PgWriter>(
        conninfo_, lease_, group_commit,
        [this, i](const std::string& id) { return &writerOf(id) == writers_[i].get(); },
        [this](const std::string& id) {
          std::function<void(const std::string&)> f;
          {
            std::lock_guard lock(callbacks_mutex_);
            f = on_release_requested_;
          }
          if (f) f(id);
        },
        [this](const std::string& text) { notice(text); }));
  for (auto& w : writers_) w->start();
}

PgStore::~PgStore() {
  releaseAll();
  for (auto& w : writers_) w->stop();
  lease_.stop(/*end_lease=*/true);
}

void PgStore::releaseAll() {
  for (auto& w : writers_) w->releaseAll();
}

PgWriter& PgStore::writerOf(const std::string& table_id) const {
  return *writers_[fnv1a(table_id) % writers_.size()];
}

std::string PgStore::description() const {
  return description_;
}

std::chrono::milliseconds PgStore::oldestWrite() {
  std::chrono::milliseconds longest{0};
  for (auto& w : writers_) longest = std::max(longest, w->oldestWaiting());
  return longest;
}

int PgStore::writerBackendPid(const std::string& table_id) const {
  return writerOf(table_id).backendPid();
}

WriteQueue::Stats PgStore::writerStats() {
  WriteQueue::Stats all;
  for (auto& w : writers_) {
    const WriteQueue::Stats s = w->stats();
    all.commits += s.commits;
    all.writes += s.writes;
  }
  return all;
}

bool PgStore::onWriterThread() const {
  for (const auto& w : writers_)
    if (w->onWriterThread()) return true;
  return false;
}

void PgStore::onClaimsLost(std::function<void()> f) {
  std::lock_guard lock(callbacks_mutex_);
  on_claims_lost_ = std::move(f);
}

void PgStore::onNotice(std::function<void(const std::string&)> f) {
  std::lock_guard lock(callbacks_mutex_);
  on_notice_ = std::move(f);
}

void PgStore::notice(const std::string& text) {
  std::function<void(const std::string&)> f;
  {
    std::lock_guard lock(callbacks_mutex_);
    f = on_notice_;
  }
  if (f) f(text);
}

void PgStore::onReleaseRequested(std::function<void(const std::string&)> f) {
  std::lock_guard lock(callbacks_mutex_);
  on_release_requested_ = std::move(f);
}

void PgStore::write(StoreWrite w, WriteDone done) {
  PgWriter& writer = writerOf(tableOf(w));
  writer.write(std::move(w), std::move(done));
}

bool PgStore::claim(const std::string& table_id) {
  return writerOf(table_id).claim(table_id);
}

void PgStore::release(const std::string& table_id) {
  writerOf(table_id).release(table_id);
}

// ---- reads ----

template <typename F>
auto PgStore::read(const char* what, F&& f) {
  return readers_.run(what, std::forward<F>(f));
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
            "SELECT id, created_at FROM tables t WHERE started_at IS NULL AND finished_at IS "
            "NULL AND created_at < $1 AND ($2::bigint IS NULL OR "
            "(created_at, id COLLATE \"C\") > ($2::bigint, $3::text)) AND NOT EXISTS (SELECT 1 "
            "FROM claims c JOIN node_leases l ON l.lease = c.lease WHERE c.table_id = t.id AND "
            "l.expires_at > clock_timestamp()) "
            "ORDER BY created_at, id COLLATE \"C\" LIMIT $4",
            {std::to_string(created_before), after_at, after_id, std::to_string(want)});
        const int n = PQntuples(page.get());
        if (n == 0) break;
        std::vector<std::string> ids;
        for (int row = 0; row < n; ++row) ids.push_back(pq::text(page.get(), row, 0));
        after_id = ids.back();
        after_at = pq::text(page.get(), n - 1, 1);
        // Every candidate gets a claim row, and the rows that name no live lease are locked
        // until the commit: a claim of one of them waits, then finds its table gone.
        c.execPrepared("holding the claims of waiting tables", "expire_rows",
                       "INSERT INTO claims (table_id, lease, fence) SELECT id, NULL, 0 FROM "
                       "unnest($1::text[]) AS u(id) ON CONFLICT DO NOTHING",
                       {pq::arrayLiteral(ids)});
        const pq::Result free = c.execPrepared(
            "locking the claims of waiting tables", "expire_lock",
            "SELECT c.table_id FROM claims c WHERE c.table_id = ANY($1::text[]) AND NOT EXISTS "
            "(SELECT 1 FROM node_leases l WHERE l.lease = c.lease AND l.expires_at > "
            "clock_timestamp()) FOR UPDATE SKIP LOCKED",
            {pq::arrayLiteral(ids)});
        std::set<std::string> got;
        for (int row = 0; row < PQntuples(free.get()); ++row)
          got.insert(pq::text(free.get(), row, 0));
        for (const std::string& id : ids)  // oldest first, as chosen
          if (got.count(id)) locked.push_back(id);
        if (n < want) break;  // no more candidates
      }
      if (locked.empty()) return locked;
      // One statement, reading afresh under the locks: the rows that still qualify (not
      // started, finished nor claimed meanwhile), then their chat, seats, log, claim and row
      // (the foreign keys are checked at its end).
      const pq::Result gone = c.execPrepared(
          "expiring waiting tables", "expire_delete",
          "WITH doomed AS (SELECT t.id FROM tables t WHERE t.id = ANY($1::text[]) AND "
          "t.started_at IS NULL AND t.finished_at IS NULL AND t.created_at < $2 AND NOT EXISTS "
          "(SELECT 1 FROM claims c JOIN node_leases l ON l.lease = c.lease WHERE c.table_id = "
          "t.id AND l.expires_at > clock_timestamp()) FOR UPDATE OF t), "
          "chat_gone AS (DELETE FROM chat WHERE table_id IN (SELECT id FROM doomed)), "
          "seats_gone AS (DELETE FROM seat_players WHERE table_id IN (SELECT id FROM doomed)), "
          "events_gone AS (DELETE FROM events WHERE table_id IN (SELECT id FROM doomed)), "
          "claims_gone AS (DELETE FROM claims WHERE table_id IN (SELECT id FROM doomed)) "
          "DELETE FROM tables WHERE id IN (SELECT id FROM doomed) RETURNING id",
          {pq::arrayLiteral(locked), std::to_string(created_before)});
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
                     {std::string(kPgReleaseChannel), table_id});
      return 0;
    });
  } catch (const StoreError&) {  // a request is a hint: the holder keeps serving the table
  }
}

}  // namespace pg
