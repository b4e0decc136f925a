// What the store and the server's log get of a table's accepted events.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "referee/event.h"
#include "store/store.h"

namespace pg {

/// The stored rows of log[from..], each accepted at `at`, on a board of `size`.
std::vector<StoredEvent> storedRows(const std::vector<Event>& log, std::size_t from, int64_t at,
                                    int size);
/// One info line per event of log[from..]: who and what, never the point of a try.
void logAccepted(const std::string& table_id, const std::vector<Event>& log, std::size_t from);

}  // namespace pg
