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
  auto error = [&](const Error& e) { peer->send(errorFrame(e)); };
  ParsedMessage parsed = parseClientMessage(text);
  if (const auto* e = std::get_if<ParseError>(&parsed)) return error(*e);
  ClientMessage& msg = std::get<ClientMessage>(parsed);
  if (std::holds_alternative<PingRequest>(msg)) return peer->send(pongFrame());
  if (auto* join = std::get_if<JoinRequest>(&msg)) {
    if (table && table->id() != join->table) return error(Error::of(Err::AlreadyJoined));
    if (!route.empty() && join->table != route) return error(Error::of(Err::WrongTable));
    if (admit_join && admit_join() > 0)
      return error(
          Error::detail(Err::RateLimited, "Too many joins from your address; wait a moment."));
    if (!table) {
      try {
        table = registry.find(join->table);
      } catch (const TableElsewhere&) {
        error(Error::of(Err::TableElsewhere));
        return peer->close();
      } catch (const ServerFull&) {
        error(Error::of(Err::ServerFull));
        return peer->close();
      } catch (const StoreError&) {
        // The database is away (a lost session, a failover): this connection is of no use
        // until it is back. Closed, the client reconnects with its backoff and joins again.
        error(Error::of(Err::StoreFailed));
        return peer->close();
      }
    }
    if (!table) return error(Error::of(Err::NoSuchTable));
    table->join(peer, std::move(*join));
    return;
  }
  if (!table) return error(Error::of(Err::NotJoined));
  table->command(peer, std::move(std::get<Command>(msg)));
}

}  // namespace pg
