// The records a store keeps (a table, its events, its chat, the end of its game) and the errors
// it reports. The store deals in plain records: the setup, events and results are JSON text
// written and read by the server, so the store knows nothing of Go.
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>

namespace pg {

/// A failure of the storage layer (disk full, corrupt file, ...). what() is for the logs.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A write refused because this store does not hold the table's claim (another node serves
/// the table, or this node's database session, and with it every claim, was lost). Nothing
/// of the write was stored.
class ClaimLost : public StoreError {
 public:
  using StoreError::StoreError;
};

/// Whether `error` is a ClaimLost.
inline bool isClaimLost(const std::exception_ptr& error) {
  if (!error) return false;
  try {
    std::rethrow_exception(error);
  } catch (const ClaimLost&) {
    return true;
  } catch (...) {
    return false;
  }
}

/// One table as stored.
struct StoredTable {
  std::string id;
  int64_t created_at = 0;  ///< milliseconds since the Unix epoch
  std::string setup;       ///< JSON text of the table's setup (rules, mode, clock, ...)
  /// Seat secrets; empty when the table has no such seat (a computer seat, or hot seat).
  std::string black_token;
  std::string white_token;
  std::string hotseat_token;
  std::optional<int64_t> started_at;   ///< when every human seat had joined once
  std::optional<int64_t> finished_at;  ///< when the game ended
  std::string result;                  ///< JSON text of the result once finished, else empty
  /// The table this one is the rematch of (set at creation; empty: none). A table has at most
  /// one rematch: creating a second one for the same table fails (StoreError), whichever node
  /// tries, so two acceptances racing make one new table.
  std::string rematch_of;
  /// Read only (createTable ignores it): the id of the table that is this one's rematch, once
  /// it has been created; else empty.
  std::string rematch;

  bool operator==(const StoredTable&) const = default;
};

/// One accepted event of a table's log.
struct StoredEvent {
  int64_t seq = 0;    ///< 0-based index in the table's log; contiguous
  int64_t at = 0;     ///< server time of acceptance, milliseconds since the Unix epoch
  std::string event;  ///< JSON text of the full-information event

  bool operator==(const StoredEvent&) const = default;
};

/// One line of a table's chat (docs/protocol.md, "Chat").
struct StoredChat {
  int64_t seq = 0;   ///< 0-based index in the table's chat; contiguous
  int64_t at = 0;    ///< server time of acceptance, milliseconds since the Unix epoch
  std::string line;  ///< JSON text of the line (who, which channel, the text)

  bool operator==(const StoredChat&) const = default;
};

/// The end of a game, stored with the event that caused it.
struct StoredEnd {
  int64_t at = 0;
  std::string result;  ///< JSON text
};

}  // namespace pg
