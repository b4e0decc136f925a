#include "store/pg_connection_pool.h"

#include <algorithm>

namespace pg::pq {

ConnectionPool::ConnectionPool(const std::string& conninfo, int size) {
  for (int i = 0; i < std::max(1, size); ++i) {
    sessions_.push_back(std::make_unique<ReconnectingConnection>(conninfo));
    free_.push_back(sessions_.back().get());
  }
}

ConnectionPool::~ConnectionPool() = default;

ReconnectingConnection* ConnectionPool::take() {
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [this] { return !free_.empty(); });
  ReconnectingConnection* s = free_.back();
  free_.pop_back();
  return s;
}

void ConnectionPool::giveBack(ReconnectingConnection* session) {
  {
    std::lock_guard lock(mutex_);
    free_.push_back(session);
  }
  freed_.notify_one();
}

}  // namespace pg::pq
