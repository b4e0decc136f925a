// What a WebSocket connection's text frames mean, without the socket: the one routing function
// that WebsocketSession uses and that the fuzz target drives directly.
#pragma once

#include <memory>
#include <string>

#include "server/peer.h"

namespace pg {

class Table;
class TableRegistry;

/// Routes one text frame from `peer`: `ping` is answered, `join` goes to the table it names
/// (which then becomes `table`, the connection's table for good), the game commands go to
/// `table`. Anything else, or anything malformed, is answered with an error frame.
void routeMessage(const std::string& text, const std::shared_ptr<Peer>& peer,
                  std::shared_ptr<Table>& table, TableRegistry& registry);

}  // namespace pg
