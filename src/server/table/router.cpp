#include "server/table/router.h"

#include <utility>
#include <variant>

#include "protocol/client_message.h"
#include "server/table/messages.h"
#include "server/table/table.h"
#include "server/table/table_registry.h"

namespace pg {

std::optional<TableLookup> routeMessage(const std::string& text, const std::string& route,
                                        const std::shared_ptr<Peer>& peer,
                                        std::shared_ptr<Table>& table, TableRegistry& registry,
                                        const JoinGate& admit_join) {
  auto error = [&](const Error& e) -> std::optional<TableLookup> {
    peer->send(errorFrame(e));
    return std::nullopt;
  };
  ParsedMessage parsed = parseClientMessage(text);
  if (const auto* e = std::get_if<ParseError>(&parsed)) return error(*e);
  ClientMessage& msg = std::get<ClientMessage>(parsed);
  if (std::holds_alternative<PingRequest>(msg)) {
    peer->send(pongFrame());
    return std::nullopt;
  }
  if (!registry.serving()) {
    // This node's ownership of its tables is about to lapse (its lease could not be renewed):
    // it answers nothing more from memory, and the client reconnects to whoever serves next.
    registry.dropAll();
    peer->send(errorFrame(Error::of(Err::StoreFailed)));
    peer->close();
    return std::nullopt;
  }
  if (auto* join = std::get_if<JoinRequest>(&msg)) {
    if (table && table->id() != join->table) return error(Error::of(Err::AlreadyJoined));
    if (!route.empty() && join->table != route) return error(Error::of(Err::WrongTable));
    if (admit_join && admit_join() > 0)
      return error(
          Error::detail(Err::RateLimited, "Too many joins from your address; wait a moment."));
    if (table) {
      table->join(peer, std::move(*join));
      return std::nullopt;
    }
    LookupResult known;
    try {
      const auto found = registry.findKnown(join->table);
      if (!found) return TableLookup{std::move(*join)};  // the store must be read
      known.table = *found;
    } catch (...) {
      known.error = std::current_exception();
    }
    completeJoin(TableLookup{std::move(*join)}, std::move(known), peer, table);
    return std::nullopt;
  }
  if (!table) return error(Error::of(Err::NotJoined));
  table->command(peer, std::move(std::get<Command>(msg)));
  return std::nullopt;
}

LookupResult lookUp(TableRegistry& registry, const TableLookup& lookup) {
  LookupResult r;
  try {
    r.table = registry.find(lookup.join.table);
  } catch (...) {
    r.error = std::current_exception();
  }
  return r;
}

void completeJoin(TableLookup lookup, LookupResult found, const std::shared_ptr<Peer>& peer,
                  std::shared_ptr<Table>& table) {
  auto closeWith = [&](Err code) {
    peer->send(errorFrame(Error::of(code)));
    peer->close();
  };
  if (found.error) {
    try {
      std::rethrow_exception(found.error);
    } catch (const TableElsewhere&) {
      return closeWith(Err::TableElsewhere);
    } catch (const ServerFull&) {
      return closeWith(Err::ServerFull);
    } catch (const StoreError&) {
      // The database is away (a lost session, a failover): this connection is of no use
      // until it is back. Closed, the client reconnects with its backoff and joins again.
      return closeWith(Err::StoreFailed);
    } catch (...) {
      return closeWith(Err::StoreFailed);
    }
  }
  if (!found.table) return peer->send(errorFrame(Error::of(Err::NoSuchTable)));
  table = std::move(found.table);
  table->join(peer, std::move(lookup.join));
}

}  // namespace pg
