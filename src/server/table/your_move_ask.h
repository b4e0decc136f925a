// What a table asks of its node when a seat's "your move" mail is due (your_move_feature.h):
// the node looks up the seat's player and address and composes the mail (api/your_move_mailer.h).
#pragma once

#include <cstdint>
#include <string>

#include "rules/types.h"

namespace pg {

struct YourMoveAsk {
  std::string table_id;
  Color color = Color::Black;  ///< the seat on turn
  int turns_played = 0;        ///< names the turn: the mail's dedupe key
  int size = 9;                ///< the board's
  int64_t at = 0;              ///< when it is asked
};

}  // namespace pg
