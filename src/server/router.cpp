#include "server/router.h"

#include <string_view>
#include <utility>

#include "server/messages.h"
#include "server/table.h"
#include "server/table_registry.h"

namespace pg {

void routeMessage(const std::string& text, const std::shared_ptr<Peer>& peer,
                  std::shared_ptr<Table>& table, TableRegistry& registry) {
  auto error = [&](std::string_view code, std::string_view message) {
    peer->send(errorFrame(code, message));
  };
  Json msg = Json::parse(text, nullptr, false);
  if (msg.is_discarded() || !msg.is_object())
    return error("bad-json", "A message must be one JSON object.");
  if (!msg.contains("type") || !msg.at("type").is_string())
    return error("bad-request", "A message needs a \"type\".");
  const std::string type = msg.at("type").get<std::string>();
  if (type == "ping") return peer->send(makeFrame(Json{{"type", "pong"}}));
  if (type == "join") {
    if (!msg.contains("table") || !msg.at("table").is_string())
      return error("bad-request", "A join needs a \"table\".");
    const std::string id = msg.at("table").get<std::string>();
    if (table && table->id() != id)
      return error("already-joined", "This connection belongs to another table.");
    if (!table) table = registry.find(id);
    if (!table) return error("no-such-table", "There is no such table.");
    table->join(peer, std::move(msg));
    return;
  }
  if (type == "try" || type == "pass" || type == "resign" || type == "mark") {
    if (!table) return error("not-joined", "Join a table first.");
    table->command(peer, std::move(msg));
    return;
  }
  error("unknown-command", "Unknown command.");
}

}  // namespace pg
