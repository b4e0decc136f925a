#include "protocol/client_message.h"

namespace pg {

namespace {

ParseError badRequest(std::string message) {
  return Error::detail(Err::BadRequest, std::move(message));
}

/// The "seat" field, or the error its malformed value earns.
std::variant<SeatField, ParseError> seatField(const Json& msg) {
  if (!msg.contains("seat")) return SeatField{};
  const Json& s = msg.at("seat");
  if (s == Json("black")) return SeatField{Color::Black};
  if (s == Json("white")) return SeatField{Color::White};
  return badRequest("'seat' must be black or white.");
}

std::optional<std::string> stringField(const Json& msg, const char* key) {
  if (!msg.contains(key) || !msg.at(key).is_string()) return std::nullopt;
  return msg.at(key).get<std::string>();
}

LastVersion lastVersion(const Json& msg) {
  if (!msg.contains("last_version") || msg.at("last_version").is_null()) return std::monostate{};
  const Json& lv = msg.at("last_version");
  if (lv.is_number_integer()) return lv.get<int64_t>();
  if (!lv.is_object()) return MalformedVersions{};
  SeatVersions v;
  for (const auto& [k, n] : lv.items()) {
    if (!n.is_number_integer() || (k != "black" && k != "white")) return MalformedVersions{};
    (k == "black" ? v.black : v.white) = n.get<int64_t>();
  }
  return v;
}

ParsedMessage parseJoin(const Json& msg) {
  JoinRequest j;
  auto table = stringField(msg, "table");
  if (!table) return badRequest("A join needs a \"table\".");
  j.table = std::move(*table);
  const bool has_token = msg.contains("token");
  if (has_token && msg.contains("watch"))
    return badRequest("A join gives either a token or watch, not both.");
  if (has_token) {
    j.token = stringField(msg, "token");
    if (!j.token) return badRequest("'token' must be a string.");
  } else if (!(msg.contains("watch") && msg.at("watch") == Json(true))) {
    return badRequest("A join needs a seat token, or \"watch\": true.");
  }
  j.last_version = lastVersion(msg);
  return ClientMessage{std::move(j)};
}

}  // namespace

std::optional<std::size_t> plainTextChars(const std::string& s) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80           ? 1
                      : (c >> 5) == 0x6  ? 2
                      : (c >> 4) == 0xe  ? 3
                      : (c >> 3) == 0x1e ? 4
                                         : 0;
    if (len == 0 || i + len > s.size()) return std::nullopt;
    uint32_t cp = len == 1 ? c : c & (0x7f >> len);
    for (std::size_t k = 1; k < len; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d >> 6) != 0x2) return std::nullopt;
      cp = (cp << 6) | (d & 0x3f);
    }
    static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return std::nullopt;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return std::nullopt;  // control characters
    i += len;
    ++chars;
  }
  return chars;
}

bool blankText(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : 4;
    uint32_t cp = len == 1 ? c : c & (0x7f >> len);
    for (std::size_t k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    const bool space = cp == 0x20 || cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
                       cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f ||
                       cp == 0x3000 || cp == 0xfeff;
    if (!space) return false;
    i += len;
  }
  return true;
}

