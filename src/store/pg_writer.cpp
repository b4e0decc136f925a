#include "store/pg_writer.h"

#include <set>
#include <utility>
#include <vector>

#include "store/pg_connection.h"
#include "store/pg_write_sql.h"

namespace pg {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kFirstBackoff{50};
constexpr std::chrono::milliseconds kMaxBackoff{500};
/// How often an idle writer that holds claims listens for the requests for them.
constexpr std::chrono::milliseconds kIdlePoll{200};

std::string lostText(const std::exception& e) {
  return std::string("database session lost during the write: ") + e.what();
}

}  // namespace

PgWriter::PgWriter(std::string conninfo, PgLease& lease, bool group_commit,
                   std::function<bool(const std::string&)> mine,
                   std::function<void(const std::string&)> requested,
                   std::function<void(const std::string&)> notice)
    : conninfo_(std::move(conninfo)),
      lease_(lease),
      mine_(std::move(mine)),
      requested_(std::move(requested)),
      notice_(std::move(notice)),
      backoff_(kFirstBackoff),
      queue_(*this, group_commit) {
  conn_ = std::make_unique<pq::Connection>(conninfo_);
  sessionStarted();
}

PgWriter::~PgWriter() {
  queue_.stop();  // while this writer can still commit
}

bool PgWriter::claim(const std::string& table_id) {
  bool claimed = false;
  queue_.call([&] {
    syncLease();
    if (claims_.count(table_id)) {
      claimed = true;
      return;
    }
    if (lease_id_ == 0 || !lease_.live())
      throw StoreError("this node holds no live lease of the store (is PostgreSQL reachable?)");
    try {
      ensureSession();
      // A fresh row, or one whose lease is none, this node's, or expired; only while this
      // node's own lease is alive. Every claim raises the fence.
      //
      // Committed without waiting for the WAL's flush (synchronous_commit off for this
      // statement's own transaction): a node taking over hundreds of tables claims each
      // through this queue, and a flush (and a synchronous standby's) per claim made the last
      // of them wait a second. A claim lost in a crash is harmless: nothing is announced under
      // it before a write whose transaction finds the claim row with this fence (checkFences),
      // and that transaction's COMMIT is flushed; without the row, the write fails ClaimLost.
      const pq::Result r = conn_->execPrepared(
          "claiming a table", "claim_async",
          "WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)) "
          "INSERT INTO claims AS c (table_id, lease, fence) SELECT $1, $2::bigint, 1 FROM quick "
          "WHERE "
          "EXISTS (SELECT 1 FROM node_leases WHERE lease = $2::bigint AND expires_at > "
          "clock_timestamp()) "
          "ON CONFLICT (table_id) DO UPDATE SET lease = excluded.lease, fence = c.fence + 1 "
          "WHERE c.lease IS NULL OR c.lease = excluded.lease OR NOT EXISTS (SELECT 1 FROM "
          "node_leases l WHERE l.lease = c.lease AND l.expires_at > clock_timestamp()) "
          "RETURNING c.fence",
          {table_id, std::to_string(lease_id_)});
      if (PQntuples(r.get()) == 1) {
        claims_[table_id] = pq::int64At(r.get(), 0, 0);
        claimed = true;
      }
    } catch (const pq::ConnectionLost& e) {
      sessionLost();
      throw StoreError(e.what());
    }
  });
  return claimed;
}

void PgWriter::release(const std::string& table_id) {
  try {
    queue_.control(
        [this, table_id] {
          syncLease();
          claims_.erase(table_id);
          releaseRow(table_id);
        },
        nullptr);
  } catch (...) {  // out of memory: the claim then ends with the lease
  }
}

