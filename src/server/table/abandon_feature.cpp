#include "server/table/abandon_feature.h"

namespace pg {

AbandonFeature::AbandonFeature(TableHost& host, const TableStrand& strand, int64_t now)
    : host_(host), away_(now), timer_(strand) {}

bool AbandonFeature::applies() const {
  return host_.setup().mode == TableMode::Online && !host_.setup().clock;
}

std::optional<Color> AbandonFeature::mayClaim(int64_t now) const {
  const Referee& referee = host_.referee();
  if (!applies() || !host_.started() || referee.over()) return std::nullopt;
  const Color on_turn = referee.toMove();
  const auto at = away_.claimableAt(on_turn, host_.settings().abandon_after_ms);
  if (!at || now < *at) return std::nullopt;
  return opponent(on_turn);
}

void AbandonFeature::sync(int64_t now) {
  const Presence p = host_.presence();
  away_.presence(Color::Black, p.black, now);
  away_.presence(Color::White, p.white, now);
}

void AbandonFeature::watch(int64_t now) {
  sync(now);
  timer_.cancel();
  if (!applies() || !host_.started() || host_.referee().over()) return;
  const auto at = away_.claimableAt(host_.referee().toMove(), host_.settings().abandon_after_ms);
  if (!at || *at <= now) return;
  timer_.arm(*at - now + 1, [this, keep = host_.keepAlive()](uint64_t generation) {
    host_.writer().runOrDefer([this, keep, generation] {
      if (timer_.current(generation)) host_.publishInfo();
    });
  });
}

AwayInfo AbandonFeature::info(int64_t now) const {
  AwayInfo a;
  if (!applies()) return a;
  const int64_t after = host_.settings().abandon_after_ms;
  a.after_ms = after;
  a.away_since = {away_.awaySince(Color::Black), away_.awaySince(Color::White)};
  if (host_.started() && !host_.referee().over())
    a.claim_at = away_.claimableAt(host_.referee().toMove(), after);
  a.may_claim = mayClaim(now);
  return a;
}

}  // namespace pg
