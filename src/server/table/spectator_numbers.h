// Who is who among a table's spectators: each spectator connection gets a number when it joins
// ("Spectator 3" in the chat), so that spectators can tell each other's lines apart and each
// sees "You" on its own lines only. A number is never given twice at a table: a table loaded
// again starts after the highest number its stored chat holds. Numbers belong to connections
// (a spectator that reconnects is a new one): spectators are anonymous.
//
// Not thread-safe: it belongs to its table and is used on the table's strand only.
#pragma once

#include <unordered_map>

#include "server/table/peer.h"

namespace pg {

class SpectatorNumbers {
 public:
  /// `highest_used`: the highest number the table's stored chat holds (0: none).
  explicit SpectatorNumbers(int highest_used = 0) : next_(highest_used + 1) {}

  /// The next number, now `peer`'s.
  int assign(const Peer* peer) {
    numbers_[peer] = next_;
    return next_++;
  }
  /// `peer`'s number, or 0 if it has none (a seat, or gone).
  int of(const Peer* peer) const {
    auto it = numbers_.find(peer);
    return it == numbers_.end() ? 0 : it->second;
  }
  void forget(const Peer* peer) { numbers_.erase(peer); }

 private:
  int next_;
  std::unordered_map<const Peer*, int> numbers_;
};

}  // namespace pg
