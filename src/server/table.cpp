#include "server/table.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <map>

#include "server/tokens.h"

namespace pg {

namespace net = boost::asio;

namespace {

int colorIndex(Color c) {
  return c == Color::Black ? 0 : 1;
}

Json colorOrNull(Color c) {
  if (!isStone(c)) return nullptr;
  return std::string(colorName(c));
}

/// Parses a point field. nullopt with `bad` set when the field is missing or not a string.
std::optional<Point> pointField(const Json& req, int size, bool& bad) {
  bad = false;
  if (!req.contains("point") || !req.at("point").is_string()) {
    bad = true;
    return std::nullopt;
  }
  auto p = parsePoint(req.at("point").get<std::string>(), size);
  if (!p || *p == kPass) return std::nullopt;
  return p;
}

}  // namespace

int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::shared_ptr<Table> Table::load(TableContext ctx, StoredTable record,
                                   const std::vector<StoredEvent>& log) {
  TableSetup setup = setupFromJson(Json::parse(record.setup));
  std::shared_ptr<Table> t(new Table(std::move(ctx), std::move(record), std::move(setup)));
  t->replay(log);
  t->updateInfo();
  return t;
}

Table::Table(TableContext ctx, StoredTable record, TableSetup setup)
    : ctx_(std::move(ctx)),
      id_(record.id),
      strand_(net::make_strand(*ctx_.io)),
      timer_(strand_),
      record_(std::move(record)),
      setup_(std::move(setup)) {
  if (setup_.clock) clock_.emplace(setup_.clock->main_ms, setup_.clock->increment_ms);
  if (setup_.computer) {
    uint64_t seed = 0;
    secureRandom(&seed, sizeof seed);
    bot_ = makePlayer(setup_.computer->strength, seed);
    if (!bot_) bot_ = makePlayer("random", seed);
  }
}

void Table::replay(const std::vector<StoredEvent>& log) {
  const Rules& rules = setup_.rules;
  referee_.emplace(rules);
  event_at_.clear();
  if (clock_ && record_.started_at) clock_->start(referee_->toMove(), *record_.started_at);
  int64_t last = record_.started_at.value_or(record_.created_at);
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].seq != static_cast<int64_t>(i))
      throw std::invalid_argument("table " + id_ + ": the stored log has a gap at " +
                                  std::to_string(i));
    const Event e = eventFromJson(Json::parse(log[i].event), rules.size);
    const int turn = referee_->turn();
    const Answer a = referee_->apply(e);
    if (!a.accepted())
      throw std::invalid_argument("table " + id_ + ": stored event " + std::to_string(i) +
                                  " is refused on replay");
    event_at_.push_back(log[i].at);
    advanceClock(turn, log[i].at);
    last = std::max(last, log[i].at);
  }
  // Clocks are paused while the server is down: the running turn is charged up to the last
  // stored instant only.
  if (clock_ && clock_->running() != Color::Empty) clock_->pause(last, nowMs());
}

void Table::start() {
  net::post(strand_, [self = shared_from_this()] {
    self->armTimer();
    self->maybeBot();
  });
}

void Table::join(std::shared_ptr<Peer> peer, Json request) {
  enqueue([this, peer = std::move(peer), req = std::move(request)] { doJoin(peer, req); });
}

void Table::command(std::shared_ptr<Peer> peer, Json request) {
  enqueue([this, peer = std::move(peer), req = std::move(request)] { doCommand(peer, req); });
}

void Table::leave(Peer* peer) {
  enqueue([this, peer] { doLeave(peer); });
}

void Table::enqueue(std::function<void()> f) {
  // `self` keeps the table alive until f has run or is held (held_ belongs to the table).
  net::post(strand_, [self = shared_from_this(), f = std::move(f)]() mutable {
    self->runOrDefer(std::move(f));
  });
}

void Table::runOrDefer(std::function<void()> f) {
  if (committing_)
    held_.push_back(std::move(f));
  else
    f();
}

