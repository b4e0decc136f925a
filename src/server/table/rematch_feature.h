// The rematch as a feature: the offers and the new table (Rematch), and the flow of an offer,
// an acceptance or a withdrawal. Once both seats agree (at once against the computer and on a
// hot seat), the new table is stored through the registry, and then every connection hears its
// own way there (a seat's token only for that seat: the disclosure policy's row for rematches).
#pragma once

#include <memory>
#include <optional>

#include "server/table/peer.h"
#include "server/table/public_info.h"
#include "server/table/rematch.h"
#include "server/table/role.h"
#include "server/table/table_host.h"

namespace pg {

class RematchFeature {
 public:
  /// `made`: the table's rematch as stored, if it has one.
  RematchFeature(TableHost& host, std::optional<StoredTable> made);

  /// `role`, playing `color`, offers (or accepts) a rematch, or withdraws or declines one.
  void ask(const std::shared_ptr<Peer>& peer, Role role, Color color, bool decline);
  /// A connection that just joined as `role` hears its way to the rematch, once it is made.
  void greet(const std::shared_ptr<Peer>& peer, Role role) const;
  /// The public side: an offer standing, and the new table.
  RematchInfo info() const;

 private:
  /// Stores the rematch's table; then sends every connection its way.
  void make(const std::shared_ptr<Peer>& asker);

  TableHost& host_;
  Rematch rematch_;
  bool busy_ = false;  // its table is being stored
};

}  // namespace pg