namespace {

ParsedMessage parseChat(const Json& msg) {
  auto text = stringField(msg, "text");
  if (!text) return badRequest("A chat line needs a \"text\".");
  const auto chars = plainTextChars(*text);
  if (!chars) return badRequest("A chat line must be plain text, without control characters.");
  if (blankText(*text)) return badRequest("A chat line may not be empty.");
  if (*chars > kMaxChatChars) return badRequest("A chat line may have at most 280 characters.");
  return ClientMessage{Command{ChatCommand{std::move(*text)}}};
}

ParsedMessage parseName(const Json& msg) {
  auto name = stringField(msg, "name");
  if (!name) return badRequest("A name message needs a \"name\".");
  const auto chars = plainTextChars(*name);
  if (!chars) return badRequest("A name must be plain text, without control characters.");
  if (*chars > kMaxNameChars) return badRequest("A name may have at most 40 characters.");
  return ClientMessage{Command{NameCommand{std::move(*name)}}};
}

ParsedMessage parseCommand(const std::string& type, const Json& msg) {
  if (type == "chat") return parseChat(msg);
  if (type == "name") return parseName(msg);
  auto seat = seatField(msg);
  if (auto* e = std::get_if<ParseError>(&seat)) return *e;
  const SeatField s = std::get<SeatField>(seat);
  if (type == "pass") return ClientMessage{Command{PassCommand{s}}};
  if (type == "resign") return ClientMessage{Command{ResignCommand{s}}};
  if (type == "abort") return ClientMessage{Command{AbortCommand{s}}};
  if (type == "claim-abandoned") return ClientMessage{Command{ClaimAbandonedCommand{s}}};
  if (type == "rematch") return ClientMessage{Command{RematchCommand{s}}};
  if (type == "decline-rematch") return ClientMessage{Command{DeclineRematchCommand{s}}};
  auto point = stringField(msg, "point");
  if (type == "try") {
    if (!point) return badRequest("A try needs a point such as \"C3\".");
    return ClientMessage{Command{TryCommand{std::move(*point), s}}};
  }
  if (!point) return badRequest("A mark needs a point such as \"C3\".");
  if (!msg.contains("set") || !msg.at("set").is_boolean())
    return badRequest("A mark needs \"set\": true or false.");
  return ClientMessage{Command{MarkCommand{std::move(*point), msg.at("set").get<bool>(), s}}};
}

Json seatJson(const SeatField& s) {
  return s ? Json(std::string(colorName(*s))) : Json(nullptr);
}

Json commandJson(const char* type, const SeatField& seat) {
  Json j{{"type", type}};
  if (seat) j["seat"] = seatJson(seat);
  return j;
}

struct ToJson {
  Json operator()(const PingRequest&) const { return Json{{"type", "ping"}}; }
  Json operator()(const JoinRequest& r) const {
    Json j{{"type", "join"}, {"table", r.table}};
    if (r.token)
      j["token"] = *r.token;
    else
      j["watch"] = true;
    if (const auto* n = std::get_if<int64_t>(&r.last_version)) j["last_version"] = *n;
    if (const auto* v = std::get_if<SeatVersions>(&r.last_version)) {
      Json m = Json::object();
      if (v->black) m["black"] = *v->black;
      if (v->white) m["white"] = *v->white;
      j["last_version"] = m;
    }
    if (std::holds_alternative<MalformedVersions>(r.last_version)) j["last_version"] = false;
    return j;
  }
  Json operator()(const Command& c) const { return std::visit(*this, c); }
  Json operator()(const TryCommand& c) const {
    Json j = commandJson("try", c.seat);
    j["point"] = c.point;
    return j;
  }
  Json operator()(const PassCommand& c) const { return commandJson("pass", c.seat); }
  Json operator()(const ResignCommand& c) const { return commandJson("resign", c.seat); }
  Json operator()(const AbortCommand& c) const { return commandJson("abort", c.seat); }
  Json operator()(const ClaimAbandonedCommand& c) const {
    return commandJson("claim-abandoned", c.seat);
  }
  Json operator()(const RematchCommand& c) const { return commandJson("rematch", c.seat); }
  Json operator()(const ChatCommand& c) const { return Json{{"type", "chat"}, {"text", c.text}}; }
  Json operator()(const NameCommand& c) const { return Json{{"type", "name"}, {"name", c.name}}; }
  Json operator()(const DeclineRematchCommand& c) const {
    return commandJson("decline-rematch", c.seat);
  }
  Json operator()(const MarkCommand& c) const {
    Json j = commandJson("mark", c.seat);
    j["point"] = c.point;
    j["set"] = c.set;
    return j;
  }
};

}  // namespace

ParsedMessage parseClientMessage(std::string_view text) {
  const Json msg = Json::parse(text.begin(), text.end(), nullptr, false);
  return parseClientJson(msg);
}

ParsedMessage parseClientJson(const Json& msg) {
  if (msg.is_discarded() || !msg.is_object()) return Error::of(Err::BadJson);
  if (!msg.contains("type") || !msg.at("type").is_string())
    return badRequest("A message needs a \"type\".");
  const std::string& type = msg.at("type").get_ref<const std::string&>();
  if (type == "ping") return ClientMessage{PingRequest{}};
  if (type == "join") return parseJoin(msg);
  if (type == "try" || type == "pass" || type == "resign" || type == "abort" || type == "mark" ||
      type == "claim-abandoned" || type == "rematch" || type == "decline-rematch" ||
      type == "chat" || type == "name")
    return parseCommand(type, msg);
  return Error::of(Err::UnknownCommand);
}

Json toJson(const ClientMessage& m) {
  return std::visit(ToJson{}, m);
}

}  // namespace pg
