// A few PostgreSQL sessions that serve reads side by side (PgStore's reads: a table's row, its
// log and chat when a node loads it). One session under a mutex made every load wait for the
// others' round trips, so a node taking over a few hundred tables at once (a rolling restart,
// a dead node's tables) loaded them one after the other. Each session is a
// ReconnectingConnection (its own backoff while the database is away); a call takes whichever
// is free, or waits for the first to come free.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "store/pg_reconnecting_connection.h"

namespace pg::pq {

class ConnectionPool {
 public:
  /// `size` sessions (at least 1), each connected at its first use.
  ConnectionPool(const std::string& conninfo, int size);
  ~ConnectionPool();

  /// ReconnectingConnection::run on a free session: the same retry, backoff and errors.
  template <typename F>
  auto run(const char* what, F&& f) {
    Taken taken(*this);
    return taken.session->run(what, std::forward<F>(f));
  }

  int size() const { return static_cast<int>(sessions_.size()); }

 private:
  /// A session taken from the free list, given back when this ends (also when `f` throws).
  struct Taken {
    explicit Taken(ConnectionPool& p) : pool(p), session(p.take()) {}
    ~Taken() { pool.giveBack(session); }
    Taken(const Taken&) = delete;
    Taken& operator=(const Taken&) = delete;
    ConnectionPool& pool;
    ReconnectingConnection* session;
  };
  /// Waits for a free session and takes it.
  ReconnectingConnection* take();
  void giveBack(ReconnectingConnection* session);

  std::vector<std::unique_ptr<ReconnectingConnection>> sessions_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<ReconnectingConnection*> free_;  // under mutex_
};

}  // namespace pg::pq
