// The arena endpoints (docs/protocol.md, "Arenas"): a signed-in player creates an arena, joins
// it, pauses and leaves; anyone lists the arenas and reads one: its status, live standings,
// the games in progress (who plays whom, nothing more), the podium once finished, and each
// player's games with their points. The signed-in player's own current game comes with its
// seat token, to that account only. Every refusal changes nothing. The pairing is not here:
// the arena director (server/arena/arena_director.h) does it.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

#include "server/api/account_sessions.h"
#include "server/api/http_types.h"
#include "server/arena/arena_board.h"
#include "server/arena/arena_setup.h"
#include "server/node/server_settings.h"
#include "store/account_store.h"
#include "store/arena_store.h"
#include "store/store.h"

namespace pg {

class ArenaApi {
 public:
  /// A player's page marks them present at most this often (ArenaStore::markSeen).
  static constexpr int64_t kSeenEveryMs = 5000;
  /// Arenas in the list that ended longer ago than this are left out.
  static constexpr int64_t kRecentMs = 24LL * 60 * 60 * 1000;

  /// Everything referred to outlives the ArenaApi.
  ArenaApi(Store& tables, AccountStore& accounts, ArenaStore& arenas,
           const AccountSessions& sessions, const ServerSettings& settings);
  /// Every request whose path is /api/arenas or under it. Throws StoreError.
  HttpReply handle(const HttpRequest& req, std::string_view path) const;

 private:
  HttpReply create(const HttpRequest& req) const;
  HttpReply list(int64_t now) const;
  HttpReply show(const HttpRequest& req, const std::string& id) const;
  HttpReply setState(const HttpRequest& req, const std::string& id, ArenaPlayerState state) const;
  HttpReply playerGames(const std::string& id, std::string_view name) const;
  /// Marks the player present in the arena unless this node did so within kSeenEveryMs.
  void seen(const std::string& arena_id, const std::string& account_id, int64_t now) const;
  /// The arena's public summary, for the list and the page.
  Json summary(const ArenaBoard& board, int64_t now) const;

  Store& tables_;
  AccountStore& accounts_;
  ArenaStore& arenas_;
  const AccountSessions& sessions_;
  const ServerSettings& settings_;
  mutable std::mutex seen_mutex_;
  mutable std::map<std::pair<std::string, std::string>, int64_t> seen_at_;  // under seen_mutex_
};

}  // namespace pg
