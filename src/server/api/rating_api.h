// The rating endpoints (docs/protocol.md, "Rated games", "Players and the leaderboard"): a
// signed-in player takes a seat of a rated game, or attaches the games this device holds a
// seat of; anyone reads a player's page (their ratings with their history, their recent
// finished games, their results against each computer level) and the leaderboard of a
// category. Only finished games are shown (referee/disclosure.h): nothing of a game in
// progress beyond its public info.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "protocol/json.h"
#include "server/api/account_sessions.h"
#include "server/api/http_types.h"
#include "store/account_store.h"
#include "store/rating_store.h"
#include "store/store.h"

namespace pg {

class RatingApi {
 public:
  /// Everything referred to outlives the RatingApi.
  RatingApi(Store& tables, AccountStore& accounts, RatingStore& ratings,
            const AccountSessions& sessions);
  /// POST /api/tables/<id>/seat {"token"}: the signed-in player takes the seat of a rated
  /// table that the token holds. Throws StoreError.
  HttpReply takeSeat(const HttpRequest& req, const std::string& table_id) const;
  /// POST /api/account/games {"games": [{"table", "token"}]}: the signed-in player attaches
  /// the games this device holds seats of (their seats become theirs). Throws StoreError.
  HttpReply attachGames(const HttpRequest& req) const;
  /// GET /api/account/seat/<id>: the seat of table <id> bound to the signed-in player, with its
  /// token ({"table", "seat", "token"}), so a link without a secret (a "your move" mail's)
  /// brings its player back to the seat on any device signed in to the account. `no-such-table`
  /// for a table without such a seat. Throws StoreError.
  HttpReply mySeat(const HttpRequest& req, const std::string& table_id) const;
  /// GET /api/players/<name>. Throws StoreError.
  HttpReply player(std::string_view name) const;
  /// GET /api/leaderboard (every category's best ten) and /api/leaderboard/<category> (its
  /// best hundred). Throws StoreError.
  HttpReply leaderboard(std::string_view category) const;
  /// The rating changes of a finished game, for GET /api/games/<id>: [{"color", "name",
  /// "computer", "before", "after", "deviation", "provisional"}], empty when it was not rated.
  Json changesOf(const std::string& table_id) const;
  /// The players of a rated table's seats, for its info: {"black": {"name", "computer"} or
  /// null, "white": ...}.
  Json seatPlayers(const std::string& table_id) const;
  /// The computer seat of a rated table against the computer is the level's own from its
  /// creation. Throws StoreError.
  void bindComputer(const std::string& table_id, int color, const std::string& level) const;

 private:
  /// {"name", "computer"} of a player key (an account's name, or a computer level).
  Json who(const std::string& player) const;

  Store& tables_;
  AccountStore& accounts_;
  RatingStore& ratings_;
  const AccountSessions& sessions_;
};

}  // namespace pg
