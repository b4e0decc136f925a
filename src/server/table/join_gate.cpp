#include "server/table/join_gate.h"

namespace pg {

std::variant<Admission, Error> admit(const JoinRequest& req, const Peer& peer, const SeatKeys& keys,
                                     const Subscribers& subs, const ServerLimits& limits,
                                     Metrics* metrics) {
  if (subs.roleOf(&peer)) return Error::of(Err::AlreadyJoined);
  Admission a;
  if (req.token) {
    const auto seat = keys.authenticate(*req.token);
    if (!seat) return Error::of(Err::BadToken);
    a.role = *seat;
  }
  // A seat always gets in; spectators from one address are a bounded crowd.
  if (a.role == Role::Spectator && !peer.address().empty() &&
      subs.spectatorsFrom(peer.address()) >= limits.spectators_per_table_per_address) {
    if (metrics) metrics->rateLimited(Metrics::Limit::Spectators);
    return Error::detail(Err::RateLimited, "Too many spectators of this table from your address.");
  }
  const auto last = Subscribers::lastVersions(a.role, req.last_version);
  if (!last)
    return Error::detail(Err::BadRequest,
                         a.role == Role::Hotseat
                             ? "'last_version' must map black and white to versions."
                             : "'last_version' must be an integer.");
  a.last = *last;
  return a;
}

}  // namespace pg
