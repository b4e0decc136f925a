// JSON forms of the rules, the stored events, the per-audience events and views: exactly what
// the server stores and sends. Points are GTP vertices ("C3"); colours are "black" / "white".
// Keys are sorted (nlohmann::json's default), so equal values give equal bytes.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "referee/event.h"
#include "referee/seen.h"
#include "referee/view.h"
#include "rules/rules.h"

namespace pg {

using Json = nlohmann::json;

/// Malformed or invalid protocol input. what() is a plain English sentence safe to show.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

Json rulesToJson(const Rules& r);
/// Missing fields take their defaults (komi: 7.5, or 0.5 with handicap); unknown fields, wrong
/// types and rules that fail Rules::validate() throw ProtocolError.
Rules rulesFromJson(const Json& j);

Json pointToJson(Point p, int size);
/// Throws ProtocolError unless j is a vertex string on the board ("pass" is not a point).
Point pointFromJson(const Json& j, int size);

/// The stored (full-information) form of a log event. Server-side only.
Json eventToJson(const Event& e, int size);
Event eventFromJson(const Json& j, int size);

Json scoreToJson(const Score& s);
Json resultToJson(const Result& r);
Json revealToJson(const Reveal& r, int size);
/// One event as its audience receives it.
Json seenEventToJson(const SeenEvent& e, int size);
/// A whole view: the snapshot an audience gets on (re)connecting.
Json viewToJson(const View& v);

}  // namespace pg