void Table::shutdown() {
  net::post(strand_, [self = shared_from_this()] {
    self->closed_ = true;
    ++self->timer_generation_;
    self->timer_.cancel();
  });
}

Json Table::info() const {
  std::lock_guard lock(info_mutex_);
  return info_;
}

bool Table::over() const {
  std::lock_guard lock(info_mutex_);
  return info_over_;
}

// ---- Joining ----

std::vector<Audience> Table::seatsOf(Role r) {
  switch (r) {
    case Role::Black:
      return {Audience::Black};
    case Role::White:
      return {Audience::White};
    case Role::Hotseat:
      return {Audience::Black, Audience::White};
    case Role::Spectator:
      return {Audience::Spectator};
  }
  return {};
}

std::string_view Table::roleName(Role r) {
  switch (r) {
    case Role::Black:
      return "black";
    case Role::White:
      return "white";
    case Role::Hotseat:
      return "hotseat";
    case Role::Spectator:
      return "spectator";
  }
  return "?";
}

Table::Subscriber* Table::findSub(const Peer* peer) {
  for (Subscriber& s : subs_)
    if (s.raw == peer && !s.peer.expired()) return &s;
  return nullptr;
}

void Table::doJoin(const std::shared_ptr<Peer>& peer, const Json& req) {
  auto fail = [&](std::string_view code, std::string_view message) {
    peer->send(errorFrame(code, message));
  };
  if (closed_) return;
  if (findSub(peer.get())) return fail("already-joined", "This connection has already joined.");
  const bool has_token = req.contains("token");
  const bool watch = req.contains("watch") && req.at("watch") == Json(true);
  if (has_token && req.contains("watch"))
    return fail("bad-request", "A join gives either a token or watch, not both.");
  Role role = Role::Spectator;
  if (has_token) {
    if (!req.at("token").is_string()) return fail("bad-request", "'token' must be a string.");
    const std::string& token = req.at("token").get_ref<const std::string&>();
    // Every comparison runs, each in constant time, whichever seat matches.
    const bool h_equal = constantTimeEquals(token, record_.hotseat_token);
    const bool b_equal = constantTimeEquals(token, record_.black_token);
    const bool w_equal = constantTimeEquals(token, record_.white_token);
    const bool h = h_equal && !record_.hotseat_token.empty();
    const bool b = b_equal && !record_.black_token.empty();
    const bool w = w_equal && !record_.white_token.empty();
    if (h)
      role = Role::Hotseat;
    else if (b)
      role = Role::Black;
    else if (w)
      role = Role::White;
    else
      return fail("bad-token", "That token holds no seat at this table.");
  } else if (!watch) {
    return fail("bad-request", "A join needs a seat token, or \"watch\": true.");
  }
  const std::vector<Audience> seats = seatsOf(role);

  std::array<std::optional<int64_t>, kNumAudiences> last{};
  if (req.contains("last_version") && !req.at("last_version").is_null()) {
    const Json& lv = req.at("last_version");
    if (role != Role::Hotseat && lv.is_number_integer()) {
      last[static_cast<int>(seats[0])] = lv.get<int64_t>();
    } else if (role == Role::Hotseat && lv.is_object()) {
      for (const auto& [k, v] : lv.items()) {
        if (!v.is_number_integer() || (k != "black" && k != "white"))
          return fail("bad-request", "'last_version' must map black and white to versions.");
        last[k == "black" ? 0 : 1] = v.get<int64_t>();
      }
    } else {
      return fail("bad-request", role == Role::Hotseat
                                     ? "'last_version' must map black and white to versions."
                                     : "'last_version' must be an integer.");
    }
  }

  Subscriber sub;
  sub.peer = peer;
  sub.raw = peer.get();
  sub.role = role;
  Json seat_names = Json::array();
  for (Audience a : seats) seat_names.push_back(std::string(audienceName(a)));
  peer->send(makeFrame(Json{{"type", "joined"},
                            {"table", id_},
                            {"role", std::string(roleName(role))},
                            {"seats", seat_names},
                            {"info", buildInfo()}}));
  const int size = setup_.rules.size;
  for (Audience a : seats) {
    const int i = static_cast<int>(a);
    const auto& seen = referee_->seen(a);
    const int current = static_cast<int>(seen.size());
    if (last[i] && *last[i] >= 0 && *last[i] <= current) {
      for (int k = static_cast<int>(*last[i]); k < current; ++k)
        peer->send(eventFrame(a, k + 1, seen[static_cast<std::size_t>(k)], size));
    } else {
      peer->send(snapshotFrame(a, referee_->view(a)));
    }
    sub.sent[static_cast<std::size_t>(i)] = current;
  }
  subs_.push_back(std::move(sub));
  peer->joined();
  spdlog::info("table {}: {} joined ({})", id_, roleName(role), peer->label());

  if (role == Role::Black || role == Role::Hotseat) seat_joined_[0] = true;
  if (role == Role::White || role == Role::Hotseat) seat_joined_[1] = true;
  const bool was_started = started();
  maybeStart();
  if (clock_ && was_started == started()) peer->send(clockFrame(*clock_, nowMs()));
  broadcastPresence();
  updateInfo();
}

