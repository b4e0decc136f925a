// What every network session shares: the settings, the lobby, the HTTP API, the node's metrics
// and the count of open connections. Sessions know nothing of Go beyond handing frames to a
// table.
#pragma once

#include <atomic>
#include <cstddef>

#include "server/http_api.h"
#include "server/metrics.h"
#include "server/server_settings.h"
#include "server/table_registry.h"

namespace pg {

struct ServerContext {
  const ServerSettings& settings;
  TableRegistry& registry;
  HttpApi& api;
  Metrics* metrics = nullptr;  ///< may be null
  std::atomic<std::size_t> connections{0};
  /// Connections past the limit being answered 503 (at most kMaxRefusing at a time).
  std::atomic<std::size_t> refusing{0};
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
