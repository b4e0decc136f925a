#include "server/table/router.h"

#include <utility>
#include <variant>

#include "protocol/client_message.h"
#include "server/table/messages.h"
#include "server/table/table.h"
#include "server/table/table_registry.h"

namespace pg {

void routeMessage(const std::string& text, const std::string& route,
                  const std::shared_ptr<Peer>& peer, std::shared_ptr<Table>& table,
                  TableRegistry& registry, const JoinGate& admit_join) {
  auto error = [&](std::string_view code, std::string_view message) {
    peer->send(errorFrame(code, message));
  };
  ParsedMessage parsed = parseClientMessage(text);
  if (const auto* e = std::get_if<ParseError>(&parsed)) return error(e->code, e->message);
  ClientMessage& msg = std::get<ClientMessage>(parsed);
  if (std::holds_alternative<PingRequest>(msg))
    return peer->send(makeFrame(Json{{"type", "pong"}}));
  if (auto* join = std::get_if<JoinRequest>(&msg)) {
    if (table && table->id() != join->table)
      return error("already-joined", "This connection belongs to another table.");
    if (!route.empty() && join->table != route)
      return error("wrong-table", "This connection was opened for another table.");
    if (admit_join && admit_join() > 0)
      return error("rate-limited", "Too many joins from your address; wait a moment.");
    if (!table) {
      try {
        table = registry.find(join->table);
      } catch (const TableElsewhere&) {
        error("table-elsewhere", "Another server holds this table now; connect again.");
        return peer->close();
      } catch (const ServerFull&) {
        error("server-full", "The server is full; try again later.");
        return peer->close();
      } catch (const StoreError&) {
        // The database is away (a lost session, a failover): this connection is of no use
        // until it is back. Closed, the client reconnects with its backoff and joins again.
        error("store-failed", "The server could not read its store. Try again.");
        return peer->close();
      }
    }
    if (!table) return error("no-such-table", "There is no such table.");
    table->join(peer, std::move(*join));
    return;
  }
  if (!table) return error("not-joined", "Join a table first.");
  table->command(peer, std::move(std::get<Command>(msg)));
}

}  // namespace pg