void Table::maybeStart() {
  if (started()) return;
  for (Color c : {Color::Black, Color::White})
    if (setup_.isHuman(c) && !seat_joined_[static_cast<std::size_t>(colorIndex(c))]) return;
  const int64_t now = nowMs();
  try {
    ctx_.store->markStarted(id_, now);
  } catch (const std::exception& e) {
    spdlog::error("table {}: could not store the start: {}", id_, e.what());
    return;
  }
  record_.started_at = now;
  spdlog::info("table {}: started", id_);
  if (clock_ && !referee_->over()) {
    clock_->start(referee_->toMove(), now);
    broadcast(clockFrame(*clock_, now));
    armTimer();
  }
  maybeBot();
}

void Table::doLeave(const Peer* peer) {
  const auto before = subs_.size();
  subs_.erase(
      std::remove_if(subs_.begin(), subs_.end(),
                     [&](const Subscriber& s) { return s.raw == peer || s.peer.expired(); }),
      subs_.end());
  if (subs_.size() != before) {
    spdlog::info("table {}: a connection left", id_);
    broadcastPresence();
    updateInfo();
  }
  if (subs_.empty() && referee_->over() && ctx_.on_idle) ctx_.on_idle(this);
}

// ---- Commands ----

void Table::doCommand(const std::shared_ptr<Peer>& peer, const Json& req) {
  auto fail = [&](std::string_view code, std::string_view message) {
    peer->send(errorFrame(code, message));
  };
  if (closed_) return;
  Subscriber* sub = findSub(peer.get());
  if (!sub) return fail("not-joined", "Join a table first.");
  if (sub->role == Role::Spectator) return fail("spectator", "Spectators cannot play.");
  const std::string type = req.value("type", "");

  Color color = Color::Empty;
  if (sub->role == Role::Black) color = Color::Black;
  if (sub->role == Role::White) color = Color::White;
  if (req.contains("seat")) {
    const Json& s = req.at("seat");
    const std::string name = s.is_string() ? s.get<std::string>() : "";
    if (name != "black" && name != "white")
      return fail("bad-request", "'seat' must be black or white.");
    const Color asked = name == "black" ? Color::Black : Color::White;
    if (sub->role != Role::Hotseat && asked != color)
      return fail("not-your-seat", "This connection does not hold that seat.");
    color = asked;
  }
  if (color == Color::Empty)  // hot seat: the player on turn
    color = referee_->toMove() == Color::Empty ? Color::Black : referee_->toMove();

  if (checkTime() && committing_) {
    // The clock ran out first: this command is answered once the loss on time is stored.
    held_.push_back([this, peer, req] { doCommand(peer, req); });
    return;
  }
  const std::size_t before = referee_->log().size();
  const int turn_before = referee_->turn();
  const int size = setup_.rules.size;
  const bool moving = type == "try" || type == "pass";
  if (moving && !referee_->over() && !started())
    return fail("not-started", "The game starts when every seat has joined.");

  Answer a;
  if (type == "try") {
    bool bad = false;
    const auto p = pointField(req, size, bad);
    if (bad) return fail("bad-request", "A try needs a point such as \"C3\".");
    if (!p) return fail(refusalCode(Refusal::OffBoard), refusalMessage(Refusal::OffBoard));
    a = referee_->tryPoint(color, *p);
  } else if (type == "pass") {
    a = referee_->pass(color);
  } else if (type == "resign") {
    a = referee_->resign(color);
  } else if (type == "mark") {
    bool bad = false;
    const auto p = pointField(req, size, bad);
    if (bad) return fail("bad-request", "A mark needs a point such as \"C3\".");
    if (!req.contains("set") || !req.at("set").is_boolean())
      return fail("bad-request", "A mark needs \"set\": true or false.");
    if (!p) return fail(refusalCode(Refusal::OffBoard), refusalMessage(Refusal::OffBoard));
    a = referee_->mark(color, *p, req.at("set").get<bool>());
  } else {
    return fail("unknown-command", "Unknown command.");
  }
  if (!a.accepted()) return fail(refusalCode(*a.refusal), refusalMessage(*a.refusal));
  commit(before, turn_before, peer);
}

