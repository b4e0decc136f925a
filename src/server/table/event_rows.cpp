#include "server/table/event_rows.h"

#include <spdlog/spdlog.h>

#include "protocol/json.h"

namespace pg {

std::vector<StoredEvent> storedRows(const std::vector<Event>& log, std::size_t from, int64_t at,
                                    int size) {
  std::vector<StoredEvent> rows;
  for (std::size_t i = from; i < log.size(); ++i)
    rows.push_back(StoredEvent{static_cast<int64_t>(i), at, eventToJson(log[i], size).dump()});
  return rows;
}

void logAccepted(const std::string& table_id, const std::vector<Event>& log, std::size_t from) {
  for (std::size_t i = from; i < log.size(); ++i) {
    const Event& e = log[i];
    if (e.kind == EventKind::Try)
      spdlog::info("table {}: {} try {}", table_id, colorName(e.player),
                   e.legal ? "legal" : "illegal");
    else
      spdlog::info("table {}: {} {}", table_id, colorName(e.player), eventKindName(e.kind));
  }
}

}  // namespace pg
