#include "store/pg_lease.h"

#include <utility>

#include "store/pg_connection.h"

namespace pg {

PgLease::PgLease(std::string conninfo, std::string node, Times times)
    : conninfo_(std::move(conninfo)), node_(std::move(node)), times_(times) {}

PgLease::~PgLease() {
  stop(false);
}

void PgLease::start() {
  renewOnce();  // the first lease, or StoreError: a node starts only with one
  renewer_ = std::thread([this] { renewLoop(); });
  watchdog_ = std::thread([this] { watchLoop(); });
}

void PgLease::stop(bool end_lease) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !renewer_.joinable()) return;
    stopping_ = true;
  }
  cv_.notify_all();
  if (renewer_.joinable()) renewer_.join();
  if (watchdog_.joinable()) watchdog_.join();
  int64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    id = id_;
    id_ = 0;
  }
  if (!end_lease || id == 0) return;
  try {
    if (!conn_ || !conn_->ok()) conn_ = std::make_unique<pq::Connection>(conninfo_);
    conn_->exec("ending the lease",
                "UPDATE node_leases SET expires_at = least(expires_at, clock_timestamp()) "
                "WHERE lease = $1::bigint",
                {std::to_string(id)});
  } catch (const std::exception&) {  // it then expires on its own, valid_for from now
  }
}

PgLease::Held PgLease::held() const {
  std::lock_guard lock(mutex_);
  return Held{id_, generation_};
}

bool PgLease::live() const {
  std::lock_guard lock(mutex_);
  return id_ != 0 && Clock::now() < give_up_at_;
}

void PgLease::abandon(uint64_t generation) {
  lose(generation);
}

void PgLease::lose(uint64_t generation) {
  {
    std::lock_guard lock(mutex_);
    if (generation != generation_ || id_ == 0) return;
    ended_id_ = id_;
    id_ = 0;
    ++generation_;
    give_up_at_ = {};
  }
  cv_.notify_all();
  notice("this node's lease was lost: every table it held is dropped");
  if (on_lost_) {
    try {
      on_lost_();
    } catch (...) {  // a caller's bug must not stop the lease
    }
  }
}

void PgLease::renewOnce() {
  const Clock::time_point sent = Clock::now();
  int64_t id = 0, ended = 0;
  uint64_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    id = id_;
    ended = ended_id_;
    generation = generation_;
  }
  const std::string valid_ms = std::to_string(times_.valid_for.count());
  try {
    if (!conn_ || !conn_->ok()) {
      const bool again = static_cast<bool>(conn_) || id != 0;
      conn_ = std::make_unique<pq::Connection>(conninfo_);
      if (again) notice("the lease's session connected to " + conn_->server());
    }
    if (id == 0) {
      // One statement: the lost lease ends now (its claims are free at once), leases ended a
      // day ago are forgotten, and a new one begins.
      const pq::Result r = conn_->exec(
          "taking a lease",
          "WITH ended AS (UPDATE node_leases SET expires_at = least(expires_at, "
          "clock_timestamp()) WHERE lease = $1::bigint), "
          "old AS (DELETE FROM node_leases WHERE expires_at < clock_timestamp() - interval '1 "
          "day' AND lease <> $1::bigint) "
          "INSERT INTO node_leases (node, expires_at) VALUES ($2, clock_timestamp() + "
          "$3::bigint * interval '1 millisecond') RETURNING lease",
          {std::to_string(ended), node_, valid_ms});
      const int64_t fresh = pq::int64At(r.get(), 0, 0);
      {
        std::lock_guard lock(mutex_);
        if (generation != generation_ || stopping_) return;  // it expires on its own
        id_ = fresh;
        ended_id_ = 0;
        give_up_at_ = sent + times_.valid_for - times_.margin;
      }
      cv_.notify_all();
      notice("this node holds lease " + std::to_string(fresh) + " on " + conn_->server());
      return;
    }
    const pq::Result r = conn_->exec(
        "renewing the lease",
        "UPDATE node_leases SET expires_at = clock_timestamp() + $2::bigint * interval '1 "
        "millisecond' WHERE lease = $1::bigint AND expires_at > clock_timestamp() RETURNING 1",
        {std::to_string(id), valid_ms});
    if (PQntuples(r.get()) == 0) {
      lose(generation);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      if (generation == generation_) give_up_at_ = sent + times_.valid_for - times_.margin;
    }
    cv_.notify_all();
  } catch (const pq::ConnectionLost&) {
    conn_.reset();
    throw;
  }
}

void PgLease::renewLoop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    try {
      renewOnce();
    } catch (const std::exception&) {  // tried again at the next tick; the watchdog decides
    }
    lock.lock();
    cv_.wait_for(lock, times_.renew_every, [this] { return stopping_; });
  }
}

void PgLease::watchLoop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (id_ != 0 && Clock::now() >= give_up_at_) {
      const uint64_t generation = generation_;
      lock.unlock();
      lose(generation);
      lock.lock();
      continue;
    }
    if (id_ == 0)
      cv_.wait(lock);
    else
      cv_.wait_until(lock, give_up_at_);
  }
}

}  // namespace pg
