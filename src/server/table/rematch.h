// A rematch: after the end, either seat offers to play again with the same setup and the colours
// swapped; once the other seat accepts (at once against the computer and on a hot seat), the
// server creates the new table and gives each connection of this one its way there. Offers are
// kept in the memory of the node serving the table (a restart forgets them: offer again); the
// new table, once made, is in the store (StoredTable::rematch_of), so a seat that comes back
// later still gets its new link.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "protocol/json.h"
#include "server/table/messages.h"
#include "server/table/role.h"
#include "server/table/table_setup.h"
#include "store/store.h"

namespace pg {

class Rematch {
 public:
  /// The create request of the rematch of a table with `setup`: the same rules, clock and mode,
  /// the colours swapped (the computer takes the other colour; the names follow their players).
  static Json request(const TableSetup& setup);

  /// Records an offer by `c`. Returns false, changing nothing, if `c` had already offered.
  bool offer(Color c);
  /// Withdraws `c`'s offer, or declines the opponent's: clears every offer. Returns false if
  /// there was none.
  bool clear();
  /// Whether both seats have offered.
  bool agreed() const { return offered_[0] && offered_[1]; }
  /// The one seat whose offer stands, if exactly one does.
  std::optional<Color> offeredBy() const;

  /// The new table, once stored.
  void made(StoredTable table) { table_ = std::move(table); }
  const std::optional<StoredTable>& table() const { return table_; }
  /// The new table's seat token for whoever held `role` here (the colour swapped; a hot seat's
  /// token for a hot seat); empty for a spectator, and before the table is made.
  std::string tokenFor(Role role) const;
  /// Where the rematch is for whoever held `role` here: the new table, and the token and seat
  /// only for a seat (messages.h's rematchFrame sends it).
  RematchWay wayFor(Role role) const;

 private:
  std::array<bool, 2> offered_{};
  std::optional<StoredTable> table_;
};

}  // namespace pg
