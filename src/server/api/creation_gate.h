// The limits per client address on creating tables (POST /api/tables and the lobby's
// challenges): tables a minute, tables an hour, and waiting tables at once. The counts live in
// the store (CreationStore), so every node of a cluster enforces the same limits; a refusal is
// `429 rate-limited` with Retry-After, counted in /metrics by the limit that refused.
#pragma once

#include <optional>
#include <string>

#include "server/api/http_types.h"
#include "server/node/metrics.h"
#include "server/node/server_limits.h"
#include "store/creation_store.h"

namespace pg {

class CreationGate {
 public:
  /// Everything referred to outlives the gate; `metrics` may be null.
  CreationGate(CreationStore& store, const ServerLimits& limits, Metrics* metrics);

  /// Reserves the creation of `table_id` for `address` (a limitKey): nullopt when it may go
  /// on, else the 429 answer. Throws StoreError.
  std::optional<HttpReply> admit(const std::string& address, const std::string& table_id);
  /// The table reserved by admit() could not be created: it stops counting. Never throws.
  void discard(const std::string& table_id) noexcept;

 private:
  CreationStore& store_;
  const ServerLimits& limits_;
  Metrics* metrics_;
};

}  // namespace pg
