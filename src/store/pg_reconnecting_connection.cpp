#include "store/pg_reconnecting_connection.h"

#include <algorithm>
#include <utility>

namespace pg::pq {

namespace {

constexpr std::chrono::milliseconds kFirstBackoff{50};
constexpr std::chrono::milliseconds kMaxBackoff{500};

}  // namespace

ReconnectingConnection::ReconnectingConnection(std::string conninfo, std::string setup)
    : conninfo_(std::move(conninfo)), setup_(std::move(setup)), backoff_(kFirstBackoff) {}

ReconnectingConnection::~ReconnectingConnection() = default;

void ReconnectingConnection::connect() {
  conn_.reset();
  const auto now = std::chrono::steady_clock::now();
  if (now < next_attempt_) throw ConnectionLost("no database session (reconnecting to PostgreSQL)");
  try {
    auto c = std::make_unique<Connection>(conninfo_);
    if (!setup_.empty()) c->exec("setting up the session", setup_);
    conn_ = std::move(c);
  } catch (const ConnectionLost&) {
    next_attempt_ = now + backoff_;
    backoff_ = std::min(kMaxBackoff, backoff_ * 2);
    throw;
  }
  backoff_ = kFirstBackoff;
  next_attempt_ = {};
}

}  // namespace pg::pq
