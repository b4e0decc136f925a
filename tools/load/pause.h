// A table's waits in pg_load: the think pause before a client's action and the pause before a
// refused creation is tried again. A table that started again meanwhile ignores the old wait.
#pragma once

#include <boost/asio.hpp>
#include <chrono>
#include <random>

#include "load/conn.h"

namespace pg::load {

/// Waits on `timer` for `delay`, then calls done(on_time): false when the wait was cancelled or
/// the table's generation (`gen`, a member of the table that outlives the wait) moved on.
template <class Done>
void pause(net::steady_timer& timer, Clock::duration delay, const int& gen, Done done) {
  timer.expires_after(delay);
  timer.async_wait([&gen, at = gen, done](const beast::error_code& ec) { done(!ec && at == gen); });
}

/// A client's think pause: uniform between 0 and twice the mean.
inline Clock::duration thinkPause(std::mt19937_64& rng, double mean_ms) {
  std::uniform_real_distribution<double> u(0, 2 * mean_ms);
  return std::chrono::microseconds(static_cast<long>(u(rng) * 1000));
}

}  // namespace pg::load
