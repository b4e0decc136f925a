#include "server/table/chat_feature.h"

#include "server/table/messages.h"

namespace pg {

namespace {

std::vector<ChatLine> linesOf(const std::vector<StoredChat>& stored) {
  std::vector<ChatLine> lines;
  lines.reserve(stored.size());
  for (const StoredChat& c : stored) lines.push_back(ChatLine::fromStored(c));
  return lines;
}

}  // namespace

ChatFeature::ChatFeature(TableHost& host, const std::vector<StoredChat>& stored)
    : host_(host), chat_(linesOf(stored)), spectators_(chat_.highestSpectator()) {}

void ChatFeature::say(const std::shared_ptr<Peer>& peer, Role role, const std::string& text) {
  const auto refused = chat_.refusal(role, host_.setup().mode == TableMode::Online, peer.get(),
                                     RateLimiter::Clock::now());
  if (refused) {
    if (host_.metrics() && refused->err == Err::RateLimited)
      host_.metrics()->rateLimited(Metrics::Limit::Chat);
    return peer->send(errorFrame(*refused));
  }
  ChatLine line =
      chat_.next(role, text, host_.referee().turn(), host_.now(), spectators_.of(peer.get()));
  StoredChat stored = line.stored();
  host_.writer().store(AppendChat{host_.tableId(), std::move(stored)},
                       {.what = "a chat line",
                        .told = peer,
                        .stored =
                            [this, line = std::move(line)] {
                              chat_.add(line);
                              const bool over = host_.referee().over();
                              host_.subscribers().sendEach([&](Role r) -> Frame {
                                const auto readable = chat_.lineFor(line, r, over);
                                return readable ? chatFrame(*readable) : nullptr;
                              });
                            },
                        .failed = {}});
}

int ChatFeature::numberFor(const Peer* peer, Role role) {
  return role == Role::Spectator ? spectators_.assign(peer) : 0;
}

void ChatFeature::greet(const std::shared_ptr<Peer>& peer, Role role) const {
  if (!chat_.empty()) peer->send(chatHistoryFrame(chat_.linesFor(role, host_.referee().over())));
}

void ChatFeature::gameOver() const {
  if (!chat_.empty())
    host_.subscribers().sendEach(
        [this](Role role) { return chatHistoryFrame(chat_.linesFor(role, true)); });
}

void ChatFeature::forget(const Peer* peer) {
  chat_.forget(peer);
  spectators_.forget(peer);
}

}  // namespace pg
