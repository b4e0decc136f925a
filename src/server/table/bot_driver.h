// The computer's seat at a table: one thinking job at a time, on the server's thread pool,
// from a copy of its seat's view only (it never sees the real board), answered back on the
// table's strand.
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <functional>
#include <memory>
#include <string>

#include "ai/player.h"
#include "referee/referee.h"
#include "server/node/metrics.h"
#include "server/table/table_strand.h"

namespace pg {

class BotDriver {
 public:
  /// Called on the table's strand with the chosen action and the view's version it was
  /// chosen for.
  using Done = std::function<void(Action action, int version)>;

  /// `player` plays `color`; its jobs run on `pool`. `table_id` is for the logs; `metrics`
  /// (may be null) gets each job's thinking time.
  BotDriver(std::unique_ptr<Player> player, Color color, boost::asio::thread_pool& pool,
            const TableStrand& strand, std::string table_id, Metrics* metrics = nullptr);

  Color color() const { return color_; }
  bool busy() const { return busy_; }

  /// Starts a job choosing the next action from `view`; `done` is posted to the strand with
  /// the answer (a failing player passes). `done` must keep this driver alive (it holds the
  /// table). Precondition: on the strand; not busy.
  void think(View view, SearchLimits limits, Done done);
  /// The job's answer has arrived. Precondition: on the strand; busy.
  void answered();

  /// Plays `action` for the computer's colour; a refused action becomes a pass.
  Answer play(Referee& referee, const Action& action) const;

 private:
  std::unique_ptr<Player> player_;  // used only by the one job in flight
  Color color_;
  boost::asio::thread_pool& pool_;
  const TableStrand& strand_;
  std::string table_id_;
  Metrics* metrics_;
  bool busy_ = false;
};

}  // namespace pg
