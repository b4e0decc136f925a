#include "protocol/json.h"

#include <cmath>
#include <set>

namespace pg {

namespace {

Json pointList(const std::vector<Point>& pts, int size) {
  Json a = Json::array();
  for (Point p : pts) a.push_back(pointName(p, size));
  return a;
}

Json colorJson(Color c) {
  if (c == Color::Empty) return nullptr;
  return std::string(colorName(c));
}

Color colorFromJson(const Json& j, const char* field) {
  if (!j.is_string()) throw ProtocolError(std::string("field '") + field + "' must be a colour");
  auto c = parseColor(j.get<std::string>());
  if (!c) throw ProtocolError(std::string("field '") + field + "' must be black or white");
  return *c;
}

const Json& require(const Json& j, const char* field) {
  if (!j.is_object() || !j.contains(field))
    throw ProtocolError(std::string("missing field '") + field + "'");
  return j.at(field);
}

}  // namespace

Json rulesToJson(const Rules& r) {
  return Json{{"size", r.size},
              {"topology", std::string(topologyName(r.topology))},
              {"ko", std::string(koRuleName(r.ko))},
              {"komi", r.komi},
              {"handicap", r.handicap},
              {"atari_go", r.atari_go},
              {"turn_cap", r.turn_cap}};
}

Rules rulesFromJson(const Json& j) {
  if (!j.is_object()) throw ProtocolError("rules must be an object");
  static const std::set<std::string> known{"size",     "topology", "ko",      "komi",
                                           "handicap", "atari_go", "turn_cap"};
  for (const auto& [k, v] : j.items())
    if (!known.count(k)) throw ProtocolError("unknown rules field '" + k + "'");
  Rules r;
  auto getInt = [&](const char* f, int& out) {
    if (!j.contains(f)) return;
    const Json& v = j.at(f);
    if (!v.is_number_integer()) throw ProtocolError(std::string("'") + f + "' must be an integer");
    const auto x = v.get<int64_t>();
    if (x < -1000000 || x > 1000000)
      throw ProtocolError(std::string("'") + f + "' is out of range");
    out = static_cast<int>(x);
  };
  getInt("size", r.size);
  getInt("handicap", r.handicap);
  getInt("turn_cap", r.turn_cap);
  if (j.contains("topology")) {
    const Json& v = j.at("topology");
    auto t = v.is_string() ? parseTopology(v.get<std::string>()) : std::nullopt;
    if (!t) throw ProtocolError("'topology' must be planar or torus");
    r.topology = *t;
  }
  if (j.contains("ko")) {
    const Json& v = j.at("ko");
    auto k = v.is_string() ? parseKoRule(v.get<std::string>()) : std::nullopt;
    if (!k) throw ProtocolError("'ko' must be superko or simple");
    r.ko = *k;
  }
  if (j.contains("atari_go")) {
    if (!j.at("atari_go").is_boolean()) throw ProtocolError("'atari_go' must be true or false");
    r.atari_go = j.at("atari_go").get<bool>();
  }
  if (j.contains("komi")) {
    if (!j.at("komi").is_number()) throw ProtocolError("'komi' must be a number");
    r.komi = j.at("komi").get<double>();
  } else {
    r.komi = Rules::defaultKomi(r.handicap);
  }
  if (auto err = r.validate()) throw ProtocolError(*err);
  return r;
}

Json pointToJson(Point p, int size) {
  return pointName(p, size);
}

Point pointFromJson(const Json& j, int size) {
  if (!j.is_string()) throw ProtocolError("a point must be a string such as \"C3\"");
  auto p = parsePoint(j.get<std::string>(), size);
  if (!p || *p == kPass) throw ProtocolError("that point is not on the board");
  return *p;
}

Json eventToJson(const Event& e, int size) {
  Json j{{"kind", std::string(eventKindName(e.kind))}, {"player", colorJson(e.player)}};
  if (e.kind == EventKind::Try) {
    j["point"] = pointName(e.point, size);
    j["legal"] = e.legal;
    j["captured"] = pointList(e.captured, size);
  } else if (e.kind == EventKind::Mark) {
    j["point"] = pointName(e.point, size);
    j["set"] = e.set;
  }
  return j;
}

Event eventFromJson(const Json& j, int size) {
  Event e;
  const Json& kind = require(j, "kind");
  if (!kind.is_string()) throw ProtocolError("'kind' must be a string");
  const std::string k = kind.get<std::string>();
  e.player = colorFromJson(require(j, "player"), "player");
  if (k == "try") {
    e.kind = EventKind::Try;
    e.point = pointFromJson(require(j, "point"), size);
    if (!require(j, "legal").is_boolean()) throw ProtocolError("'legal' must be a boolean");
    e.legal = j.at("legal").get<bool>();
    const Json& cap = require(j, "captured");
    if (!cap.is_array()) throw ProtocolError("'captured' must be a list");
    for (const Json& c : cap) e.captured.push_back(pointFromJson(c, size));
  } else if (k == "pass") {
    e.kind = EventKind::Pass;
  } else if (k == "resign") {
    e.kind = EventKind::Resign;
  } else if (k == "timeout") {
    e.kind = EventKind::Timeout;
  } else if (k == "abandon") {
    e.kind = EventKind::Abandon;
  } else if (k == "abort") {
    e.kind = EventKind::Abort;
  } else if (k == "no-show") {
    e.kind = EventKind::NoShow;
  } else if (k == "mark") {
    e.kind = EventKind::Mark;
    e.point = pointFromJson(require(j, "point"), size);
    if (!require(j, "set").is_boolean()) throw ProtocolError("'set' must be a boolean");
    e.set = j.at("set").get<bool>();
  } else {
    throw ProtocolError("unknown event kind '" + k + "'");
  }
  return e;
}

Json scoreToJson(const Score& s) {
  return Json{{"black_stones", s.black_stones},
              {"black_territory", s.black_territory},
              {"white_stones", s.white_stones},
              {"white_territory", s.white_territory},
              {"komi", s.komi},
              {"dame", s.dame},
              {"black", s.black()},
              {"white", s.white()},
              {"margin", s.margin()}};
}

Json resultToJson(const Result& r) {
  Json j{{"winner", colorJson(r.winner)}, {"reason", std::string(endReasonName(r.reason))}};
  if (r.score) j["score"] = scoreToJson(*r.score);
  return j;
}

Json revealToJson(const Reveal& r, int size) {
  Json black = Json::array(), white = Json::array();
  for (size_t p = 0; p < r.board.size(); ++p) {
    if (r.board[p] == Color::Black) black.push_back(pointName(static_cast<Point>(p), size));
    if (r.board[p] == Color::White) white.push_back(pointName(static_cast<Point>(p), size));
  }
  Json turns = Json::array();
  for (const TurnRecord& t : r.turns) {
    Json tj{{"player", colorJson(t.player)},
            {"rejected", pointList(t.rejected, size)},
            {"end", std::string(turnEndName(t.end))}};
    if (t.end == TurnRecord::End::Stone) {
      tj["point"] = pointName(t.point, size);
      tj["captured"] = pointList(t.captured, size);
    }
    turns.push_back(std::move(tj));
  }
  return Json{{"stones", Json{{"black", black}, {"white", white}}},
              {"handicap", pointList(r.handicap, size)},
              {"turns", turns},
              {"result", resultToJson(r.result)},
              {"score", scoreToJson(r.score)}};
}

Json seenEventToJson(const SeenEvent& e, int size) {
  Json j{{"kind", std::string(seenKindName(e.kind))},
         {"player", colorJson(e.player)},
         {"turn", e.turn},
         {"to_move", colorJson(e.to_move)}};
  switch (e.kind) {
    case SeenKind::Stone:
      j["point"] = pointName(e.point, size);
      j["captured"] = pointList(e.captured, size);
      break;
    case SeenKind::Moved:
      j["captured"] = pointList(e.captured, size);
      break;
    case SeenKind::Illegal:
      j["point"] = pointName(e.point, size);
      break;
    case SeenKind::Mark:
      j["point"] = pointName(e.point, size);
      j["set"] = e.set;
      break;
    case SeenKind::End:
      if (e.reveal) j["reveal"] = revealToJson(*e.reveal, size);
      break;
    case SeenKind::Rejected:
    case SeenKind::Pass:
    case SeenKind::Resign:
    case SeenKind::Timeout:
    case SeenKind::Abandon:
    case SeenKind::Abort:
    case SeenKind::NoShow:
      break;
  }
  return j;
}

Json viewToJson(const View& v) {
  const int size = v.rules().size;
  Json black = Json::array(), white = Json::array(), rejected = Json::array(),
       marks = Json::array();
  for (int p = 0; p < size * size; ++p) {
    const Point pt = static_cast<Point>(p);
    if (v.at(pt) == Color::Black) black.push_back(pointName(pt, size));
    if (v.at(pt) == Color::White) white.push_back(pointName(pt, size));
    if (v.rejected()[static_cast<size_t>(p)]) rejected.push_back(pointName(pt, size));
    if (v.marks()[static_cast<size_t>(p)]) marks.push_back(pointName(pt, size));
  }
  Json events = Json::array();
  for (const SeenEvent& e : v.events()) events.push_back(seenEventToJson(e, size));
  Json j{{"audience", std::string(audienceName(v.audience()))},
         {"rules", rulesToJson(v.rules())},
         {"version", v.version()},
         {"turn", v.turn()},
         {"to_move", colorJson(v.toMove())},
         {"stones", Json{{"black", black}, {"white", white}}},
         {"counts",
          Json{{"black", v.stoneCount(Color::Black)}, {"white", v.stoneCount(Color::White)}}},
         {"handicap", pointList(v.handicap(), size)},
         {"rejected", rejected},
         {"marks", marks},
         {"tried", pointList(v.triedThisTurn(), size)},
         {"rejections_this_turn", v.rejectionsThisTurn()},
         {"over", v.over()},
         {"events", events}};
  if (v.over()) j["reveal"] = revealToJson(v.reveal(), size);
  return j;
}

}  // namespace pg
