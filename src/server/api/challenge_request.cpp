#include "server/api/challenge_request.h"

#include <set>

#include "server/node/tokens.h"
#include "server/table/table_setup.h"

namespace pg {

ChallengeRequest parseChallengeRequest(const std::string& body) {
  const Json j = body.empty() ? Json::object() : Json::parse(body, nullptr, false);
  if (j.is_discarded()) throw ProtocolError("The body is not valid JSON.");
  if (!j.is_object()) throw ProtocolError("the challenge must be a JSON object");
  static const std::set<std::string> known{"rules", "clock", "color", "name", "rated"};
  for (const auto& [k, v] : j.items())
    if (!known.count(k)) throw ProtocolError("unknown field '" + k + "'");
  ChallengeRequest r;
  std::string color = "random";
  if (j.contains("color")) {
    if (!j.at("color").is_string()) throw ProtocolError("'color' must be a string");
    color = j.at("color").get<std::string>();
  }
  if (color == "random") {
    unsigned char bit = 0;
    secureRandom(&bit, 1);
    r.creator = (bit & 1) ? Color::White : Color::Black;
  } else if (color == "black" || color == "white") {
    r.creator = color == "black" ? Color::Black : Color::White;
  } else {
    throw ProtocolError("'color' must be black, white or random");
  }
  if (j.contains("name") && !j.at("name").is_null()) {
    if (!j.at("name").is_string()) throw ProtocolError("'name' must be a string");
    r.name = j.at("name").get<std::string>();
  }
  Json t{{"mode", "online"}};
  if (j.contains("rules")) t["rules"] = j.at("rules");
  if (j.contains("clock")) t["clock"] = j.at("clock");
  if (j.contains("rated")) t["rated"] = j.at("rated");
  // The table's own check of names (length, control characters) holds for the creator's.
  if (!r.name.empty()) t["names"] = Json{{std::string(colorName(r.creator)), r.name}};
  const TableSetup setup = setupFromJson(t);  // throws ProtocolError: rules, clock or name
  r.table_request = std::move(t);
  r.listing = Json{{"rules", rulesToJson(setup.rules)},
                   {"clock", clockSetupToJson(setup.clock)},
                   {"color", std::string(colorName(r.creator))},
                   {"name", r.name.empty() ? Json(nullptr) : Json(r.name)},
                   {"rated", setup.rated}};
  return r;
}

}  // namespace pg
