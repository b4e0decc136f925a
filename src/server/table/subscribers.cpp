#include "server/table/subscribers.h"

#include <algorithm>
#include <map>
#include <utility>

#include "rules/assert.h"

namespace pg {

const Subscribers::Subscriber* Subscribers::find(const Peer* peer) const {
  for (const Subscriber& s : subs_)
    if (s.raw == peer && !s.peer.expired()) return &s;
  return nullptr;
}

std::optional<Role> Subscribers::roleOf(const Peer* peer) const {
  const Subscriber* s = find(peer);
  if (!s) return std::nullopt;
  return s->role;
}

std::optional<Subscribers::LastVersions> Subscribers::lastVersions(Role role,
                                                                   const LastVersion& given) {
  LastVersions last{};
  const bool hot = role == Role::Hotseat;
  if (std::holds_alternative<std::monostate>(given)) return last;
  if (const auto* one = std::get_if<int64_t>(&given); one && !hot) {
    last[static_cast<std::size_t>(audiencesOf(role)[0])] = *one;
    return last;
  }
  if (const auto* two = std::get_if<SeatVersions>(&given); two && hot) {
    last[static_cast<std::size_t>(Audience::Black)] = two->black;
    last[static_cast<std::size_t>(Audience::White)] = two->white;
    return last;
  }
  return std::nullopt;
}

void Subscribers::add(const std::shared_ptr<Peer>& peer, Role role, const Referee& referee,
                      const LastVersions& last) {
  PG_ASSERT(find(peer.get()) == nullptr, "the connection is not subscribed yet");
  Subscriber sub;
  sub.peer = peer;
  sub.raw = peer.get();
  sub.role = role;
  const int size = referee.rules().size;
  for (Audience a : audiencesOf(role)) {
    const auto i = static_cast<std::size_t>(a);
    const auto& seen = referee.seen(a);
    const int current = static_cast<int>(seen.size());
    if (last[i] && *last[i] >= 0 && *last[i] <= current) {
      for (int k = static_cast<int>(*last[i]); k < current; ++k)
        peer->send(eventFrame(a, k + 1, seen[static_cast<std::size_t>(k)], size));
    } else {
      peer->send(snapshotFrame(a, referee.view(a)));
    }
    sub.sent[i] = current;
  }
  subs_.push_back(std::move(sub));
}

bool Subscribers::remove(const Peer* peer) {
  const auto before = subs_.size();
  std::erase_if(subs_, [&](const Subscriber& s) { return s.raw == peer || s.peer.expired(); });
  return subs_.size() != before;
}

Presence Subscribers::presence() const {
  Presence p;
  for (const Subscriber& s : subs_) {
    if (s.peer.expired()) continue;
    if (s.role == Role::Spectator) ++p.spectators;
    p.black = p.black || playsColor(s.role, Color::Black);
    p.white = p.white || playsColor(s.role, Color::White);
  }
  return p;
}

int Subscribers::spectatorsFrom(const std::string& address) const {
  int n = 0;
  for (const Subscriber& s : subs_) {
    if (s.role != Role::Spectator) continue;
    if (const auto peer = s.peer.lock(); peer && peer->address() == address) ++n;
  }
  return n;
}

void Subscribers::flush(const Referee& referee) {
  const int size = referee.rules().size;
  std::map<std::pair<int, int>, Frame> made;  // (audience, index) -> frame, built once
  for (Subscriber& s : subs_) {
    const auto peer = s.peer.lock();
    if (!peer) continue;
    for (Audience a : audiencesOf(s.role)) {
      const auto i = static_cast<std::size_t>(a);
      const auto& seen = referee.seen(a);
      for (int k = s.sent[i]; k < static_cast<int>(seen.size()); ++k) {
        Frame& f = made[{static_cast<int>(a), k}];
        if (!f) f = eventFrame(a, k + 1, seen[static_cast<std::size_t>(k)], size);
        peer->send(f);
      }
      s.sent[i] = static_cast<int>(seen.size());
    }
  }
}

void Subscribers::broadcast(const Frame& f) const {
  for (const Subscriber& s : subs_)
    if (auto peer = s.peer.lock()) peer->send(f);
}

void Subscribers::sendEach(const std::function<Frame(Role)>& f) const {
  for (const Subscriber& s : subs_)
    if (auto peer = s.peer.lock())
      if (Frame frame = f(s.role)) peer->send(frame);
}

void Subscribers::closeAll() {
  for (const Subscriber& s : subs_)
    if (auto peer = s.peer.lock()) peer->close();
  subs_.clear();
}

}  // namespace pg