void Table::commit(std::size_t before, int turn_before, const std::shared_ptr<Peer>& actor) {
  const std::vector<Event>& log = referee_->log();
  const int size = setup_.rules.size;
  const int64_t now = nowMs();
  std::vector<StoredEvent> rows;
  for (std::size_t i = before; i < log.size(); ++i)
    rows.push_back(StoredEvent{static_cast<int64_t>(i), now, eventToJson(log[i], size).dump()});
  std::optional<StoredEnd> end;
  if (referee_->over()) end = StoredEnd{now, resultToJson(referee_->result()).dump()};
  committing_ = true;
  ctx_.store->appendAsync(
      id_, std::move(rows), std::move(end),
      [self = shared_from_this(), before, turn_before, now, actor](std::exception_ptr error) {
        // Runs inline when the store answers at once on this strand (no group commit).
        net::dispatch(self->strand_, [self, before, turn_before, now, actor, error] {
          self->finishCommit(before, turn_before, now, actor, error);
        });
      });
}

void Table::finishCommit(std::size_t before, int turn_before, int64_t now,
                         const std::shared_ptr<Peer>& actor, std::exception_ptr error) {
  committing_ = false;
  const std::vector<Event>& log = referee_->log();
  if (error) {
    std::string what = "unknown error";
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    spdlog::error("table {}: could not store an event, rolled back: {}", id_, what);
    std::vector<Event> kept(log.begin(), log.begin() + static_cast<std::ptrdiff_t>(before));
    referee_.emplace(Referee::replay(setup_.rules, kept));
    if (actor)
      actor->send(errorFrame("store-failed",
                             "The server could not save this; nothing changed. Try again."));
    armTimer(1000);  // a loss on time that could not be stored is tried again
    maybeBot();      // and so is the computer's move
    releaseHeld();
    return;
  }
  bool public_event = false;
  for (std::size_t i = before; i < log.size(); ++i) public_event |= log[i].kind != EventKind::Mark;
  for (std::size_t i = before; i < log.size(); ++i) {
    event_at_.push_back(now);
    // Never the point of a try: only who, what, and the public outcome.
    const Event& e = log[i];
    if (e.kind == EventKind::Try)
      spdlog::info("table {}: {} try {}", id_, colorName(e.player), e.legal ? "legal" : "illegal");
    else
      spdlog::info("table {}: {} {}", id_, colorName(e.player), eventKindName(e.kind));
  }
  advanceClock(turn_before, now);
  flush();
  if (clock_ && public_event) broadcast(clockFrame(*clock_, now));
  updateInfo();
  if (referee_->over()) {
    const Result& r = referee_->result();
    spdlog::info("table {}: over, {} ({})", id_,
                 r.winner == Color::Empty ? "draw" : std::string(colorName(r.winner)) + " wins",
                 endReasonName(r.reason));
    ++timer_generation_;
    timer_.cancel();
    if (subs_.empty() && ctx_.on_idle) ctx_.on_idle(this);
  } else {
    armTimer();
    maybeBot();
  }
  releaseHeld();
}

