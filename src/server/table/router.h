// What a WebSocket connection's text frames mean, without the socket: the one routing function
// that WebsocketSession uses and that the fuzz target drives directly.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "server/table/peer.h"

namespace pg {

class Table;
class TableRegistry;

/// Routes one text frame from `peer`, a connection opened for the table `route` (the id in its
/// URL, /ws?table=<id>, by which a proxy chose this node; empty for /ws alone): `ping` is
/// answered, `join` goes to the table it names, which must be `route` if there is one (and
/// then becomes `table`, the connection's table for good), the game commands go to `table`.
/// Anything else, or anything malformed, is answered with an error frame. When another node serves
/// the table, the connection is told `table-elsewhere` and closed, so that the client connects
/// again (and lands on the owner).
/// `admit_join`, if set, is asked before each join that would look a table up: 0 lets it through,
/// anything else is the milliseconds to wait, and the join is answered `rate-limited`.
using JoinGate = std::function<int64_t()>;
void routeMessage(const std::string& text, const std::string& route,
                  const std::shared_ptr<Peer>& peer, std::shared_ptr<Table>& table,
                  TableRegistry& registry, const JoinGate& admit_join = {});

}  // namespace pg
