#include "server/table/rematch.h"

#include "referee/disclosure.h"
#include "rules/assert.h"

namespace pg {

namespace {

int index(Color c) {
  return c == Color::Black ? 0 : 1;
}

}  // namespace

Json Rematch::request(const TableSetup& setup) {
  TableSetup next = setup;
  std::swap(next.black_name, next.white_name);
  if (next.computer) next.computer->color = opponent(next.computer->color);
  return setupToJson(next);
}

bool Rematch::offer(Color c) {
  if (offered_[index(c)]) return false;
  offered_[index(c)] = true;
  return true;
}

bool Rematch::clear() {
  const bool any = offered_[0] || offered_[1];
  offered_ = {};
  return any;
}

std::optional<Color> Rematch::offeredBy() const {
  if (offered_[0] == offered_[1]) return std::nullopt;
  return offered_[0] ? Color::Black : Color::White;
}

std::string Rematch::tokenFor(Role role) const {
  if (!table_ || !disclosure::mayHoldRematchSeat(role == Role::Spectator)) return "";
  switch (role) {
    case Role::Black:
      return table_->white_token;
    case Role::White:
      return table_->black_token;
    case Role::Hotseat:
      return table_->hotseat_token;
    case Role::Spectator:
      return "";
  }
  return "";
}

RematchWay Rematch::wayFor(Role role) const {
  PG_ASSERT(table_.has_value(), "a rematch's way before the rematch is made");
  RematchWay way{table_->id, tokenFor(role), ""};
  if (!way.token.empty())
    way.seat = role == Role::Hotseat ? "hotseat" : role == Role::Black ? "white" : "black";
  return way;
}

}  // namespace pg