void Table::releaseHeld() {
  // Each held input may start a commit of its own: the rest wait for that one in turn.
  while (!committing_ && !held_.empty()) {
    std::function<void()> f = std::move(held_.front());
    held_.pop_front();
    f();
  }
}

void Table::advanceClock(int turn_before, int64_t at) {
  if (!clock_) return;
  if (referee_->over())
    clock_->stop(at);
  else if (referee_->turn() != turn_before)
    clock_->switchTurn(at);
}

void Table::flush() {
  const int size = setup_.rules.size;
  std::map<std::pair<int, int>, Frame> made;  // (audience, index) -> frame, built once
  for (Subscriber& s : subs_) {
    const auto peer = s.peer.lock();
    if (!peer) continue;
    for (Audience a : seatsOf(s.role)) {
      const auto i = static_cast<std::size_t>(a);
      const auto& seen = referee_->seen(a);
      for (int k = s.sent[i]; k < static_cast<int>(seen.size()); ++k) {
        Frame& f = made[{static_cast<int>(a), k}];
        if (!f) f = eventFrame(a, k + 1, seen[static_cast<std::size_t>(k)], size);
        peer->send(f);
      }
      s.sent[i] = static_cast<int>(seen.size());
    }
  }
}

void Table::broadcast(const Frame& f) {
  for (const Subscriber& s : subs_)
    if (auto peer = s.peer.lock()) peer->send(f);
}

bool Table::seatConnected(Color c) const {
  if (!setup_.isHuman(c)) return true;
  for (const Subscriber& s : subs_) {
    if (s.peer.expired()) continue;
    if (s.role == Role::Hotseat) return true;
    if ((s.role == Role::Black && c == Color::Black) ||
        (s.role == Role::White && c == Color::White))
      return true;
  }
  return false;
}

void Table::broadcastPresence() {
  int spectators = 0;
  for (const Subscriber& s : subs_)
    if (s.role == Role::Spectator && !s.peer.expired()) ++spectators;
  broadcast(makeFrame(Json{{"type", "presence"},
                           {"black", seatConnected(Color::Black)},
                           {"white", seatConnected(Color::White)},
                           {"spectators", spectators}}));
}

// ---- The clock ----

void Table::armTimer(int64_t min_wait_ms) {
  ++timer_generation_;
  timer_.cancel();
  if (!clock_ || clock_->running() == Color::Empty || closed_) return;
  const int64_t wait = std::max(min_wait_ms, clock_->deadline() - nowMs() + 1);
  timer_.expires_after(std::chrono::milliseconds(wait));
  timer_.async_wait([self = shared_from_this(),
                     generation = timer_generation_](const boost::system::error_code& ec) {
    if (ec || generation != self->timer_generation_) return;
    self->runOrDefer([t = self.get(), generation] {
      // A commit that was in flight re-armed the timer: this wake-up is stale then.
      if (generation != t->timer_generation_ || !t->clock_) return;
      const bool expired = t->clock_->remaining(t->clock_->running(), nowMs()) <= 0;
      if (!t->checkTime()) t->armTimer(expired ? 1000 : 1);
    });
  });
}

