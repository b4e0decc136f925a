// Who a join may enter a table as: the seat its token opens, or a spectator (within the crowd
// one client address may bring: each spectator is a fan-out of every event and a voice in the
// spectators' chat), with the versions it already holds in a form that fits the role.
#pragma once

#include <variant>

#include "protocol/client_message.h"
#include "protocol/errors.h"
#include "server/node/metrics.h"
#include "server/node/server_limits.h"
#include "server/table/peer.h"
#include "server/table/role.h"
#include "server/table/seat_keys.h"
#include "server/table/subscribers.h"

namespace pg {

struct Admission {
  Role role = Role::Spectator;
  Subscribers::LastVersions last{};
};

/// The role `req` joins as through `peer`, or the error to answer it with (nothing changes).
/// A refused crowd is counted in `metrics` (may be null).
std::variant<Admission, Error> admit(const JoinRequest& req, const Peer& peer, const SeatKeys& keys,
                                     const Subscribers& subs, const ServerLimits& limits,
                                     Metrics* metrics);

}  // namespace pg
