// Composes a seat's "your move" mail when its table asks (table/your_move_feature.h): the seat's
// player is an account (seat_players, as rated seats are bound) with a verified address and
// "your move" mails on, else there is no mail. The mail names the site, the opponent (an
// account's name or the computer level's), the board's size, the move's number and the link
// `<public url>/#/seat/<table>`, which opens the seat only for a browser signed in to the
// seat's account (GET /api/account/seat/<table>): the link holds no secret, so a mail read by
// someone else opens nothing. It never names a point of the board: nothing hidden is in it.
#pragma once

#include <optional>

#include "server/node/server_settings.h"
#include "server/table/your_move_ask.h"
#include "store/account_store.h"
#include "store/mail_store.h"
#include "store/rating_store.h"
#include "store/store_write.h"

namespace pg {

class YourMoveMailer {
 public:
  /// Everything referred to outlives the mailer.
  YourMoveMailer(RatingStore& ratings, AccountStore& accounts, MailStore& mail,
                 const ServerSettings& settings);
  /// The write that queues the mail `a` asks for, or nullopt when the seat's player wants
  /// none. Reads the store: never on a network thread or a table's strand. Throws StoreError.
  std::optional<QueueMail> compose(const YourMoveAsk& a) const;
  /// "move:<table>:<turns played>:<black|white>": one mail per turn at most.
  static std::string dedupeKey(const YourMoveAsk& a);

 private:
  std::string opponentName(const std::string& table_id, int color, const std::string& lang) const;

  RatingStore& ratings_;
  AccountStore& accounts_;
  MailStore& mail_;
  const ServerSettings& settings_;
};

}  // namespace pg
