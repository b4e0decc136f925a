// What every network session shares: the settings, the lobby, the HTTP API, the node's metrics
// and the count of open connections. Sessions know nothing of Go beyond handing frames to a
// table.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

#include "server/api/http_api.h"
#include "server/net/address_connections.h"
#include "server/net/address_rate.h"
#include "server/node/metrics.h"
#include "server/node/server_settings.h"
#include "server/table/table_registry.h"

namespace pg {

struct ServerContext {
  ServerContext(const ServerSettings& s, TableRegistry& r, HttpApi& a, Metrics* m)
      : settings(s),
        registry(r),
        api(a),
        metrics(m),
        by_address(s.limits.connections_per_address),
        joins(s.limits.joins_per_second_per_address, s.limits.join_burst_per_address),
        api_requests(s.limits.api_requests_per_second_per_address, s.limits.api_burst_per_address) {
  }

  const ServerSettings& settings;
  TableRegistry& registry;
  HttpApi& api;
  Metrics* metrics = nullptr;  ///< may be null
  std::atomic<std::size_t> connections{0};
  /// Connections past a limit being answered 503 or 429 (at most kMaxRefusing at a time).
  std::atomic<std::size_t> refusing{0};
  /// The limits per client address that the sessions enforce (the store counts creations).
  AddressConnections by_address;
  AddressRate joins;
  AddressRate api_requests;
  /// Runs a job that reads the store (the lookup of a table a join names, when it is not in
  /// memory) on a thread that is not a network thread; unset: on the caller's thread.
  std::function<void(std::function<void()>)> reads;

  /// Counts a refusal by a limit per address.
  void limited(Metrics::Limit limit) const {
    if (metrics) metrics->rateLimited(limit);
  }
};

/// Busy answers in progress at most; further connections past the limit are closed at once.
inline constexpr std::size_t kMaxRefusing = 16;

/// One open connection counted in ServerContext::connections for as long as it lives; moves
/// from the HTTP session to the WebSocket session on upgrade.
class ConnectionSlot {
 public:
  explicit ConnectionSlot(ServerContext* ctx) : ctx_(ctx) { ++ctx_->connections; }
  ConnectionSlot(ConnectionSlot&& o) noexcept : ctx_(o.ctx_) { o.ctx_ = nullptr; }
  ConnectionSlot& operator=(ConnectionSlot&&) = delete;
  ConnectionSlot(const ConnectionSlot&) = delete;
  ~ConnectionSlot() {
    if (ctx_) --ctx_->connections;
  }

 private:
  ServerContext* ctx_;
};

}  // namespace pg
