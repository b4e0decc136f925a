// A table: one game, its referee, its clock, its computer player and its connections. Everything
// a table does runs on its own strand, so its state needs no lock; the public methods may be
// called from any thread and only post work onto the strand.
//
// The order of an input is always: the referee decides; the new events are committed to the
// store; only then does any connection hear of them, each audience in its own form (the
// referee's per-audience streams; see referee/visibility.h). A refused input is answered to
// its sender only and changes nothing.
//
// The commit is asynchronous (the store may gather many tables' appends into one disk flush):
// while it is in flight, the table holds every other input (joins, commands, leaves, the
// clock, the computer's move) and runs them in order once the commit is answered. So nobody
// ever sees, in an event, a snapshot or the public info, anything the store does not hold.
#pragma once

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ai/player.h"
#include "protocol/json.h"
#include "referee/referee.h"
#include "server/fischer_clock.h"
#include "server/messages.h"
#include "server/peer.h"
#include "server/server_settings.h"
#include "server/table_setup.h"
#include "store/store.h"

namespace pg {

class Table;

/// What a table needs from the server. Everything referred to outlives the tables.
struct TableContext {
  boost::asio::io_context* io = nullptr;
  Store* store = nullptr;
  boost::asio::thread_pool* bots = nullptr;  ///< the computer players think here
  const ServerSettings* settings = nullptr;
  /// Called on the table's strand when a finished table has no connection left (it may then be
  /// dropped from memory; it is reloaded from the store on demand).
  std::function<void(const Table*)> on_idle;
};

/// Milliseconds since the Unix epoch (the time stored with events).
int64_t nowMs();

class Table : public std::enable_shared_from_this<Table> {
 public:
  /// Rebuilds a table from its stored record and log (an empty log for a new table). The
  /// clock is rebuilt from the event times; the downtime since the last stored instant is not
  /// charged. Throws std::exception if the record or the log is corrupt.
  static std::shared_ptr<Table> load(TableContext ctx, StoredTable record,
                                     const std::vector<StoredEvent>& log);

  const std::string& id() const { return id_; }

  /// Arms the clock and wakes the computer player if it is on turn. Call once after load().
  void start();
  /// A join request ({"type":"join", token | watch, last_version?}) from a connection.
  void join(std::shared_ptr<Peer> peer, Json request);
  /// A game command (try, pass, resign, mark) from a connection.
  void command(std::shared_ptr<Peer> peer, Json request);
  /// The connection closed.
  void leave(Peer* peer);
  /// Stops the timers and the computer player; later inputs are ignored.
  void shutdown();

  /// Public information (GET /api/tables/<id>): no hidden information. Any thread.
  Json info() const;
  bool over() const;

 private:
  enum class Role : uint8_t { Black, White, Hotseat, Spectator };
  struct Subscriber {
    std::weak_ptr<Peer> peer;
    const Peer* raw = nullptr;
    Role role = Role::Spectator;
    std::array<int, kNumAudiences> sent{};  ///< versions already sent, per audience
  };

  Table(TableContext ctx, StoredTable record, TableSetup setup);
  void replay(const std::vector<StoredEvent>& log);

  void doJoin(const std::shared_ptr<Peer>& peer, const Json& req);
  void doCommand(const std::shared_ptr<Peer>& peer, const Json& req);
  void doLeave(const Peer* peer);

  /// Runs `f` on the strand now, or after the commit in flight.
  void enqueue(std::function<void()> f);
  void runOrDefer(std::function<void()> f);
  /// Stores the events from `before` on; once they are stored (finishCommit), tells everyone.
  /// On a store failure, rolls the referee back and tells `actor` (if any).
  void commit(std::size_t before, int turn_before, const std::shared_ptr<Peer>& actor);
  /// Runs the held inputs, until one of them starts a commit.
  void releaseHeld();
  void finishCommit(std::size_t before, int turn_before, int64_t at,
                    const std::shared_ptr<Peer>& actor, std::exception_ptr error);
  void advanceClock(int turn_before, int64_t at);
  void flush();
  void broadcast(const Frame& f);
  void broadcastPresence();
  void maybeStart();
  bool started() const { return record_.started_at.has_value(); }

  void armTimer(int64_t min_wait_ms = 1);
  /// Applies a loss on time if the running player's time is up. Returns whether it did.
  bool checkTime();

  void maybeBot();
  void botDone(Action action, int version);
  double botSeconds() const;

  Subscriber* findSub(const Peer* peer);
  static std::vector<Audience> seatsOf(Role r);
  static std::string_view roleName(Role r);
  bool seatConnected(Color c) const;
  Json buildInfo() const;
  void updateInfo();

  TableContext ctx_;
  const std::string id_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  uint64_t timer_generation_ = 0;

  StoredTable record_;
  TableSetup setup_;
  std::optional<Referee> referee_;
  std::vector<int64_t> event_at_;  // stored time of each log event
  std::optional<FischerClock> clock_;
  std::array<bool, 2> seat_joined_{};  // since this process started
  std::vector<Subscriber> subs_;

  std::unique_ptr<Player> bot_;  // used only by the one thinking job in flight
  bool bot_busy_ = false;
  bool closed_ = false;
  bool committing_ = false;                 // an append is in flight
  std::deque<std::function<void()>> held_;  // inputs that came meanwhile, in order

  mutable std::mutex info_mutex_;
  Json info_;
  bool info_over_ = false;
};

}  // namespace pg
