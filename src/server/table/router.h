// What a WebSocket connection's text frames mean, without the socket: the one routing function
// that WebsocketSession uses and that the fuzz target drives directly.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "protocol/client_message.h"
#include "server/table/peer.h"

namespace pg {

class Table;
class TableRegistry;

/// A join whose table this node does not hold in memory: finding it reads the store (and may
/// claim the table), which must not happen on a network thread. The caller runs lookUp() on a
/// thread of its own, then completeJoin() back on the connection's, and reads no further frame
/// of the connection until then (so that nothing overtakes the join).
struct TableLookup {
  JoinRequest join;
};
/// What a lookup found: the table (null: none), or the error TableRegistry::find threw.
struct LookupResult {
  std::shared_ptr<Table> table;
  std::exception_ptr error;
};

/// Routes one text frame from `peer`, a connection opened for the table `route` (the id in its
/// URL, /ws?table=<id>, by which a proxy chose this node; empty for /ws alone): `ping` is
/// answered, `join` goes to the table it names, which must be `route` if there is one (and
/// then becomes `table`, the connection's table for good), the game commands go to `table`.
/// Anything else, or anything malformed, is answered with an error frame. When another node serves
/// the table, the connection is told `table-elsewhere` and closed, so that the client connects
/// again (and lands on the owner).
/// `admit_join`, if set, is asked before each join that would look a table up: 0 lets it through,
/// anything else is the milliseconds to wait, and the join is answered `rate-limited`.
/// Returns the lookup to run when the join's table must be read from the store.
using JoinGate = std::function<int64_t()>;
[[nodiscard]] std::optional<TableLookup> routeMessage(
    const std::string& text, const std::string& route, const std::shared_ptr<Peer>& peer,
    std::shared_ptr<Table>& table, TableRegistry& registry, const JoinGate& admit_join = {});
/// Finds the lookup's table (TableRegistry::find): blocks on the store. Any thread.
LookupResult lookUp(TableRegistry& registry, const TableLookup& lookup);
/// Goes on with the join once its table is found: it becomes `table` and is joined, or the
/// connection hears why not (and is closed when it is of no use here).
void completeJoin(TableLookup lookup, LookupResult found, const std::shared_ptr<Peer>& peer,
                  std::shared_ptr<Table>& table);

}  // namespace pg