bool Table::checkTime() {
  if (!clock_ || closed_ || referee_->over()) return false;
  const Color running = clock_->running();
  if (running == Color::Empty || clock_->remaining(running, nowMs()) > 0) return false;
  const std::size_t before = referee_->log().size();
  const int turn_before = referee_->turn();
  if (!referee_->timeout(running).accepted()) return false;
  commit(before, turn_before, nullptr);
  return true;
}

// ---- The computer player ----

double Table::botSeconds() const {
  // The strengths scale this budget themselves (ai/mc_player.cpp: easy uses a small part).
  double seconds = ctx_.settings->bot_seconds;
  if (clock_ && clock_->running() != Color::Empty) {
    const double left =
        static_cast<double>(clock_->remaining(setup_.computer->color, nowMs())) / 1000.0;
    seconds = std::min(seconds, std::max(0.01, left / 20.0));
  }
  return seconds;
}

void Table::maybeBot() {
  if (!bot_ || bot_busy_ || closed_ || referee_->over() || !started()) return;
  const Color c = setup_.computer->color;
  if (referee_->toMove() != c) return;
  bot_busy_ = true;
  broadcast(makeFrame(Json{{"type", "thinking"}, {"seat", std::string(colorName(c))}}));
  SearchLimits limits;
  limits.seconds = botSeconds();
  // The computer's only input is its seat's view, copied: it never sees the real board.
  net::post(*ctx_.bots, [self = shared_from_this(), view = referee_->view(audienceOf(c)), limits] {
    Action action = Action::pass();
    try {
      action = self->bot_->choose(view, limits);
    } catch (const std::exception& e) {
      spdlog::error("table {}: the computer player failed ({}); it passes", self->id_, e.what());
    }
    net::post(self->strand_, [self, action, version = view.version()] {
      self->runOrDefer([t = self.get(), action, version] { t->botDone(action, version); });
    });
  });
}

void Table::botDone(Action action, int version) {
  bot_busy_ = false;
  if (closed_) return;
  const Color c = setup_.computer->color;
  if (referee_->over() || referee_->toMove() != c || referee_->version(audienceOf(c)) != version) {
    maybeBot();  // the game moved on while it thought
    return;
  }
  if (checkTime()) return;
  const std::size_t before = referee_->log().size();
  const int turn_before = referee_->turn();
  Answer a;
  switch (action.kind) {
    case Action::Kind::Try:
      a = referee_->tryPoint(c, action.point);
      break;
    case Action::Kind::Pass:
      a = referee_->pass(c);
      break;
    case Action::Kind::Resign:
      a = referee_->resign(c);
      break;
  }
  if (!a.accepted()) {
    spdlog::warn("table {}: the computer's action was refused ({}); it passes", id_,
                 refusalCode(*a.refusal));
    a = referee_->pass(c);
  }
  commit(before, turn_before, nullptr);
}

// ---- Public information ----

Json Table::buildInfo() const {
  Json info = setupToJson(setup_);
  info["table"] = id_;
  Json seats = Json::object();
  for (Color c : {Color::Black, Color::White})
    seats[std::string(colorName(c))] =
        Json{{"player", setup_.isHuman(c) ? "human" : "computer"}, {"connected", seatConnected(c)}};
  info["seats"] = seats;
  int spectators = 0;
  for (const Subscriber& s : subs_)
    if (s.role == Role::Spectator && !s.peer.expired()) ++spectators;
  info["spectators"] = spectators;
  const bool over = referee_->over();
  info["state"] = over ? "over" : started() ? "playing" : "waiting";
  info["turn"] = referee_->turn();
  info["to_move"] = colorOrNull(referee_->toMove());
  info["result"] = over ? resultToJson(referee_->result()) : Json(nullptr);
  info["created_at"] = record_.created_at;
  return info;
}

void Table::updateInfo() {
  Json info = buildInfo();
  std::lock_guard lock(info_mutex_);
  info_ = std::move(info);
  info_over_ = referee_->over();
}

}  // namespace pg
