#include "server/public_info.h"

#include <utility>

namespace pg {

namespace {

Json colorOrNull(Color c) {
  if (!isStone(c)) return nullptr;
  return std::string(colorName(c));
}

}  // namespace

Json PublicInfo::build(const std::string& id, const TableSetup& setup, int64_t created_at,
                       bool started, const Presence& presence, const Referee& referee,
                       std::optional<int64_t> deadline) {
  Json info = setupToJson(setup);
  info["clock"] = clockSetupToJson(setup.clock);  // with its kind
  info["table"] = id;
  Json seats = Json::object();
  for (Color c : {Color::Black, Color::White})
    seats[std::string(colorName(c))] =
        Json{{"player", setup.isHuman(c) ? "human" : "computer"},
             {"connected", c == Color::Black ? presence.black : presence.white}};
  info["seats"] = seats;
  info["spectators"] = presence.spectators;
  const bool over = referee.over();
  info["state"] = over ? "over" : started ? "playing" : "waiting";
  info["turn"] = referee.turn();
  info["to_move"] = colorOrNull(referee.toMove());
  info["deadline"] = deadline ? Json(*deadline) : Json(nullptr);
  info["result"] = over ? resultToJson(referee.result()) : Json(nullptr);
  info["created_at"] = created_at;
  return info;
}

bool PublicInfo::update(Json info, bool over) {
  std::lock_guard lock(mutex_);
  const bool changed = info != info_;
  info_ = std::move(info);
  over_ = over;
  return changed;
}

Json PublicInfo::get() const {
  std::lock_guard lock(mutex_);
  return info_;
}

bool PublicInfo::over() const {
  std::lock_guard lock(mutex_);
  return over_;
}

}  // namespace pg
