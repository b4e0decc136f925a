// The arena director of one node (docs/arena.md, "Who pairs"): every second or so, on a thread
// that may block on the store (never a network thread), it lists the running arenas, claims
// each it can (Store::claim of "arena:<id>": on PostgreSQL the same leases and fences as a
// table's; on SQLite every claim holds), and pairs the free players of each arena it holds:
// joined, active, present (their arena page asked within the last 15 s), not in an unfinished
// arena game, before the arena's end. The pairing is one store write (PairArena), fenced by the
// claim, so a node that lost its lease cannot pair. When the node loses its claims it forgets
// the arenas it held; whichever node claims an arena next (after the lease expired) continues
// from what the store holds: the director keeps nothing of its own between rounds.
//
// It also loads, on this node, an arena game nobody has loaded anywhere 20 s after its pairing
// (TableRegistry::find: a table held by another node is left there), so that the first-move
// time of a player who never came aborts it and frees both players; after the arena's end too,
// for 10 minutes, until its last game is over. Then it gives the arena's claim up.
#pragma once

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "server/arena/arena_board.h"
#include "server/table/table_registry.h"
#include "store/arena_store.h"
#include "store/store.h"

namespace pg {

class ArenaDirector {
 public:
  /// How long after its page last asked a player still counts as present.
  static constexpr int64_t kPresentMs = 15000;
  /// How long after its pairing a game nobody has loaded is loaded here.
  static constexpr int64_t kLoadAfterMs = 20000;

  /// Everything referred to outlives the director.
  ArenaDirector(Store& store, ArenaStore& arenas, TableRegistry& registry);

  /// One round at `now` (see the file comment). Blocks on the store; never throws (a store
  /// failure is logged and the next round tries again).
  void tick(int64_t now);
  /// The store lost this node's claims: every arena is to be claimed again before a pairing.
  /// Any thread; never blocks on the store.
  void claimsLost();
  /// The arenas whose claim this node holds, as far as it knows.
  std::vector<std::string> held() const;
  /// The games this node has paired since it started.
  int64_t paired() const;

 private:
  /// Claims the arena if this node does not hold it yet; whether it holds it now.
  bool hold(const std::string& arena_id);
  /// Pairs the arena's free players at `now`.
  void pair(const ArenaBoard& board, int64_t now);
  /// Loads the arena's unfinished games that nobody serves (see the file comment).
  void loadForgotten(const ArenaBoard& board, int64_t now);
  /// Gives the claim of an arena that has ended up.
  void letGo(const std::string& arena_id);

  Store& store_;
  ArenaStore& arenas_;
  TableRegistry& registry_;
  mutable std::mutex mutex_;
  std::set<std::string> held_;      // under mutex_
  std::set<std::string> finished_;  // arenas over, every game ended: under mutex_
  int64_t paired_ = 0;              // under mutex_
};

}  // namespace pg
