// A lobby challenge as a visitor asks for it (POST /api/challenges): the table's rules and
// clock, the creator's colour (random is decided here) and an optional display name. Checked
// whole before anything is stored, so that bad input changes nothing.
#pragma once

#include <string>

#include "protocol/json.h"
#include "rules/types.h"

namespace pg {

struct ChallengeRequest {
  /// The POST /api/tables request of the challenge's table: mode online, the rules, the clock,
  /// and the creator's name on the creator's colour.
  Json table_request;
  Color creator = Color::Black;  ///< the creator's colour, decided
  std::string name;              ///< the creator's display name; may be empty
  /// What the lobby shows: {"rules" (complete, as the table's info has them), "clock",
  /// "color" (the creator's), "name" (or null), "rated"}. Holds no secret.
  Json listing;
};

/// Parses and checks a request body ({"rules", "clock", "color", "name", "rated"}, every
/// field optional; color black, white or random, the default). Throws ProtocolError with a plain
/// English reason.
ChallengeRequest parseChallengeRequest(const std::string& body);

}  // namespace pg
