#include "server/table/names_feature.h"

#include "server/table/messages.h"

namespace pg {

void NamesFeature::rename(const std::shared_ptr<Peer>& peer, Role role, const std::string& name) {
  auto fail = [&](const Error& e) { peer->send(errorFrame(e)); };
  if (role == Role::Spectator) return fail(Error::of(Err::Spectator));
  if (role == Role::Hotseat) return fail(Error::of(Err::HotSeatNames));
  if (host_.referee().over()) return fail(Error::of(Err::GameOver));
  const Color c = role == Role::Black ? Color::Black : Color::White;
  TableSetup next = host_.setup();
  std::string& slot = c == Color::Black ? next.black_name : next.white_name;
  slot = name.empty() ? std::string(c == Color::Black ? "Black" : "White") : name;
  if (next == host_.setup()) return fail(Error::of(Err::NameUnchanged));
  std::string json = setupToJson(next).dump();
  SetSetup write{host_.tableId(), json};
  host_.writer().store(std::move(write),
                       {.what = "a name",
                        .told = peer,
                        .stored =
                            [this, next = std::move(next), json = std::move(json)] {
                              host_.adoptSetup(next, json);
                              host_.publishInfo();
                            },
                        .failed = {}});
}

}  // namespace pg
