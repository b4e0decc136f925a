#include "server/table/public_info.h"

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
                       const ClockInfo& clock, const AwayInfo& away, const RematchInfo& rematch) {
  Json info = setupToJson(setup);
  info["clock"] = clockSetupToJson(setup.clock);  // with its kind
  info["table"] = id;
  info["rated"] = setup.rated;
  const auto category = ratingCategoryOf(setup);
  info["category"] = category ? Json(*category) : Json(nullptr);
  Json seats = Json::object();
  for (Color c : {Color::Black, Color::White}) {
    const auto& since = away.away_since[c == Color::Black ? 0 : 1];
    seats[std::string(colorName(c))] =
        Json{{"player", setup.isHuman(c) ? "human" : "computer"},
             {"connected", c == Color::Black ? presence.black : presence.white},
             {"away_since", since ? Json(*since) : Json(nullptr)}};
  }
  info["seats"] = seats;
  info["abandon_after_ms"] = away.after_ms ? Json(*away.after_ms) : Json(nullptr);
  info["claim_at"] = away.claim_at ? Json(*away.claim_at) : Json(nullptr);
  info["may_claim"] = away.may_claim ? colorOrNull(*away.may_claim) : Json(nullptr);
  info["spectators"] = presence.spectators;
  const bool over = referee.over();
  info["state"] = over ? "over" : started ? "playing" : "waiting";
  info["turn"] = referee.turn();
  info["to_move"] = colorOrNull(referee.toMove());
  info["deadline"] = clock.deadline ? Json(*clock.deadline) : Json(nullptr);
  info["first_move_ms"] = clock.first_move_ms ? Json(*clock.first_move_ms) : Json(nullptr);
  info["result"] = over ? resultToJson(referee.result()) : Json(nullptr);
  info["created_at"] = created_at;
  info["rematch"] =
      Json{{"offered_by", rematch.offered_by ? colorOrNull(*rematch.offered_by) : Json(nullptr)},
           {"table", rematch.table.empty() ? Json(nullptr) : Json(rematch.table)}};
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
