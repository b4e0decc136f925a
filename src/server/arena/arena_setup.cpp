#include "server/arena/arena_setup.h"

#include <set>

#include "protocol/client_message.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

/// The clock an arena's games have when the creation names none: 3 minutes and 2 seconds.
Json defaultClock() {
  return Json{{"main_seconds", 180}, {"increment_seconds", 2}};
}

/// The longest main time an arena's game may have: an hour.
constexpr int64_t kMaxMainMs = 60LL * 60 * 1000;

int64_t integerField(const Json& body, const char* field) {
  if (!body.contains(field)) throw ProtocolError(std::string("missing field '") + field + "'");
  const Json& v = body.at(field);
  if (!v.is_number_integer())
    throw ProtocolError(std::string("'") + field + "' must be an integer");
  return v.get<int64_t>();
}

}  // namespace

ArenaRequest arenaRequestFromJson(const Json& body, int64_t now, const ArenaLimits& limits) {
  if (!body.is_object()) throw ProtocolError("the arena must be a JSON object");
  static const std::set<std::string> known{"name", "starts_at", "duration_s",
                                           "size", "rules",     "clock"};
  for (const auto& [k, v] : body.items())
    if (!known.count(k)) throw ProtocolError("unknown field '" + k + "'");
  ArenaRequest r;
  if (!body.contains("name") || !body.at("name").is_string())
    throw ProtocolError("'name' must be a string");
  r.name = body.at("name").get<std::string>();
  const auto chars = plainTextChars(r.name);
  if (!chars) throw ProtocolError("a name must be plain text, without control characters");
  if (*chars < 1 || *chars > kMaxNameChars)
    throw ProtocolError("an arena's name has 1 to 40 characters");
  r.starts_at = integerField(body, "starts_at");
  if (r.starts_at < now - 60000) throw ProtocolError("'starts_at' is in the past");
  if (r.starts_at > now + limits.max_ahead_ms)
    throw ProtocolError("an arena starts at most 7 days ahead");
  r.starts_at = std::max(r.starts_at, now);
  const int64_t duration = integerField(body, "duration_s");
  if (duration < limits.min_seconds || duration > limits.max_seconds)
    throw ProtocolError("'duration_s' must be from " + std::to_string(limits.min_seconds) + " to " +
                        std::to_string(limits.max_seconds) + " seconds");
  r.ends_at = r.starts_at + duration * 1000;
  Json rules = body.contains("rules") ? body.at("rules") : Json::object();
  if (!rules.is_object()) throw ProtocolError("'rules' must be an object");
  if (body.contains("size")) {
    if (!body.at("size").is_number_integer()) throw ProtocolError("'size' must be an integer");
    rules["size"] = body.at("size");
  }
  Json clock =
      body.contains("clock") && !body.at("clock").is_null() ? body.at("clock") : defaultClock();
  // The table's own checks, on the setup of a game between two people.
  const TableSetup s = setupFromJson(Json{{"rules", rules}, {"mode", "online"}, {"clock", clock}});
  if (!s.clock || s.clock->correspondence())
    throw ProtocolError("an arena's games have a Fischer clock (main time and increment)");
  if (s.clock->main_ms > kMaxMainMs)
    throw ProtocolError("an arena game's main time is 1 hour at most");
  const Json stored = setupToJson(s);
  r.setup = Json{{"rules", stored.at("rules")}, {"clock", stored.at("clock")}};
  return r;
}

TableSetup arenaGameSetup(const Json& arena_setup, const std::string& black_name,
                          const std::string& white_name) {
  TableSetup s = setupFromJson(Json{{"rules", arena_setup.at("rules")},
                                    {"mode", "online"},
                                    {"clock", arena_setup.at("clock")},
                                    {"names", Json{{"black", black_name}, {"white", white_name}}}});
  // Rated as the site's rated games are, when the rules and the clock allow it.
  s.rated = s.rules.handicap == 0 && !s.rules.atari_go && s.rules.topology == Topology::Planar;
  if (s.rated && !ratingCategoryOf(s)) s.rated = false;
  return s;
}

StoredTable arenaGameTable(const TableSetup& setup, int64_t now) {
  StoredTable t;
  t.id = newTableId();
  t.created_at = now;
  t.started_at = now;
  t.setup = setupToJson(setup).dump();
  t.black_token = newSeatToken();
  t.white_token = newSeatToken();
  return t;
}

}  // namespace pg
