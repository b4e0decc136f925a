// What a table's features (chat, names, rematch, abandonment) may use of their table, on its
// strand: its state to read, its connections to tell, its writer to store through, and its
// clock. Table implements it; the features' unit tests use a fake with a fake writer and a
// clock the test sets.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "protocol/json.h"
#include "referee/referee.h"
#include "server/node/metrics.h"
#include "server/node/server_settings.h"
#include "server/table/subscribers.h"
#include "server/table/table_setup.h"
#include "server/table/table_writer.h"
#include "server/table/your_move_ask.h"
#include "store/store.h"

namespace pg {

class TableHost {
 public:
  virtual ~TableHost() = default;

  virtual const std::string& tableId() const = 0;
  virtual const TableSetup& setup() const = 0;
  virtual const Referee& referee() const = 0;
  /// Whether the game has started (every human seat joined once).
  virtual bool started() const = 0;
  virtual const ServerSettings& settings() const = 0;
  /// The node's counters; null: nothing is counted.
  virtual Metrics* metrics() const = 0;
  /// Milliseconds since the Unix epoch.
  virtual int64_t now() const = 0;

  /// Who is connected; a computer seat always is.
  virtual Presence presence() const = 0;
  virtual Subscribers& subscribers() = 0;
  virtual TableWriter& writer() = 0;
  /// Brings the public info up to date, and sends it to every connection if it changed.
  virtual void publishInfo() = 0;
  /// Keeps the table alive while a wake-up of a feature's timer is armed.
  virtual std::shared_ptr<void> keepAlive() = 0;
  /// Adopts a setup just stored (`json` is its stored text).
  virtual void adoptSetup(TableSetup setup, std::string json) = 0;
  /// Creates a table from a create request as the rematch of this one (TableContext's
  /// create_table): `done` runs once on any thread; throws, having created nothing.
  virtual void createRematch(const Json& request,
                             std::function<void(std::exception_ptr, StoredTable)> done) = 0;
  /// The write that queues the "your move" mail `a` asks for, if the seat's player wants one,
  /// for TableWriter::submit; empty when the node sends no mail.
  virtual TableWriter::Submit yourMoveSubmit(const YourMoveAsk& a) {
    (void)a;
    return {};
  }
};

}  // namespace pg
