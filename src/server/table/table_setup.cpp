#include "server/table/table_setup.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "protocol/client_message.h"
#include "rating/category.h"
#include "rules/assert.h"

namespace pg {

namespace {

constexpr int64_t kDayMs = 24LL * 60 * 60 * 1000;

double secondsField(const Json& j, const char* field, double lo, double hi, bool lo_open) {
  if (!j.contains(field)) throw ProtocolError(std::string("missing clock field '") + field + "'");
  const Json& v = j.at(field);
  if (!v.is_number()) throw ProtocolError(std::string("'") + field + "' must be a number");
  const double x = v.get<double>();
  if (!std::isfinite(x) || x > hi || (lo_open ? x <= lo : x < lo))
    throw ProtocolError(std::string("'") + field + "' is out of range");
  return x;
}

std::string nameField(const Json& names, const char* field, std::string fallback) {
  if (!names.contains(field)) return fallback;
  const Json& v = names.at(field);
  if (!v.is_string()) throw ProtocolError(std::string("name '") + field + "' must be a string");
  std::string s = v.get<std::string>();
  const auto chars = plainTextChars(s);
  if (!chars) throw ProtocolError("a name must be plain text, without control characters");
  if (*chars > kMaxNameChars) throw ProtocolError("a name may have at most 40 characters");
  if (s.empty()) return fallback;
  return s;
}

/// {"days_per_move": 1|2|3|7}, with "kind":"correspondence" optional.
ClockSetup correspondenceFromJson(const Json& c) {
  if (c.contains("main_seconds") || c.contains("increment_seconds"))
    throw ProtocolError(
        "'days_per_move' may not be mixed with 'main_seconds' or 'increment_seconds'");
  if (!c.contains("days_per_move")) throw ProtocolError("missing clock field 'days_per_move'");
  const Json& d = c.at("days_per_move");
  const auto& allowed = correspondenceDays();
  if (!d.is_number_integer() ||
      std::find(allowed.begin(), allowed.end(), d.get<int64_t>()) == allowed.end())
    throw ProtocolError("'days_per_move' must be 1, 2, 3 or 7");
  return correspondenceClock(d.get<int>());
}

/// {"main_seconds", "increment_seconds"}, with "kind":"fischer" optional.
ClockSetup fischerFromJson(const Json& c) {
  ClockSetup cs;
  cs.main_ms = std::llround(secondsField(c, "main_seconds", 0, 86400, true) * 1000);
  cs.increment_ms = c.contains("increment_seconds")
                        ? std::llround(secondsField(c, "increment_seconds", 0, 3600, false) * 1000)
                        : 0;
  if (cs.main_ms <= 0) throw ProtocolError("'main_seconds' is out of range");
  return cs;
}

ClockSetup clockFromJson(const Json& c) {
  if (!c.is_object()) throw ProtocolError("'clock' must be null or an object");
  static const std::set<std::string> known{"kind", "main_seconds", "increment_seconds",
                                           "days_per_move"};
  for (const auto& [k, v] : c.items())
    if (!known.count(k)) throw ProtocolError("unknown clock field '" + k + "'");
  std::string kind = c.contains("days_per_move") ? "correspondence" : "fischer";
  if (c.contains("kind")) {
    const Json& k = c.at("kind");
    if (!k.is_string() || (k != "fischer" && k != "correspondence"))
      throw ProtocolError("the clock's 'kind' must be fischer or correspondence");
    if (k == "fischer" && kind == "correspondence")
      throw ProtocolError("'days_per_move' is only for a correspondence clock");
    kind = k.get<std::string>();
  }
  return kind == "correspondence" ? correspondenceFromJson(c) : fischerFromJson(c);
}

}  // namespace

const std::vector<int>& correspondenceDays() {
  static const std::vector<int> d{1, 2, 3, 7};
  return d;
}

ClockSetup correspondenceClock(int days) {
  PG_ASSERT(std::find(correspondenceDays().begin(), correspondenceDays().end(), days) !=
                correspondenceDays().end(),
            "a correspondence clock has 1, 2, 3 or 7 days per move");
  ClockSetup cs;
  cs.main_ms = days * kDayMs;
  cs.increment_ms = cs.main_ms;
  cs.days_per_move = days;
  return cs;
}

std::string_view tableModeName(TableMode m) {
  switch (m) {
    case TableMode::Online:
      return "online";
    case TableMode::Computer:
      return "computer";
    case TableMode::Hotseat:
      return "hotseat";
  }
  return "online";
}

const std::vector<std::string>& computerStrengths() {
  return computerLevels();
}

TableSetup setupFromJson(const Json& j) {
  if (!j.is_object()) throw ProtocolError("the table setup must be a JSON object");
  static const std::set<std::string> known{"rules", "mode", "computer", "clock", "names", "rated"};
  for (const auto& [k, v] : j.items())
    if (!known.count(k)) throw ProtocolError("unknown field '" + k + "'");
  TableSetup s;
  if (j.contains("rules"))
    s.rules = rulesFromJson(j.at("rules"));
  else
    s.rules = rulesFromJson(Json::object());
  if (j.contains("mode")) {
    const Json& m = j.at("mode");
    const std::string name = m.is_string() ? m.get<std::string>() : "";
    if (name == "online")
      s.mode = TableMode::Online;
    else if (name == "computer")
      s.mode = TableMode::Computer;
    else if (name == "hotseat")
      s.mode = TableMode::Hotseat;
    else
      throw ProtocolError("'mode' must be online, computer or hotseat");
  }
  if (j.contains("computer") && !j.at("computer").is_null()) {
    if (s.mode != TableMode::Computer) throw ProtocolError("'computer' is only for mode computer");
    const Json& c = j.at("computer");
    if (!c.is_object()) throw ProtocolError("'computer' must be an object");
    for (const auto& [k, v] : c.items())
      if (k != "color" && k != "strength")
        throw ProtocolError("unknown computer field '" + k + "'");
    ComputerSetup cs;
    if (c.contains("color")) {
      auto col =
          c.at("color").is_string() ? parseColor(c.at("color").get<std::string>()) : std::nullopt;
      if (!col) throw ProtocolError("the computer's 'color' must be black or white");
      cs.color = *col;
    }
    if (c.contains("strength")) {
      const Json& st = c.at("strength");
      const auto& all = computerStrengths();
      if (!st.is_string() || std::find(all.begin(), all.end(), st.get<std::string>()) == all.end())
        throw ProtocolError(
            "the computer's 'strength' must be beginner, easy, medium, advanced or hard");
      cs.strength = st.get<std::string>();
    }
    s.computer = cs;
  } else if (s.mode == TableMode::Computer) {
    s.computer = ComputerSetup{};
  }
  if (j.contains("clock") && !j.at("clock").is_null()) s.clock = clockFromJson(j.at("clock"));
  std::string default_black = "Black", default_white = "White";
  if (s.computer) {
    const std::string bot = "phantomgo (" + s.computer->strength + ")";
    (s.computer->color == Color::Black ? default_black : default_white) = bot;
  }
  if (j.contains("names") && !j.at("names").is_null()) {
    const Json& n = j.at("names");
    if (!n.is_object()) throw ProtocolError("'names' must be an object");
    for (const auto& [k, v] : n.items())
      if (k != "black" && k != "white") throw ProtocolError("unknown names field '" + k + "'");
    s.black_name = nameField(n, "black", default_black);
    s.white_name = nameField(n, "white", default_white);
  } else {
    s.black_name = default_black;
    s.white_name = default_white;
  }
  if (j.contains("rated") && !j.at("rated").is_null()) {
    if (!j.at("rated").is_boolean()) throw ProtocolError("'rated' must be true or false");
    s.rated = j.at("rated").get<bool>();
  }
  if (s.rated) {
    if (s.mode == TableMode::Hotseat) throw ProtocolError("a game on one device is not rated");
    if (s.rules.handicap > 0 || s.rules.atari_go || s.rules.topology != Topology::Planar)
      throw ProtocolError("a rated game is plain Phantom Go: no handicap, Atari Go or torus");
    if (!ratingCategoryOf(s))
      throw ProtocolError("rated games are played on boards of 5x5 to 9x9, 13x13 and 19x19");
  }
  return s;
}

std::optional<std::string> ratingCategoryOf(const TableSetup& s) {
  if (!s.rated) return std::nullopt;
  std::optional<int64_t> main_ms, increment_ms;
  if (s.clock && !s.clock->correspondence()) {
    main_ms = s.clock->main_ms;
    increment_ms = s.clock->increment_ms;
  }
  const auto c =
      rating::categoryOf(s.rules.size, main_ms, increment_ms, s.clock && s.clock->correspondence());
  if (!c) return std::nullopt;
  return rating::categoryName(*c);
}

Json clockSetupToJson(const std::optional<ClockSetup>& c) {
  if (!c) return nullptr;
  if (c->correspondence())
    return Json{{"kind", "correspondence"}, {"days_per_move", c->days_per_move}};
  return Json{{"kind", "fischer"},
              {"main_seconds", static_cast<double>(c->main_ms) / 1000.0},
              {"increment_seconds", static_cast<double>(c->increment_ms) / 1000.0}};
}

namespace {

/// The clock as stored and as a create request gives it: without "kind", which the fields say,
/// so that a stored Fischer setup stays as a server from before correspondence reads it.
Json storedClockJson(const std::optional<ClockSetup>& c) {
  Json j = clockSetupToJson(c);
  if (j.is_object()) j.erase("kind");
  return j;
}

}  // namespace

Json setupToJson(const TableSetup& s) {
  Json j{{"rules", rulesToJson(s.rules)},
         {"mode", std::string(tableModeName(s.mode))},
         {"clock", storedClockJson(s.clock)},
         {"names", Json{{"black", s.black_name}, {"white", s.white_name}}}};
  j["computer"] = computerToJson(s);
  if (s.rated) j["rated"] = true;  // absent when not: an unrated setup is stored as before
  return j;
}

Json computerToJson(const TableSetup& s) {
  if (!s.computer) return nullptr;
  return Json{{"color", std::string(colorName(s.computer->color))},
              {"strength", s.computer->strength}};
}

}  // namespace pg
