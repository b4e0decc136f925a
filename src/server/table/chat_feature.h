// The table's chat as a feature: its lines and the spectators' numbers (TableChat,
// SpectatorNumbers), and the flow of a line: refused to its author, or stored and then sent to
// every connection that may read it (who may read which channel: TableChat::readable, the
// disclosure policy's row for chat).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "server/table/peer.h"
#include "server/table/role.h"
#include "server/table/spectator_numbers.h"
#include "server/table/table_chat.h"
#include "server/table/table_host.h"

namespace pg {

class ChatFeature {
 public:
  /// The chat of a table loaded with these stored lines (throws on a corrupt line).
  ChatFeature(TableHost& host, const std::vector<StoredChat>& stored);

  /// A line that `role` says through `peer`.
  void say(const std::shared_ptr<Peer>& peer, Role role, const std::string& text);
  /// A connection joins as `role`: its spectator number (0 for a seat), assigned now.
  int numberFor(const Peer* peer, Role role);
  /// What a connection that just joined as `role` may read of the chat so far.
  void greet(const std::shared_ptr<Peer>& peer, Role role) const;
  /// The game ended: every line is open to everyone now (the players read the spectators' too).
  void gameOver() const;
  /// The connection closed.
  void forget(const Peer* peer);

 private:
  TableHost& host_;
  TableChat chat_;
  SpectatorNumbers spectators_;
};

}  // namespace pg
