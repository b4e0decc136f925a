// pg_load --computer: a table against the server's computer player (mode "computer", the
// computer plays White), with one client in Black's seat that plays as pg_load's other players
// (random tries from its own view, a random pause before each action) and starts a new game
// when one ends. Its figures are kept apart from the human tables' (ComputerStats).
#pragma once

#include <array>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "client/seat_tracker.h"
#include "load/conn.h"
#include "load/options.h"

namespace pg::load {

struct ComputerStats {
  /// Per turn the client passed to the computer: from sending the action (a stone or a pass)
  /// until the computer's turn ended at the client (its `moved`, `pass` or `resign`).
  std::vector<double> answer_ms;
  long games = 0;
  long moves = 0;     // the computer's turns (answers), as above
  long rejected = 0;  // the computer's tries rejected as illegal on the way
  long actions = 0;   // the client's tries and passes
  long errors = 0;
  std::vector<std::string> samples;
  void error(const std::string& what) {
    ++errors;
    if (samples.size() < 10) samples.push_back(what);
  }
  /// Forgets what was counted (the joining phase is not measured).
  void reset() {
    answer_ms.clear();
    games = moves = rejected = actions = 0;
  }
};

class ComputerTable : public ConnOwner {
 public:
  ComputerTable(net::io_context& io, const Options& o, ComputerStats& s, uint64_t seed)
      : io_(io), o_(o), st_(s), rng_(seed), timer_(io), watchdog_(io) {}

  void begin() { create(); }
  /// The seat joined and has its snapshot.
  bool ready() const { return joined_ && tracker_ && tracker_->synced(); }
  void stopPlaying() { stopping_ = true; }

  void onMessage(int gen, int seat, const std::string& text) override;
  void onClosed(int gen, int seat) override;

  /// The longest the computer may take for a turn before it counts as an error: the computer
  /// tables share the server's bot threads, so a turn can wait for many others.
  static constexpr std::chrono::seconds kAnswerLimit{120};

 private:
  void create();
  void restart();
  void schedule();
  void act();
  /// The watchdog: an action of the client's unanswered within the timeout, or a computer
  /// turn not over within kAnswerLimit, is an error and the table starts again.
  void watch(Clock::duration limit);

  net::io_context& io_;
  const Options& o_;
  ComputerStats& st_;
  std::mt19937_64 rng_;
  net::steady_timer timer_, watchdog_;
  int gen_ = 0;
  std::string id_;
  std::shared_ptr<Conn> conn_;
  std::unique_ptr<SeatTracker> tracker_;
  bool joined_ = false;
  int sent_v_ = 0;              // the seat's version when the client's action was sent
  Clock::time_point sent_at_;   // when the client's last action was sent
  bool pending_ = false;        // the client's action is not answered yet
  bool computer_turn_ = false;  // the computer is on turn since the client's action
  bool scheduled_ = false, finishing_ = false, stopping_ = false;
  int tries_this_turn_ = 0;
};

}  // namespace pg::load
