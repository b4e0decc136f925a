#include "server/api/creation_gate.h"

#include <spdlog/spdlog.h>

#include "server/api/http_reply.h"
#include "server/table/table.h"

namespace pg {

CreationGate::CreationGate(CreationStore& store, const ServerLimits& limits, Metrics* metrics)
    : store_(store), limits_(limits), metrics_(metrics) {}

std::optional<HttpReply> CreationGate::admit(const std::string& address,
                                             const std::string& table_id) {
  CreationLimits l;
  l.per_minute = limits_.tables_per_minute_per_address;
  l.per_hour = limits_.tables_per_hour_per_address;
  l.waiting = limits_.waiting_tables_per_address;
  l.waiting_ttl_ms = limits_.waiting_table_ttl.count();
  const Reservation r = store_.reserve(address, table_id, nowMs(), l);
  if (r.reserved) return std::nullopt;
  Metrics::Limit limit = Metrics::Limit::TablesPerMinute;
  const char* message = "Too many new tables from your address; wait a minute.";
  switch (r.refused_by) {
    case Reservation::Limit::PerHour:
      limit = Metrics::Limit::TablesPerHour;
      message = "Too many new tables from your address this hour; try again later.";
      break;
    case Reservation::Limit::Waiting:
      limit = Metrics::Limit::WaitingTables;
      message =
          "Too many tables from your address are waiting for their players; play or let them "
          "expire first.";
      break;
    default:
      break;
  }
  if (metrics_) metrics_->rateLimited(limit);
  return rateLimitedReply(message, r.retry_after_ms);
}

void CreationGate::discard(const std::string& table_id) noexcept {
  try {
    store_.discard(table_id);
  } catch (const std::exception& e) {
    // It then counts until it leaves the windows: a stricter limit for a while, nothing worse.
    spdlog::warn("a failed creation's reservation stays counted: {}", e.what());
  }
}

}  // namespace pg