void PgWriter::releaseRow(const std::string& table_id) {
  if (lease_id_ == 0) return;
  try {
    ensureSession();
    conn_->execPrepared("releasing a table", "release",
                        "UPDATE claims SET lease = NULL WHERE table_id = $1 AND lease = "
                        "$2::bigint",
                        {table_id, std::to_string(lease_id_)});
  } catch (const pq::ConnectionLost&) {
    sessionLost();
    unreleased_.insert(table_id);  // tried again once a session is back (retryReleases)
  } catch (const StoreError&) {    // no session yet: the same
    unreleased_.insert(table_id);
  } catch (...) {  // never thrown to anyone
  }
}

void PgWriter::syncLease() {
  const PgLease::Held held = lease_.held();
  if (held.generation != generation_) {
    claims_.clear();  // they belonged to a lost lease, which ended with them
    unreleased_.clear();
    generation_ = held.generation;
  }
  lease_id_ = held.id;
}

void PgWriter::sessionLost() {
  conn_.reset();
  pid_ = 0;
}

void PgWriter::ensureSession() {
  if (conn_ && conn_->ok()) return;
  if (conn_) sessionLost();
  const Clock::time_point now = Clock::now();
  if (now < next_attempt_) throw StoreError("no database session (reconnecting to PostgreSQL)");
  try {
    conn_ = std::make_unique<pq::Connection>(conninfo_);
    sessionStarted();
    notice_("a writer session connected again, to " + conn_->server());
  } catch (const StoreError&) {
    conn_.reset();
    next_attempt_ = now + backoff_;
    backoff_ = std::min(kMaxBackoff, backoff_ * 2);
    throw;
  }
  backoff_ = kFirstBackoff;
  next_attempt_ = {};
}

void PgWriter::sessionStarted() {
  pid_ = conn_->backendPid();
  // A node cut off in the middle of a transaction must not hold its claim rows' locks until
  // TCP gives up; a claim waits at most that long for another node's commit.
  conn_->exec("setting up the writer's session",
              "SET idle_in_transaction_session_timeout = '2s'; SET lock_timeout = '2s'");
  // The session of the writer hears the requests for the claims.
  conn_->exec("listening for release requests", std::string("LISTEN ") + kPgReleaseChannel);
}

void PgWriter::releaseAll() {
  try {
    queue_.call([this] {
      syncLease();
      claims_.clear();
      if (lease_id_ == 0) return;
      ensureSession();
      conn_->exec("releasing every claim",
                  "UPDATE claims SET lease = NULL WHERE lease = $1::bigint",
                  {std::to_string(lease_id_)});
    });
  } catch (...) {  // the claims then end with the lease
  }
}

void PgWriter::checkFences(pq::Connection& c, std::span<const StoreWrite> writes) {
  std::set<std::string> tables;
  for (const StoreWrite& w : writes)
    if (needsClaim(w)) tables.insert(tableOf(w));
  if (tables.empty()) return;
  std::vector<std::string> ids, fences;
  for (const std::string& id : tables) {
    const auto it = claims_.find(id);
    if (it == claims_.end())  // check() refused it; a caller writing it again alone
      throw ClaimLost("table " + id + " is not claimed by this node");
    ids.push_back(id);
    fences.push_back(std::to_string(it->second));
  }
  // Held until the COMMIT: a claim of any of these tables by another node waits for it.
  const pq::Result r = c.execPrepared(
      "checking the claims", "fences",
      "SELECT c.table_id, EXISTS (SELECT 1 FROM node_leases l WHERE l.lease = c.lease AND "
      "l.expires_at > clock_timestamp()) FROM claims c JOIN unnest($1::text[], $2::bigint[]) AS "
      "u(id, fence) ON c.table_id = u.id AND c.fence = u.fence WHERE c.lease = $3::bigint FOR "
      "SHARE OF c",
      {pq::arrayLiteral(ids), pq::arrayLiteral(fences), std::to_string(lease_id_)});
  std::set<std::string> held;
  for (int row = 0; row < PQntuples(r.get()); ++row) {
    if (pq::text(r.get(), row, 1) != "t") {
      // The lease expired in the database before this node saw it: every claim is gone.
      lease_.abandon(generation_);
      syncLease();
      throw SessionLost("this node's lease expired before the commit");
    }
    held.insert(pq::text(r.get(), row, 0));
  }
  if (held.size() == tables.size()) return;
  std::string lost;
  for (const std::string& id : tables)
    if (!held.count(id)) {
      claims_.erase(id);  // another node claimed it since: its later writes fail at once
      lost += (lost.empty() ? "" : ", ") + id;
    }
  throw ClaimLost("another node claimed table(s) " + lost + " since this node did");
}

