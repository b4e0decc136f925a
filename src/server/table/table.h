// A table: one game, its referee, its clock, its computer player and its connections. Everything
// a table does runs on its own strand, so its state needs no lock; the public methods may be
// called from any thread and only post work onto the strand.
//
// The order of an input is always: the referee (or a feature) decides; the change is stored;
// only then does any connection hear of it, each audience in its own form (the referee's
// per-audience streams; referee/disclosure.h). A refused input is answered to its sender only
// and changes nothing.
//
// The table keeps the ordering of inputs, the game's moves, the clock and the start, and
// orchestrates its parts, each with one job: SeatKeys (which seat a token holds), Subscribers
// (the connections and the fan-out to them), the writer (StrandWriter: every write, one path:
// table_writer.h), BotDriver (the computer's thinking jobs), PublicInfo (the public info and
// when it changed), and the features, each in its own file on the TableHost interface:
// ChatFeature, NamesFeature, RematchFeature and AbandonFeature.
//
// Writes are asynchronous (the store may gather many tables' writes into one disk flush):
// while one is in flight, the table holds every other input (joins, commands, leaves, the
// clock, the computer's move) and runs them in order once the write is answered. So nobody ever
// sees, in an event, a snapshot or the public info, anything the store does not hold.
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/client_message.h"
#include "protocol/json.h"
#include "referee/referee.h"
#include "server/node/metrics.h"
#include "server/node/server_settings.h"
#include "server/table/abandon_feature.h"
#include "server/table/bot_driver.h"
#include "server/table/chat_feature.h"
#include "server/table/clock_timer.h"
#include "server/table/fischer_clock.h"
#include "server/table/messages.h"
#include "server/table/names_feature.h"
#include "server/table/peer.h"
#include "server/table/public_info.h"
#include "server/table/rematch_feature.h"
#include "server/table/seat_keys.h"
#include "server/table/strand_writer.h"
#include "server/table/subscribers.h"
#include "server/table/table_host.h"
#include "server/table/table_setup.h"
#include "server/table/table_strand.h"
#include "server/table/your_move_feature.h"
#include "store/store.h"

namespace pg {

class Table;

/// What a table needs from the server. Everything referred to outlives the tables.
struct TableContext {
  boost::asio::io_context* io = nullptr;
  Store* store = nullptr;
  boost::asio::thread_pool* bots = nullptr;  ///< the computer players think here
  const ServerSettings* settings = nullptr;
  Metrics* metrics = nullptr;  ///< the node's counters; null: nothing is counted
  /// Called on the table's strand when a finished table, or one not started that no seat has
  /// joined yet, has no connection left (it may then be dropped from memory; it is reloaded
  /// from the store on demand). A table not started closes itself first: a join that reaches
  /// it afterwards is closed, and the client's reconnect loads the table again.
  std::function<void(const Table*)> on_idle;
  /// True while the node drains before it stops (TableRegistry::drain): a table whose last
  /// connection goes then closes itself and calls on_idle, so that it is handed over at once.
  /// Null: never.
  const std::atomic<bool>* draining = nullptr;
  /// Called on the table's strand when the store refused a write because this node no longer
  /// holds the table's claim (ClaimLost): the table has dropped itself (see Table::drop).
  std::function<void(const Table*)> on_lost;
  /// Answers a table creation: the stored record (with its seat tokens), or the error.
  using Created = std::function<void(std::exception_ptr error, StoredTable record)>;
  /// Creates a table from a create request, as the rematch of `rematch_of` (as POST
  /// /api/tables does; set by the registry). `done` may run on any thread. Throws as
  /// TableRegistry::createAsync (ProtocolError, ServerFull), having created nothing.
  std::function<void(const Json& request, const std::string& rematch_of, Created done)>
      create_table;
  /// The write that queues a seat's "your move" mail (TableHost::yourMoveSubmit); null: the
  /// node sends no mail.
  std::function<TableWriter::Submit(const YourMoveAsk&)> your_move;
};

/// Milliseconds since the Unix epoch (the time stored with events).
int64_t nowMs();

class Table final : public std::enable_shared_from_this<Table>, private TableHost {
 public:
  /// Rebuilds a table from its stored record and log (an empty log for a new table). The
  /// clock is rebuilt from the event times; the downtime since the last stored instant is not
  /// charged. Throws std::exception if the record or the log is corrupt.
  /// `rematch` is the stored record of the table's rematch (record.rematch), if it has one.
  static std::shared_ptr<Table> load(TableContext ctx, StoredTable record,
                                     const std::vector<StoredEvent>& log,
                                     std::optional<StoredTable> rematch = std::nullopt,
                                     const std::vector<StoredChat>& chat = {});

  const std::string& id() const { return id_; }

  /// Arms the clock and wakes the computer player if it is on turn. Call once after load().
  void start();
  /// A join request from a connection (its `table` is not looked at: the caller routed it).
  void join(std::shared_ptr<Peer> peer, JoinRequest request);
  /// A game command (try, pass, resign, mark) from a connection.
  void command(std::shared_ptr<Peer> peer, Command request);
  /// The connection closed.
  void leave(Peer* peer);
  /// Stops the timers and the computer player; later inputs are ignored.
  void shutdown();
  /// The table is no longer served here (its claim went to another node, or the store lost
  /// every claim): stops as shutdown() does and closes every connection, so that the clients
  /// reconnect and land on the table's new owner. Nothing stored is touched. `then` runs on the
  /// strand afterwards: every write the table began is queued in the store by then.
  void drop(std::function<void()> then = {});

