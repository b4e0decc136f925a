#include "server/table/rematch_feature.h"

#include <spdlog/spdlog.h>

#include "server/table/messages.h"

namespace pg {

RematchFeature::RematchFeature(TableHost& host, std::optional<StoredTable> made) : host_(host) {
  if (made) rematch_.made(std::move(*made));
}

void RematchFeature::ask(const std::shared_ptr<Peer>& peer, Role role, Color color, bool decline) {
  auto fail = [&](const Error& e) { peer->send(errorFrame(e)); };
  if (!host_.referee().over()) return fail(Error::of(Err::NotOver));
  // Made already: this connection's way there again.
  if (rematch_.table()) return peer->send(rematchFrame(rematch_.wayFor(role)));
  if (busy_) return;  // being stored: every connection hears of it then
  if (decline) {
    const std::optional<Color> stood = rematch_.offeredBy();
    if (!rematch_.clear()) return fail(Error::of(Err::NoRematchOffer));
    // The other seat's offer was declined: everyone is told who declined (an offer taken back
    // by its own seat is only the info's change).
    if (stood && *stood != color) host_.subscribers().broadcast(rematchDeclinedFrame(color));
    return host_.publishInfo();
  }
  if (!rematch_.offer(color)) return fail(Error::of(Err::RematchOffered));
  // Against the computer and on a hot seat there is nobody else to ask.
  if (host_.setup().mode != TableMode::Online) rematch_.offer(opponent(color));
  if (!rematch_.agreed()) return host_.publishInfo();
  make(peer);
}

void RematchFeature::make(const std::shared_ptr<Peer>& asker) {
  busy_ = true;
  auto made = std::make_shared<StoredTable>();
  host_.writer().submit(
      [this, made](Store::WriteDone done) {
        host_.createRematch(
            Rematch::request(host_.setup()),
            [made, done = std::move(done)](std::exception_ptr error, StoredTable table) {
              *made = std::move(table);
              done(error);
            });
      },
      {.what = "the rematch's table",
       .told = asker,
       .stored =
           [this, made] {
             busy_ = false;
             rematch_.made(std::move(*made));
             spdlog::info("table {}: rematch at table {}", host_.tableId(), rematch_.table()->id);
             host_.subscribers().sendEach(
                 [this](Role r) { return rematchFrame(rematch_.wayFor(r)); });
             host_.publishInfo();
           },
       .failed =
           [this] {
             busy_ = false;
             rematch_.clear();
             host_.publishInfo();
           }});
}

void RematchFeature::greet(const std::shared_ptr<Peer>& peer, Role role) const {
  if (rematch_.table()) peer->send(rematchFrame(rematch_.wayFor(role)));
}

RematchInfo RematchFeature::info() const {
  RematchInfo info;
  info.offered_by = rematch_.offeredBy();
  if (rematch_.table()) info.table = rematch_.table()->id;
  return info;
}

}  // namespace pg
