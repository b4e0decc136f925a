#include "server/table/table_chat.h"

#include <algorithm>

#include "referee/disclosure.h"
#include "server/table/peer.h"

namespace pg {

Json ChatLine::toJson() const {
  Json j{{"seq", seq},   {"at", at},     {"channel", spectators ? "spectators" : "players"},
         {"from", from}, {"text", text}, {"turn", turn}};
  if (spectator > 0) j["spectator"] = spectator;
  return j;
}

ChatLine ChatLine::fromStored(const StoredChat& stored) {
  const Json j = Json::parse(stored.line);
  ChatLine l;
  l.seq = stored.seq;
  l.at = stored.at;
  l.spectators = j.at("channel").get<std::string>() == "spectators";
  l.from = j.at("from").get<std::string>();
  l.text = j.at("text").get<std::string>();
  l.turn = j.at("turn").get<int>();
  l.spectator = j.value("spectator", 0);  // lines stored before numbers have none
  return l;
}

StoredChat ChatLine::stored() const {
  Json j = toJson();
  j.erase("seq");
  j.erase("at");
  return StoredChat{seq, at, j.dump()};
}

std::optional<Error> TableChat::refusal(Role role, bool online, const Peer* author,
                                        RateLimiter::Clock::time_point now) {
  if (role == Role::Hotseat || (role != Role::Spectator && !online)) return Error::of(Err::NoChat);
  const bool spectators = role == Role::Spectator;
  const auto in_channel = std::count_if(
      lines_.begin(), lines_.end(), [&](const ChatLine& l) { return l.spectators == spectators; });
  if (static_cast<std::size_t>(in_channel) >= kMaxLines) return Error::of(Err::ChatFull);
  const Error too_fast = Error::detail(Err::RateLimited, "Too many chat lines; wait a moment.");
  auto it = rates_.try_emplace(author, kRate, kBurst).first;
  if (!it->second.allow(now)) return too_fast;
  if (role == Role::Spectator && !author->address().empty()) {
    if (address_rates_.size() >= kMaxAddressRates)
      std::erase_if(address_rates_, [&](const auto& kv) { return kv.second.fullAt(now); });
    auto a = address_rates_.try_emplace(author->address(), kAddressRate, kAddressBurst).first;
    if (!a->second.allow(now)) return too_fast;
  }
  return std::nullopt;
}

ChatLine TableChat::next(Role role, std::string text, int turn, int64_t at, int spectator) const {
  ChatLine l;
  l.spectator = role == Role::Spectator ? spectator : 0;
  l.seq = static_cast<int64_t>(lines_.size());
  l.at = at;
  l.spectators = role == Role::Spectator;
  l.from = std::string(roleName(role));
  l.text = std::move(text);
  l.turn = turn;
  return l;
}

int TableChat::highestSpectator() const {
  int n = 0;
  for (const ChatLine& l : lines_) n = std::max(n, l.spectator);
  return n;
}

bool TableChat::readable(const ChatLine& line, Role role, bool over) {
  return disclosure::mayReadChatLine(role == Role::Spectator, line.spectators, over);
}

std::optional<Json> TableChat::lineFor(const ChatLine& line, Role role, bool over) const {
  if (!readable(line, role, over)) return std::nullopt;
  return line.toJson();
}

Json TableChat::linesFor(Role role, bool over) const {
  Json lines = Json::array();
  for (const ChatLine& l : lines_)
    if (readable(l, role, over)) lines.push_back(l.toJson());
  return lines;
}

Json TableChat::all() const {
  Json lines = Json::array();
  for (const ChatLine& l : lines_) lines.push_back(l.toJson());
  return lines;
}

}  // namespace pg