  /// A finished table, or a waiting one that no seat has joined, with no connection asks to
  /// leave memory (as when its last connection leaves): for one that was loaded without a
  /// join (GET /api/tables/<id>), or only watched.
  void sweepIdle();
  /// Marks the table as just looked up (TableRegistry::find), so that a sweep leaves it be
  /// while the join that looked it up is on its way. Any thread.
  void touch() { touched_at_ = std::chrono::steady_clock::now().time_since_epoch().count(); }
  /// When touch() was last called, in steady_clock ticks. Any thread.
  int64_t touchedAt() const { return touched_at_.load(); }

  /// Nobody joined in time (TableRegistry::expireWaiting, after it forgot the table): unless
  /// the game started meanwhile, every connection is told `table-expired`; then all are closed
  /// as drop() closes them. Nothing stored is touched. `then` runs on the strand afterwards.
  void expire(std::function<void()> then = {});

  /// Public information (GET /api/tables/<id>): no hidden information. Any thread.
  Json info() const { return info_.get(); }
  bool over() const { return info_.over(); }
  /// Whether the game has started (every human seat joined once). Any thread.
  bool hasStarted() const { return started_flag_.load(); }
  /// When the table was created, milliseconds since the Unix epoch. Any thread.
  int64_t createdAt() const { return created_at_; }

 private:
  Table(TableContext ctx, StoredTable record, TableSetup setup, std::optional<StoredTable> rematch,
        const std::vector<StoredChat>& chat);

  // TableHost: what the features may use.
  const std::string& tableId() const override { return id_; }
  const TableSetup& setup() const override { return setup_; }
  const Referee& referee() const override { return *referee_; }
  bool started() const override { return record_.started_at.has_value(); }
  const ServerSettings& settings() const override { return *ctx_.settings; }
  Metrics* metrics() const override { return ctx_.metrics; }
  int64_t now() const override { return nowMs(); }
  Presence presence() const override;
  Subscribers& subscribers() override { return subs_; }
  TableWriter& writer() override { return writer_; }
  std::shared_ptr<void> keepAlive() override { return shared_from_this(); }
  void publishInfo() override;
  void adoptSetup(TableSetup setup, std::string json) override;
  void createRematch(const Json& request,
                     std::function<void(std::exception_ptr, StoredTable)> done) override;
  TableWriter::Submit yourMoveSubmit(const YourMoveAsk& a) override {
    return ctx_.your_move ? ctx_.your_move(a) : TableWriter::Submit{};
  }

  void doJoin(const std::shared_ptr<Peer>& peer, const JoinRequest& req);
  void doCommand(const std::shared_ptr<Peer>& peer, const Command& cmd);
  void doLeave(const Peer* peer);
  /// With no connection left, a finished or waiting table asks to leave memory (on_idle).
  void idleIfAlone();
  /// Runs `f` on the strand now, or after the write in flight.
  void enqueue(std::function<void()> f);

  /// Once every human seat has joined, stores the start; true when that write has begun.
  bool startIfReady(const std::shared_ptr<Peer>& joiner);
  /// The start is stored: the clock runs, the computer may move.
  void onStarted(int64_t at);
  /// The joiner's clock (unless the start just broadcast it), then presence and info to all.
  void announceJoin(const std::shared_ptr<Peer>& joiner, bool started_now);

  /// Stores the events from `before` on; once they are stored (committed), tells everyone.
  /// On a store failure, rolls the referee back and tells `actor` (if any).
  void commit(std::size_t before, int turn_before, const std::shared_ptr<Peer>& actor);
  void committed(std::size_t before, int turn_before, int64_t now);
  void rollBack(std::size_t before);
  /// What drop() does, on the strand.
  void doDrop();
  /// A write was refused for a lost claim: drops the table and tells the registry.
  void lost();
  /// Stops the timers: the table is closed, or its game over.
  void stopTimers();

  void armTimer(int64_t min_wait_ms = 1);
  /// While the clock waits for each side's first move (TableSetup::clockWaitsForFirstMoves):
  /// who is on turn and when they must have moved; nullopt otherwise.
  std::optional<FirstMoveDue> firstMoveDue() const;
  /// When the timer must act: the running clock's deadline, or the first move's.
  std::optional<int64_t> timeDeadline() const;
  /// The clock frame as of `now`, with the first move's deadline while there is one.
  Frame clockFrameAt(int64_t now) const;
  /// Applies a loss on time if the running player's time is up, or aborts the game if the player
  /// on turn made no first move in time. Returns whether it did.
  bool checkTime();

  void maybeBot();
  void botDone(Action action, int version);

  /// Brings the away times up to date, and arms the abandonment's wake-up unless closed.
  void watchAway(int64_t now);
  void broadcastPresence();
  /// The public info as of now (the away times brought up to date with who is connected first).
  Json buildInfo();

  TableContext ctx_;
  const std::string id_;
  const int64_t created_at_;
  std::atomic<bool> started_flag_{false};  // record_.started_at is set, for other threads
  std::atomic<int64_t> touched_at_{0};     // touch()
  TableStrand strand_;
  ClockTimer timer_{strand_};

  StoredTable record_;
  TableSetup setup_;
  SeatKeys keys_;
  std::optional<Referee> referee_;
  std::optional<FischerClock> clock_;
  std::array<bool, 2> seat_joined_{};  // since this process started
  Subscribers subs_;
  StrandWriter writer_;
  std::optional<BotDriver> bot_;
  ChatFeature chat_;
  NamesFeature names_{*this};
  RematchFeature rematch_;
  AbandonFeature abandon_;
  YourMoveFeature your_move_;
  bool closed_ = false;
  PublicInfo info_;
};

}  // namespace pg