void PgWriter::commit(std::span<const StoreWrite> writes) {
  for (int attempt = 0;; ++attempt) {
    try {
      ensureSession();
    } catch (const StoreError& e) {
      throw SessionLost(e.what());  // no session, and no new one yet: nothing was sent
    }
    pq::Connection& c = *conn_;
    bool committing = false;
    try {
      c.exec("starting a transaction", "BEGIN");
      checkFences(c, writes);
      pq::writeGroup(c, writes);
      committing = true;
      c.exec(writes.size() == 1 ? "committing a write" : "committing queued writes", "COMMIT");
      return;
    } catch (const pq::ConnectionLost& e) {
      sessionLost();
      // Lost before the COMMIT was sent (most often a session that ended while idle, found
      // by its first statement): nothing was stored, and the batch is tried again once on a
      // new session.
      if (!committing && attempt == 0) continue;
      if (committing) {
        // The outcome is unknown: the claims can no longer be vouched for. The lease is given
        // up, and every node reads the log as the database holds it.
        lease_.abandon(generation_);
        syncLease();
      }
      throw SessionLost(lostText(e));
    } catch (const std::exception&) {
      std::exception_ptr own = std::current_exception();
      try {
        c.exec("rolling back", "ROLLBACK");
      } catch (const pq::ConnectionLost& e) {
        sessionLost();
        throw SessionLost(lostText(e), own);  // nothing was committed: the claims stay
      } catch (const std::exception&) {  // the next commit finds out whether the session is fine
      }
      std::rethrow_exception(own);
    }
  }
}

void PgWriter::startRun() {
  syncLease();  // the claims of a lost lease are forgotten before any write trusts them
}

std::exception_ptr PgWriter::check(const StoreWrite& w) {
  if (!needsClaim(w) || claims_.count(tableOf(w))) return nullptr;
  return std::make_exception_ptr(
      ClaimLost("table " + tableOf(w) + " is not claimed by this node's lease"));
}

std::optional<std::chrono::milliseconds> PgWriter::idlePoll() {
  // Always: a writer with no claim in memory may still have rows to give up (unreleased_, or a
  // request for a row whose release was lost), and it hears requests only when it polls.
  return kIdlePoll;
}

void PgWriter::idle() {
  syncLease();
  if (conn_ && !conn_->poll()) sessionLost();
  if (!conn_ && lease_id_ != 0) {
    try {
      ensureSession();  // listening again for the requests for the claims held
    } catch (const StoreError&) {
    }
  }
  retryReleases();
}

void PgWriter::retryReleases() {
  if (unreleased_.empty() || !conn_) return;
  std::set<std::string> todo;
  todo.swap(unreleased_);
  for (const std::string& id : todo)
    if (!claims_.count(id)) releaseRow(id);  // claimed again meanwhile: not to be released
}

void PgWriter::afterBatch() {
  syncLease();
  retryReleases();
  // The requests for claims this node holds are passed on; a request for a table it does not
  // hold clears the table's row if it still names this node's lease (a claim whose answer was
  // lost with the session), so that the node asking may take it.
  std::vector<std::string> requested;
  if (conn_ && conn_->ok())
    for (std::string& id : conn_->takeNotifications(kPgReleaseChannel)) {
      if (claims_.count(id))
        requested.push_back(std::move(id));
      else if (mine_(id))
        releaseRow(id);
    }
  for (const std::string& id : requested) {
    try {
      requested_(id);
    } catch (...) {  // a caller's bug must not stop the writer of every table
    }
  }
}

}  // namespace pg
