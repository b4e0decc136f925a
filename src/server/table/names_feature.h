// Names as a feature: a seat names itself (docs/protocol.md, "Names"); the new setup is stored,
// then the public info tells everyone. A spectator, a hot seat (whose names are set when the
// table is made) and a finished game are refused, and so is a name that changes nothing.
#pragma once

#include <memory>
#include <string>

#include "server/table/peer.h"
#include "server/table/role.h"
#include "server/table/table_host.h"

namespace pg {

class NamesFeature {
 public:
  explicit NamesFeature(TableHost& host) : host_(host) {}

  /// `role` names its seat `name` (empty: the colour's default name).
  void rename(const std::shared_ptr<Peer>& peer, Role role, const std::string& name);

 private:
  TableHost& host_;
};

}  // namespace pg
