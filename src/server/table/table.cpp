#include "server/table/table.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <chrono>

#include "rules/assert.h"
#include "server/node/exception_text.h"
#include "server/node/tokens.h"
#include "server/table/action_count.h"
#include "server/table/bot_time.h"
#include "server/table/command_play.h"
#include "server/table/event_rows.h"
#include "server/table/join_gate.h"
#include "server/table/messages.h"
#include "server/table/rated_end.h"
#include "server/table/table_replay.h"

namespace pg {

namespace net = boost::asio;

int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::shared_ptr<Table> Table::load(TableContext ctx, StoredTable record,
                                   const std::vector<StoredEvent>& log,
                                   std::optional<StoredTable> rematch,
                                   const std::vector<StoredChat>& chat) {
  TableSetup setup = setupFromJson(Json::parse(record.setup));
  std::shared_ptr<Table> t(
      new Table(std::move(ctx), std::move(record), std::move(setup), std::move(rematch), chat));
  t->referee_.emplace(replayLog(t->setup_.rules, t->record_, log, t->clock_,
                                t->setup_.clockWaitsForFirstMoves(), nowMs()));
  t->publishInfo();
  return t;
}

Table::Table(TableContext ctx, StoredTable record, TableSetup setup,
             std::optional<StoredTable> rematch, const std::vector<StoredChat>& chat)
    : ctx_(std::move(ctx)),
      id_(record.id),
      created_at_(record.created_at),
      started_flag_(record.started_at.has_value()),
      strand_(net::make_strand(*ctx_.io)),
      record_(std::move(record)),
      setup_(std::move(setup)),
      keys_(record_.black_token, record_.white_token, record_.hotseat_token),
      writer_(
          strand_, *ctx_.store, ctx_.metrics, id_, [this] { return shared_from_this(); },
          [this] { lost(); }),
      chat_(*this, chat),
      rematch_(*this, std::move(rematch)),
      abandon_(*this, strand_, nowMs()),
      your_move_(*this, strand_, nowMs()) {
  if (setup_.clock)
    clock_.emplace(setup_.clock->main_ms, setup_.clock->increment_ms, setup_.clock->capMs());
  if (setup_.computer) {
    uint64_t seed = 0;
    secureRandom(&seed, sizeof seed);
    auto player = makePlayer(setup_.computer->strength, seed);
    if (!player) player = makePlayer("random", seed);
    bot_.emplace(std::move(player), setup_.computer->color, *ctx_.bots, strand_, id_, ctx_.metrics);
  }
}

void Table::start() {
  net::post(strand_, [self = shared_from_this()] {
    self->armTimer();
    self->watchAway(nowMs());
    self->maybeBot();
  });
}

void Table::join(std::shared_ptr<Peer> peer, JoinRequest request) {
  enqueue([this, peer = std::move(peer), req = std::move(request)] { doJoin(peer, req); });
}

void Table::command(std::shared_ptr<Peer> peer, Command request) {
  enqueue([this, peer = std::move(peer), cmd = std::move(request)] { doCommand(peer, cmd); });
}

void Table::leave(Peer* peer) {
  enqueue([this, peer] { doLeave(peer); });
}

void Table::enqueue(std::function<void()> f) {
  // `self` keeps the table alive until f has run or is held (the queue belongs to the table).
  net::post(strand_, [self = shared_from_this(), f = std::move(f)]() mutable {
    self->writer_.runOrDefer(std::move(f));
  });
}

void Table::shutdown() {
  net::post(strand_, [self = shared_from_this()] {
    self->closed_ = true;
    self->stopTimers();
  });
}

void Table::drop(std::function<void()> then) {
  net::post(strand_, [self = shared_from_this(), then = std::move(then)] {
    self->doDrop();
    if (then) then();
  });
}

void Table::stopTimers() {
  timer_.cancel();
  abandon_.stop();
  your_move_.stop();
}

void Table::lost() {
  // The write was refused before it reached the log: the new owner holds the whole game. The
  // connections reconnect to it; what was held behind the write is dropped with the table.
  spdlog::warn("table {}: its claim is held elsewhere now", id_);
  doDrop();
  if (ctx_.on_lost) ctx_.on_lost(this);
}

void Table::doDrop() {
  if (!closed_) spdlog::info("table {}: no longer served here; its connections are closed", id_);
  closed_ = true;
  stopTimers();
  subs_.closeAll();
}

// ---- Joining and leaving ----

void Table::doJoin(const std::shared_ptr<Peer>& peer, const JoinRequest& req) {
  if (closed_) return peer->close();  // dropped here: the client reconnects to the owner
  const auto admitted = admit(req, *peer, keys_, subs_, ctx_.settings->limits, ctx_.metrics);
  if (const auto* refused = std::get_if<Error>(&admitted)) return peer->send(errorFrame(*refused));
  const auto [role, last] = std::get<Admission>(admitted);
  const int number = chat_.numberFor(peer.get(), role);
  peer->send(joinedFrame(id_, role, buildInfo(), number));
  subs_.add(peer, role, *referee_, last);
  peer->joined();
  spdlog::info("table {}: {} joined ({})", id_, roleName(role), peer->label());

  // The game's rematch is made: this connection's way there (the token only for a seat).
  rematch_.greet(peer, role);
  chat_.greet(peer, role);

  if (playsColor(role, Color::Black)) seat_joined_[0] = true;
  if (playsColor(role, Color::White)) seat_joined_[1] = true;
  if (!startIfReady(peer)) announceJoin(peer, false);
}

bool Table::startIfReady(const std::shared_ptr<Peer>& joiner) {
  if (started()) return false;
  for (Color c : {Color::Black, Color::White})
    if (setup_.isHuman(c) && !seat_joined_[c == Color::Black ? 0 : 1]) return false;
  const int64_t now = nowMs();
  writer_.store(StartTable{id_, now}, {.what = "the start",
                                       .told = nullptr,
                                       .stored =
                                           [this, joiner, now] {
                                             onStarted(now);
                                             announceJoin(joiner, true);
                                           },
                                       .failed = [this, joiner] { announceJoin(joiner, false); }});
  return true;
}

void Table::onStarted(int64_t at) {
  record_.started_at = at;
  started_flag_ = true;
  abandon_.turnStarted(at);
  your_move_.turnStarted(at);
  spdlog::info("table {}: started", id_);
  if (clock_ && !referee_->over()) {
    // A clock that waits for the first moves starts with the third turn (advanceClock).
    if (!setup_.clockWaitsForFirstMoves()) clock_->start(referee_->toMove(), at);
    subs_.broadcast(clockFrameAt(at));
    armTimer();
  }
  maybeBot();
}

void Table::announceJoin(const std::shared_ptr<Peer>& joiner, bool clock_sent) {
  if (clock_ && !clock_sent) joiner->send(clockFrameAt(nowMs()));
  watchAway(nowMs());
  broadcastPresence();
  publishInfo();
}

void Table::doLeave(const Peer* peer) {
  chat_.forget(peer);
  if (subs_.remove(peer)) {
    spdlog::info("table {}: a connection left", id_);
    watchAway(nowMs());
    broadcastPresence();
    publishInfo();
  }
  idleIfAlone();
}

void Table::sweepIdle() {
  enqueue([this] {
    subs_.remove(nullptr);  // forgets the connections that have gone
    idleIfAlone();
  });
}

void Table::idleIfAlone() {
  if (closed_ || !subs_.empty() || !ctx_.on_idle) return;
  if (referee_->over()) return ctx_.on_idle(this);
  if (ctx_.draining && *ctx_.draining) {
    // The node is stopping and the proxy, which has taken it out, closed the last connection:
    // the clients are on their way to the next node, which may claim the table once it is
    // given up here.
    doDrop();
    return ctx_.on_idle(this);
  }
  if (!started() && !seat_joined_[0] && !seat_joined_[1]) {
    // Nobody has taken a seat: everything of the table is in the store, and it waits there,
    // not in memory. (Once a seat has joined, the table remembers it until the game starts,
    // which needs every seat to have joined once: it stays.)
    closed_ = true;
    stopTimers();
    ctx_.on_idle(this);
  }
}

void Table::expire(std::function<void()> then) {
  enqueue([this, then = std::move(then)] {
    if (closed_) {
      if (then) then();
      return;
    }
    if (!started()) {
      spdlog::info("table {}: expired, nobody joined in time", id_);
      subs_.broadcast(errorFrame(Error::of(Err::TableExpired)));
    }
    doDrop();
    if (then) then();
  });
}

// ---- Commands ----

void Table::doCommand(const std::shared_ptr<Peer>& peer, const Command& cmd) {
  auto fail = [&](const Error& e) { peer->send(errorFrame(e)); };
  if (closed_) return;
  const auto role = subs_.roleOf(peer.get());
  if (!role) return fail(Error::of(Err::NotJoined));
  if (const auto* chat = std::get_if<ChatCommand>(&cmd)) return chat_.say(peer, *role, chat->text);
  if (const auto* name = std::get_if<NameCommand>(&cmd))
    return names_.rename(peer, *role, name->name);
  if (*role == Role::Spectator) return fail(Error::of(Err::Spectator));
  const auto color = actingColor(*role, seatOf(cmd), referee_->toMove());
  if (!color) return fail(Error::of(Err::NotYourSeat));

  if (std::holds_alternative<RematchCommand>(cmd) ||
      std::holds_alternative<DeclineRematchCommand>(cmd))
    return rematch_.ask(peer, *role, *color, std::holds_alternative<DeclineRematchCommand>(cmd));

  if (checkTime() && writer_.busy()) {
    // The clock ran out first: this command is answered once the loss on time is stored.
    writer_.hold([this, peer, cmd] { doCommand(peer, cmd); });
    return;
  }
  const std::size_t before = referee_->log().size();
  const int turn_before = referee_->turn();
  const bool moving =
      std::holds_alternative<TryCommand>(cmd) || std::holds_alternative<PassCommand>(cmd);
  if (moving && !referee_->over() && !started()) return fail(Error::of(Err::NotStarted));
  if (std::holds_alternative<ClaimAbandonedCommand>(cmd) && !referee_->over() &&
      abandon_.mayClaim(nowMs()) != *color)
    return fail(Error::of(Err::NotAbandoned));
  const Answer a = playCommand(*referee_, *color, cmd);
  if (!a.accepted()) return fail(Error::of(errorOf(*a.refusal)));
  commit(before, turn_before, peer);
}

void Table::commit(std::size_t before, int turn_before, const std::shared_ptr<Peer>& actor) {
  const int64_t now = nowMs();
  std::vector<StoredEvent> rows = storedRows(referee_->log(), before, now, setup_.rules.size);
  std::optional<StoredEnd> end;
  std::optional<RatedEnd> rated;
  if (referee_->over()) {
    end = StoredEnd{now, resultToJson(referee_->result()).dump()};
    rated = ratedEndOf(setup_, referee_->result());
  }
  writer_.store(
      AppendEvents{id_, std::move(rows), std::move(end), std::move(rated)},
      {.what = "an event, rolled back",
       .told = actor,
       .stored = [this, before, turn_before, now] { committed(before, turn_before, now); },
       .failed = [this, before] { rollBack(before); }});
}

void Table::rollBack(std::size_t before) {
  const std::vector<Event>& log = referee_->log();
  std::vector<Event> kept(log.begin(), log.begin() + static_cast<std::ptrdiff_t>(before));
  referee_.emplace(Referee::replay(setup_.rules, kept));
  armTimer(1000);  // a loss on time that could not be stored is tried again
  maybeBot();      // and so is the computer's move
}

void Table::committed(std::size_t before, int turn_before, int64_t now) {
  const std::vector<Event>& log = referee_->log();
  bool public_event = false;
  for (std::size_t i = before; i < log.size(); ++i) public_event |= log[i].kind != EventKind::Mark;
  logAccepted(id_, log, before);
  countActions(ctx_.metrics, log, before);
  if (clock_) advanceClock(*clock_, *referee_, turn_before, now);
  if (referee_->turn() != turn_before) {
    abandon_.turnStarted(now);
    your_move_.turnStarted(now);
  }
  watchAway(now);
  // The public info is brought up to date before anyone hears of the events, and sent after
  // them: a GET /api/tables/<id> that follows an event a client was told is never older than
  // it (BadInputTest lost that race about once in 40 runs).
  const Json info = buildInfo();
  const bool info_changed = info_.update(info, referee_->over());
  subs_.flush(*referee_);
  if (clock_ && public_event) subs_.broadcast(clockFrameAt(now));
  if (info_changed) subs_.broadcast(infoFrame(info));
  if (referee_->over()) {
    const Result& r = referee_->result();
    spdlog::info("table {}: over, {} ({})", id_,
                 r.winner == Color::Empty ? "draw" : std::string(colorName(r.winner)) + " wins",
                 endReasonName(r.reason));
    stopTimers();
    chat_.gameOver();
    if (subs_.empty() && ctx_.on_idle) ctx_.on_idle(this);
  } else {
    armTimer();
    maybeBot();
  }
}

// ---- The clock ----

std::optional<FirstMoveDue> Table::firstMoveDue() const {
  if (!setup_.clockWaitsForFirstMoves() || ctx_.settings->first_move_ms <= 0 || !started() ||
      !referee_->realGame().mayAbort())
    return std::nullopt;
  return FirstMoveDue{referee_->toMove(), abandon_.turnSince() + ctx_.settings->first_move_ms};
}

std::optional<int64_t> Table::timeDeadline() const {
  if (!clock_ || referee_->over()) return std::nullopt;
  if (clock_->running() != Color::Empty) return clock_->deadline();
  if (const auto due = firstMoveDue()) return due->deadline;
  return std::nullopt;
}

Frame Table::clockFrameAt(int64_t now) const {
  return clockFrame(*setup_.clock, *clock_, now, firstMoveDue());
}

void Table::armTimer(int64_t min_wait_ms) {
  timer_.cancel();
  const auto deadline = timeDeadline();
  if (!deadline || closed_) return;
  const int64_t wait = std::max(min_wait_ms, *deadline - nowMs() + 1);
  // The wake-up holds the table (the timer's handler is not the table's to keep).
  timer_.arm(wait, [self = shared_from_this()](uint64_t generation) {
    self->writer_.runOrDefer([t = self.get(), generation] {
      // A commit that was in flight re-armed the timer: this wake-up is stale then.
      if (!t->timer_.current(generation)) return;
      const auto due = t->timeDeadline();
      const bool expired = due && *due <= nowMs();
      if (!t->checkTime()) t->armTimer(expired ? 1000 : 1);
    });
  });
}

bool Table::checkTime() {
  if (closed_ || referee_->over()) return false;
  const auto deadline = timeDeadline();
  if (!deadline || nowMs() < *deadline) return false;
  const std::size_t before = referee_->log().size();
  const int turn_before = referee_->turn();
  // The running clock ran out, or the player on turn made no first move in time.
  const Color running = clock_->running();
  const Answer a =
      running != Color::Empty ? referee_->timeout(running) : referee_->noShow(referee_->toMove());
  if (!a.accepted()) return false;
  commit(before, turn_before, nullptr);
  return true;
}

// ---- The computer player ----

void Table::maybeBot() {
  if (!bot_ || bot_->busy() || closed_ || referee_->over() || !started()) return;
  const Color c = bot_->color();
  if (referee_->toMove() != c) return;
  subs_.broadcast(thinkingFrame(c));
  // The levels below hard stop sooner, at their playout count (ai/players.cpp).
  const SearchLimits limits = botTime(ctx_.settings->bot_seconds, clock_, c, nowMs());
  // The computer's only input is its seat's view, copied: it never sees the real board.
  bot_->think(referee_->view(audienceOf(c)), limits,
              [self = shared_from_this()](Action action, int version) {
                self->writer_.runOrDefer(
                    [t = self.get(), action, version] { t->botDone(action, version); });
              });
}

void Table::botDone(Action action, int version) {
  bot_->answered();
  if (closed_) return;
  const Color c = bot_->color();
  if (referee_->over() || referee_->toMove() != c || referee_->version(audienceOf(c)) != version) {
    maybeBot();  // the game moved on while it thought
    return;
  }
  if (checkTime()) return;
  const std::size_t before = referee_->log().size();
  const int turn_before = referee_->turn();
  bot_->play(*referee_, action);
  commit(before, turn_before, nullptr);
}

// ---- Features ----

void Table::adoptSetup(TableSetup setup, std::string json) {
  setup_ = std::move(setup);
  record_.setup = std::move(json);
}

void Table::createRematch(const Json& request,
                          std::function<void(std::exception_ptr, StoredTable)> done) {
  ctx_.create_table(request, id_, std::move(done));
}

void Table::watchAway(int64_t now) {
  if (closed_) {
    abandon_.sync(now);
    abandon_.stop();
    your_move_.stop();
  } else {
    abandon_.watch(now);
    your_move_.watch(now);
  }
}

// ---- Public information ----

Presence Table::presence() const {
  Presence p = subs_.presence();
  p.black = p.black || !setup_.isHuman(Color::Black);
  p.white = p.white || !setup_.isHuman(Color::White);
  return p;
}

void Table::broadcastPresence() {
  const Presence p = presence();
  subs_.broadcast(presenceFrame(p.black, p.white, p.spectators));
}

Json Table::buildInfo() {
  // Who is connected and since when each seat has been away, as of one moment: a connection
  // that has closed but whose leave has not run yet is already away in both (an info built in
  // between, as by a name change, once said `connected: false` with `away_since: null`).
  const int64_t now = nowMs();
  abandon_.sync(now);
  ClockInfo clock;
  if (clock_ && clock_->running() != Color::Empty) clock.deadline = clock_->deadline();
  if (setup_.clockWaitsForFirstMoves() && ctx_.settings->first_move_ms > 0)
    clock.first_move_ms = ctx_.settings->first_move_ms;
  return PublicInfo::build(id_, setup_, record_.created_at, started(), presence(), *referee_, clock,
                           abandon_.info(now), rematch_.info());
}

void Table::publishInfo() {
  Json info = buildInfo();
  const bool over = referee_->over();
  if (info_.update(info, over)) subs_.broadcast(infoFrame(info));
}

}  // namespace pg
