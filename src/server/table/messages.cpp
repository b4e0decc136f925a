#include "server/table/messages.h"

#include <algorithm>

namespace pg {

namespace {

Frame makeFrame(const Json& j) {
  return std::make_shared<const std::string>(j.dump());
}

}  // namespace

Frame errorFrame(const Error& e) {
  return makeFrame(Json{{"type", "error"}, {"code", std::string(e.code())}, {"message", e.text}});
}

Frame eventFrame(Audience seat, int version, const SeenEvent& e, int size) {
  return makeFrame(Json{{"type", "event"},
                        {"seat", std::string(audienceName(seat))},
                        {"version", version},
                        {"event", seenEventToJson(e, size)}});
}

Frame snapshotFrame(Audience seat, const View& v) {
  return makeFrame(Json{{"type", "snapshot"},
                        {"seat", std::string(audienceName(seat))},
                        {"version", v.version()},
                        {"view", viewToJson(v)}});
}

Json clockJson(const ClockSetup& setup, const FischerClock& c, int64_t now,
               const std::optional<FirstMoveDue>& first_move) {
  const Color run = c.running();
  Json j{{"type", "clock"},
         {"kind", setup.correspondence() ? "correspondence" : "fischer"},
         {"main_ms", c.mainMs()},
         {"increment_ms", setup.correspondence() ? 0 : c.incrementMs()},
         {"black_ms", std::max<int64_t>(0, c.remaining(Color::Black, now))},
         {"white_ms", std::max<int64_t>(0, c.remaining(Color::White, now))},
         {"running", run == Color::Empty ? Json(nullptr) : Json(std::string(colorName(run)))}};
  if (setup.correspondence()) j["days_per_move"] = setup.days_per_move;
  if (first_move)
    j["first_move"] = Json{{"player", std::string(colorName(first_move->player))},
                           {"left_ms", std::max<int64_t>(0, first_move->deadline - now)}};
  return j;
}

Frame clockFrame(const ClockSetup& setup, const FischerClock& c, int64_t now,
                 const std::optional<FirstMoveDue>& first_move) {
  return makeFrame(clockJson(setup, c, now, first_move));
}

Frame joinedFrame(const std::string& table, Role role, const Json& info, int spectator) {
  Json seats = Json::array();
  for (Audience a : audiencesOf(role)) seats.push_back(std::string(audienceName(a)));
  Json j{{"type", "joined"},
         {"table", table},
         {"role", std::string(roleName(role))},
         {"seats", seats},
         {"info", info}};
  if (spectator > 0) j["spectator"] = spectator;
  return makeFrame(j);
}

Frame rematchDeclinedFrame(Color by) {
  return makeFrame(Json{{"type", "rematch-declined"}, {"by", std::string(colorName(by))}});
}

Frame presenceFrame(bool black, bool white, int spectators) {
  return makeFrame(
      Json{{"type", "presence"}, {"black", black}, {"white", white}, {"spectators", spectators}});
}

Frame infoFrame(const Json& info) {
  return makeFrame(Json{{"type", "info"}, {"info", info}});
}

Frame pongFrame() {
  return makeFrame(Json{{"type", "pong"}});
}

Frame thinkingFrame(Color seat) {
  return makeFrame(Json{{"type", "thinking"}, {"seat", std::string(colorName(seat))}});
}

Frame chatFrame(const Json& line) {
  return makeFrame(Json{{"type", "chat"}, {"line", line}});
}

Frame chatHistoryFrame(const Json& lines) {
  return makeFrame(Json{{"type", "chat-history"}, {"lines", lines}});
}

Frame rematchFrame(const RematchWay& way) {
  Json j{{"type", "rematch"}, {"table", way.table}};
  if (!way.token.empty()) {
    j["token"] = way.token;
    j["seat"] = way.seat;
  }
  return makeFrame(j);
}

}  // namespace pg
