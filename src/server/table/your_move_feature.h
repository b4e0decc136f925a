// "Your move" mails as a feature of a table (docs/server.md, "Mail"): when the seat on turn
// has no connection, the node is asked to queue that seat's mail, once per turn. On a table with
// a correspondence clock the mail is due as soon as the turn is the seat's and it has no
// connection; on any other online table once it has had none for the server's
// your_move_after_ms (5 minutes) during its turn. Whether the seat's player wants it (an account
// bound to the seat, a verified address, mails on) is the node's to say (TableHost::
// askYourMove); the mail goes into the store through the table's writer (a QueueMail, fenced by
// the table's claim), with the dedupe key move:<table>:<turns played>:<colour>, so a turn gets
// at most one mail whatever node serves the table and however often it is loaded: a table
// loaded again counts its seats away from the load and asks again when due.
#pragma once

#include <cstdint>
#include <optional>

#include "server/table/away_watch.h"
#include "server/table/clock_timer.h"
#include "server/table/table_host.h"
#include "server/table/table_strand.h"

namespace pg {

class YourMoveFeature {
 public:
  /// Both seats away, and a turn begun, since `now` (a table just loaded).
  YourMoveFeature(TableHost& host, const TableStrand& strand, int64_t now);

  /// Whether the rule applies here: an online table on a node that sends mail.
  bool applies() const;
  /// When the mail of the running turn is due, if the seat on turn stays away (nullopt: none
  /// is, or it was asked for already).
  std::optional<int64_t> dueAt() const;
  /// Brings the away times up to date with who is connected and arms the wake-up that asks for
  /// the mail when it is due (at once if it is). Precondition: on the strand.
  void watch(int64_t now);
  /// A new turn began at `now` (a stone or a pass was stored, or the game started).
  void turnStarted(int64_t now) { away_.turnStarted(now); }
  void stop() { timer_.cancel(); }

 private:
  void sync(int64_t now);
  /// Begins the write. Precondition: no write in flight.
  void ask(int64_t now);

  TableHost& host_;
  AwayWatch away_;
  ClockTimer timer_;
  int asked_turn_ = -1;  // turns played when the mail was last asked for
};

}  // namespace pg
