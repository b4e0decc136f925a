// pg_load: drives a running `phantomgo serve` over loopback like many real clients, and a bare
// Boost.Beast WebSocket echo beside it for comparison (docs/reliability.md).
//
// N tables play at once, each with two WebSocket clients (Black and White). The player on turn
// picks a random try from its own view (its own stones and this turn's tries excluded, so many
// tries are rejected as illegal), sometimes passes, until the game ends; then the table starts a
// new game. Each action is timed from the moment it is sent until both players have their
// answer. Optionally M idle tables stay connected without playing. With --survive, clients
// reconnect after the server dies and resume with last_version; an event a client had seen
// that the server no longer has (a snapshot answering a resume, or an own stone missing from
// the reveal) is counted as a lost event. With --computer, K more tables play against the
// server's computer player (computer_table.h); their figures are reported apart, so the
// latency above stays the human tables' own: how the computer's thinking affects the others.
//
// Single-threaded (one io_context): the client side costs as little CPU as possible.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "client/seat_tracker.h"
#include "load/computer_table.h"
#include "load/conn.h"
#include "load/options.h"
#include "load/pause.h"
#include "protocol/json.h"

namespace {

using namespace pg::load;  // NOLINT(google-build-using-namespace): the tool's own pieces
using pg::Json;
using pg::SeatTracker;

struct Stats {
  std::vector<double> lat_ms;
  long tries = 0, illegal = 0, passes = 0, games = 0, errors = 0, lost = 0, reconnects = 0;
  long resumed = 0;
  long moved = 0;        // joins answered table-elsewhere (a cluster moving the table): retried
  long unavailable = 0;  // joins and tries answered store-failed (database away): retried
  /// --survive: creations refused (the database away, a node stopping), retried; the first
  /// few with when (ms since the Unix epoch) and why.
  long creations_refused = 0;
  std::vector<std::pair<int64_t, std::string>> refusals;
  /// Per reconnect: when the seat lost its connection (ms since the Unix epoch) and how long
  /// until it was joined again (ms): how long its table was unreachable.
  std::vector<std::pair<int64_t, double>> outages;
  std::vector<std::string> samples;
  void error(const std::string& what) {
    ++errors;
    if (samples.size() < 20) samples.push_back(what);
  }
};

long rssKiB(int pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

/// A table: creates games over HTTP, connects its two seats, plays.
class Table : public ConnOwner {
 public:
  Table(net::io_context& io, const Options& o, Stats& s, uint64_t seed, bool idle)
      : io_(io), o_(o), st_(s), rng_(seed), timer_(io), watchdog_(io), idle_(idle) {}

  void begin() { create(); }
  /// Both seats joined and each has its snapshot (a "joined" frame comes before it).
  bool ready() const {
    return joined_[0] && joined_[1] && trackers_[0]->synced() && trackers_[1]->synced();
  }
  /// What the table is doing, for the progress lines: a playing table is always waiting for
  /// an answer or thinking; "stalled" would be a bug (of this tool or of the server).
  const char* state() const {
    if (idle_) return "idle";
    if (finishing_ || !trackers_[0] || !trackers_[1]) return "creating";
    if (!ready()) return "joining";
    if (pending_) return "answering";
    if (scheduled_) return "thinking";
    if (trackers_[0]->over() || trackers_[1]->over()) return "ending";
    return "stalled";
  }
  void stopPlaying() { stopping_ = true; }
  /// Seats that lost their connection and are not joined again.
  int unreachable() const { return static_cast<int>(lost_[0]) + static_cast<int>(lost_[1]); }

  void onMessage(int gen, int seat, const std::string& text) override {
    if (gen != gen_) return;
    const Json m = Json::parse(text, nullptr, false);
    const std::string type = m.value("type", "");
    if (type == "error" && o_.survive && m.value("code", "") == "table-elsewhere") {
      st_.moved++;  // the server closes the connection next; onClosed reconnects
      return;
    }
    if (type == "error" && o_.survive && m.value("code", "") == "store-failed") {
      // The node has no database (a failover, a lease about to lapse). A join: the server
      // closes the connection next and onClosed reconnects. A try: it was not stored (nothing
      // was announced), so it is sent again after a pause, or after the reconnect.
      st_.unavailable++;
      if (joined_[seat] && pending_) {
        pending_ = false;
        schedule();
      }
      return;
    }
    if (type == "error") {
      st_.error("error frame: " + text + " " + describe(seat));
      pending_ = false;
      schedule();
      return;
    }
    if (type == "joined") return;
    if (type == "snapshot" && resuming_[seat]) {
      // A resume must get events, never a snapshot (unless nothing was missed and the server
      // lost nothing: then it answers with no events at all).
      st_.lost++;
      st_.error("a resume was answered with a snapshot (events lost?)");
    }
    if (type == "presence" && trackers_[seat]) {
      if (!joined_[seat]) {
        joined_[seat] = true;
        if (lost_[seat]) {
          st_.outages.emplace_back(
              lost_wall_[seat],
              std::chrono::duration<double, std::milli>(Clock::now() - lost_at_[seat]).count());
          lost_[seat] = false;
        }
        if (resuming_[seat]) st_.resumed++;
        resuming_[seat] = false;
      }
      schedule();
      return;
    }
    if (type != "snapshot" && type != "event") return;
    try {
      trackers_[seat]->apply(m);
    } catch (const std::exception& e) {
      st_.lost++;
      st_.error(std::string("version gap: ") + e.what());
    }
    if (type == "event" && m.at("event").at("kind") == "end") {
      // The seat's own stones, as it saw them, must be the real ones of its colour.
      const Json& stones = m.at("event").at("reveal").at("stones").at(seatName(seat));
      std::set<std::string> real;
      for (const Json& p : stones) real.insert(p.get<std::string>());
      if (real != trackers_[seat]->ownStones()) {
        st_.lost++;
        st_.error("a seat's board differs from the revealed one");
      }
    }
    if (pending_ && trackers_[0]->version() > sent_v_[0] && trackers_[1]->version() > sent_v_[1]) {
      pending_ = false;
      st_.lat_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
    }
    schedule();
  }

  void onClosed(int gen, int seat) override {
    if (gen != gen_ || finishing_) return;
    joined_[seat] = false;
    pending_ = false;
    if (!o_.survive) {
      st_.error("connection lost");
      restart();
      return;
    }
    st_.reconnects++;
    if (!lost_[seat]) {
      lost_[seat] = true;
      lost_at_[seat] = Clock::now();
      lost_wall_[seat] = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
    }
    reconnect(seat, 200);
  }

 private:
  static std::string seatName(int seat) { return seat == 0 ? "black" : "white"; }
  /// The client's state, for an error's sample: who was answered, what each seat believed.
  std::string describe(int seat) const {
    std::string d = "[to " + seatName(seat) + "; last sent by " + seatName(last_sender_) + ": " +
                    last_sent_ + "; sent at versions " + std::to_string(sent_v_[0]) + "/" +
                    std::to_string(sent_v_[1]);
    for (int s = 0; s < 2; ++s) {
      if (!trackers_[s]) continue;
      d += "; " + seatName(s) + " v" + std::to_string(trackers_[s]->version()) + " to move " +
           trackers_[s]->toMove() + (joined_[s] ? "" : " (not joined)") +
           (resuming_[s] ? " (resuming)" : "");
    }
    return d + "]";
  }
  tcp::endpoint ep() const { return {net::ip::make_address(o_.host), o_.port}; }

  void create() {
    ++gen_;
    finishing_ = false;
    joined_ = {false, false};
    resuming_ = {false, false};
    pending_ = false;
    trackers_[0].reset();
    trackers_[1].reset();
    const int gen = gen_;
    auto retry = [this, gen](const std::string& why) {
      if (gen != gen_) return;
      if (!o_.survive) {
        st_.error("create: " + why);
      } else {
        st_.creations_refused++;
        if (st_.refusals.size() < 5)
          st_.refusals.emplace_back(std::chrono::duration_cast<std::chrono::milliseconds>(
                                        std::chrono::system_clock::now().time_since_epoch())
                                        .count(),
                                    why);
      }
      pause(timer_, std::chrono::milliseconds(200), gen_, [this](bool on_time) {
        if (on_time) create();
      });
    };
    postJson(io_, o_, "/api/tables", Json{{"rules", {{"size", o_.size}}}}.dump(),
             [this, retry](const std::string& error, unsigned status, const std::string& body) {
               if (!error.empty()) return retry(error);
               if (status != 201)
                 return retry("status " + std::to_string(status) + " " + body.substr(0, 120));
               const Json j = Json::parse(body, nullptr, false);
               id_ = j.at("table").get<std::string>();
               tokens_[0] = j.at("seats").at("black").at("token").get<std::string>();
               tokens_[1] = j.at("seats").at("white").at("token").get<std::string>();
               for (int s = 0; s < 2; ++s) {
                 trackers_[s] = std::make_unique<SeatTracker>(seatName(s), o_.size);
                 connect(s, false);
               }
             });
  }

  void connect(int seat, bool resume) {
    // Before its first snapshot a seat has nothing to resume from: the server would answer
    // last_version 0 on a table at version 0 with nothing, and the seat would never learn who
    // is on turn (reliability problem 4). It joins afresh and gets its snapshot.
    resuming_[seat] = resume && trackers_[seat]->synced();
    Json j{{"type", "join"}, {"table", id_}, {"token", tokens_[seat]}};
    if (resuming_[seat]) j["last_version"] = trackers_[seat]->version();
    conns_[seat] = std::make_shared<Conn>(io_, this, gen_, seat, o_.survive);
    conns_[seat]->start(ep(), "/ws?table=" + id_, j.dump());
  }

  void reconnect(int seat, int ms) {
    auto t = std::make_shared<net::steady_timer>(io_, std::chrono::milliseconds(ms));
    const int gen = gen_;
    t->async_wait([this, t, seat, gen](beast::error_code) {
      if (gen == gen_) connect(seat, true);
    });
  }

  void restart() {
    finishing_ = true;
    for (auto& c : conns_)
      if (c) c->close();
    if (stopping_) return;
    create();
  }

  void schedule() {
    if (idle_ || pending_ || scheduled_ || !ready() || finishing_) return;
    if (trackers_[0]->over() || trackers_[1]->over()) {
      if (trackers_[0]->over() && trackers_[1]->over()) {
        st_.games++;
        restart();
      }
      return;
    }
    if (stopping_) return;
    scheduled_ = true;
    pause(timer_, thinkPause(rng_, o_.think_ms), gen_, [this](bool on_time) {
      scheduled_ = false;
      if (on_time) act();
    });
  }

  void act() {
    if (pending_ || !ready() || finishing_) return;
    // The end reached both seats while this table was thinking: schedule() starts a new game.
    if (trackers_[0]->over() || trackers_[1]->over()) return schedule();
    const std::string on = trackers_[0]->toMove();
    if (on != "black" && on != "white") return;  // not known: never a guess
    const int s = on == "black" ? 0 : 1;
    const SeatTracker& t = *trackers_[s];
    const auto options = t.candidates();
    std::uniform_real_distribution<double> u(0, 1);
    Json cmd;
    if (options.empty() || u(rng_) < 0.02 + 0.01 * static_cast<double>(tries_this_turn_)) {
      cmd = Json{{"type", "pass"}};
      st_.passes++;
      tries_this_turn_ = 0;
    } else {
      std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
      cmd = Json{{"type", "try"}, {"point", options[pick(rng_)]}};
      st_.tries++;
      ++tries_this_turn_;
    }
    sent_v_ = {trackers_[0]->version(), trackers_[1]->version()};
    sent_at_ = Clock::now();
    pending_ = true;
    last_sender_ = s;
    last_sent_ = cmd.dump();
    conns_[s]->send(last_sent_);
    const int gen = gen_;
    const int v0 = sent_v_[0], v1 = sent_v_[1];
    watchdog_.expires_after(std::chrono::milliseconds(static_cast<long>(o_.timeout_s * 1000)));
    watchdog_.async_wait([this, gen, v0, v1](beast::error_code ec) {
      if (ec || gen != gen_ || !pending_ || sent_v_[0] != v0 || sent_v_[1] != v1) return;
      if (!o_.survive) {
        st_.error("no answer within the timeout");
        restart();
      } else {
        pending_ = false;  // the server may be down: the reconnects take over
      }
    });
  }

  net::io_context& io_;
  const Options& o_;
  Stats& st_;
  std::mt19937_64 rng_;
  net::steady_timer timer_, watchdog_;
  bool idle_;
  int gen_ = 0;
  std::string id_;
  std::array<std::string, 2> tokens_;
  std::array<std::shared_ptr<Conn>, 2> conns_;
  std::array<std::unique_ptr<SeatTracker>, 2> trackers_;
  std::array<bool, 2> joined_{}, resuming_{};
  std::array<bool, 2> lost_{};  // the seat lost its connection and has not joined again
  std::array<Clock::time_point, 2> lost_at_{};
  std::array<int64_t, 2> lost_wall_{};
  std::array<int, 2> sent_v_{};
  Clock::time_point sent_at_;
  bool pending_ = false, scheduled_ = false, finishing_ = false, stopping_ = false;
  int tries_this_turn_ = 0;
  int last_sender_ = 0;
  std::string last_sent_;
};

// ---- The echo baseline: a bare Beast WebSocket server that sends back every frame ----

class EchoSession : public std::enable_shared_from_this<EchoSession> {
 public:
  explicit EchoSession(tcp::socket s) : ws_(std::move(s)) {}
  void run() {
    ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read();
    });
  }

 private:
  void read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->ws_.text(true);
      self->ws_.async_write(self->buf_.data(), [self](beast::error_code ec2, std::size_t) {
        if (ec2) return;
        self->buf_.consume(self->buf_.size());
        self->read();
      });
    });
  }
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_;
};

struct EchoServer {
  net::io_context io{1};
  tcp::acceptor acc{io, {net::ip::make_address("127.0.0.1"), 0}};
  std::thread th;
  EchoServer() {
    accept();
    th = std::thread([this] { io.run(); });
  }
  ~EchoServer() {
    io.stop();
    th.join();
  }
  uint16_t port() const { return acc.local_endpoint().port(); }
  void accept() {
    acc.async_accept([this](beast::error_code ec, tcp::socket s) {
      if (!ec) std::make_shared<EchoSession>(std::move(s))->run();
      accept();
    });
  }
};

/// One echo client: send a frame of a game answer's size, wait for it, think, again.
class EchoClient : public std::enable_shared_from_this<EchoClient> {
 public:
  EchoClient(net::io_context& io, const Options& o, std::vector<double>& lat, uint64_t seed)
      : ws_(io), timer_(io), o_(o), lat_(lat), rng_(seed) {}
  void start(uint16_t port) {
    auto self = shared_from_this();
    tcp::endpoint ep(net::ip::make_address("127.0.0.1"), port);
    beast::get_lowest_layer(ws_).async_connect(ep, [this, self](beast::error_code ec) {
      if (ec) return;
      ws_.async_handshake("127.0.0.1", "/", [this, self](beast::error_code ec2) {
        if (!ec2) next();
      });
    });
  }
  bool stop = false;

 private:
  void next() {
    if (stop) return;
    std::uniform_real_distribution<double> u(0, 2 * o_.think_ms);
    timer_.expires_after(std::chrono::microseconds(static_cast<long>(u(rng_) * 1000)));
    timer_.async_wait([this, self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      // About the size of a try and of its answer.
      msg_ =
          R"({"type":"event","seat":"black","version":12,"event":{"kind":"illegal","player":"black","point":"C3","turn":7,"to_move":"black"}})";
      t0_ = Clock::now();
      ws_.text(true);
      ws_.async_write(net::buffer(msg_), [this, self](beast::error_code ec2, std::size_t) {
        if (ec2) return;
        ws_.async_read(buf_, [this, self](beast::error_code ec3, std::size_t) {
          if (ec3) return;
          buf_.consume(buf_.size());
          lat_.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0_).count());
          next();
        });
      });
    });
  }
  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  const Options& o_;
  std::vector<double>& lat_;
  std::mt19937_64 rng_;
  beast::flat_buffer buf_;
  std::string msg_;
  Clock::time_point t0_;
};

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"pg_load: many tables of random Phantom Go games against a running server"};
  app.add_option("--host", o.host)->capture_default_str();
  app.add_option("--port", o.port, "the server's port")->capture_default_str();
  app.add_option("--tables", o.tables, "tables playing at once")->capture_default_str();
  app.add_option("--idle", o.idle, "extra tables that join and stay connected without playing")
      ->capture_default_str();
  app.add_option("--computer", o.computer,
                 "extra tables against the computer (it plays White, a client Black), counted "
                 "apart from the others")
      ->capture_default_str();
  app.add_option("--level", o.level, "the computer's strength at those tables")
      ->capture_default_str();
  app.add_option("--seconds", o.seconds, "duration of the measured run")->capture_default_str();
  app.add_option("--size", o.size, "board size")->capture_default_str();
  app.add_option("--think-ms", o.think_ms, "mean pause before each action (uniform 0..2x)")
      ->capture_default_str();
  app.add_option("--seed", o.seed)->capture_default_str();
  app.add_option("--server-pid", o.server_pid, "the server's pid, for its resident memory");
  app.add_flag("--echo", o.echo, "also run a bare Beast WebSocket echo with the same clients");
  app.add_flag("--survive", o.survive,
               "reconnect when the server dies and resume (for tools/crash_test.sh)");
  app.add_option("--timeout", o.timeout_s, "seconds before an unanswered action is an error")
      ->capture_default_str();
  app.add_option("--json", o.json_out, "write the figures to this file as JSON");
  app.add_option("--marks", o.marks,
                 "a file of times (ms since the Unix epoch, one per line: the kills of "
                 "tools/cluster_test.sh), read at the end; each lost connection is counted "
                 "against the latest mark before it");
  CLI11_PARSE(app, argc, argv);

  net::io_context io(1);
  Stats st;
  ComputerStats cst;
  const long rss0 = o.server_pid ? rssKiB(o.server_pid) : -1;
  std::vector<std::unique_ptr<Table>> tables;
  // Connect in small batches so the accept queue never overflows.
  const int total = o.tables + o.idle;
  for (int i = 0; i < total; ++i) {
    tables.push_back(std::make_unique<Table>(io, o, st, o.seed * 1000003 + static_cast<uint64_t>(i),
                                             i >= o.tables));
    tables.back()->begin();
    if (i % 50 == 49) io.run_for(std::chrono::milliseconds(50));
  }
  std::vector<std::unique_ptr<ComputerTable>> computer;
  for (int i = 0; i < o.computer; ++i) {
    computer.push_back(std::make_unique<ComputerTable>(
        io, o, cst, o.seed * 1000003 + static_cast<uint64_t>(total + i)));
    computer.back()->begin();
    if (i % 50 == 49) io.run_for(std::chrono::milliseconds(50));
  }
  const auto t_join0 = Clock::now();
  while (true) {
    io.run_for(std::chrono::milliseconds(100));
    int ready = 0;
    for (auto& t : tables) ready += t->ready();
    for (auto& t : computer) ready += t->ready();
    if (ready == total + o.computer) break;
    if (Clock::now() - t_join0 > std::chrono::seconds(120)) {
      std::fprintf(stderr, "only %d of %d tables joined in 120 s\n", ready, total + o.computer);
      break;
    }
  }
  const double join_s = std::chrono::duration<double>(Clock::now() - t_join0).count();
  const long rss_joined = o.server_pid ? rssKiB(o.server_pid) : -1;
  // "N tables joined in" is what tools/cluster_test.sh waits for.
  std::fprintf(stderr,
               "%d tables joined in %.1f s (+%d against the computer); playing for %.0f s\n", total,
               join_s, o.computer, o.seconds);

  // The measured run. Samples from the joining phase are dropped.
  st.lat_ms.clear();
  st.tries = st.passes = st.games = 0;
  cst.reset();
  const auto t0 = Clock::now();
  long rss_max = rss_joined;
  auto next_report = t0 + std::chrono::seconds(30);
  std::size_t reported = 0;
  while (Clock::now() - t0 < std::chrono::duration<double>(o.seconds)) {
    io.run_for(std::chrono::milliseconds(500));
    if (o.server_pid) rss_max = std::max(rss_max, rssKiB(o.server_pid));
    if (Clock::now() >= next_report) {
      // Progress every 30 s: the pace of the last period and what the tables are doing.
      std::map<std::string, int> states;
      for (auto& t : tables) states[t->state()]++;
      std::string line;
      for (const auto& [k, v] : states) line += " " + k + " " + std::to_string(v);
      std::fprintf(stderr, "%4.0f s: %.1f actions/s, %ld games, errors %ld;%s\n",
                   std::chrono::duration<double>(Clock::now() - t0).count(),
                   static_cast<double>(st.lat_ms.size() - reported) / 30.0, st.games, st.errors,
                   line.c_str());
      if (o.computer > 0)
        std::fprintf(stderr, "       against the computer: %ld games, %ld answers, errors %ld\n",
                     cst.games, cst.moves, cst.errors);
      reported = st.lat_ms.size();
      next_report += std::chrono::seconds(30);
    }
  }
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  int unreachable = 0;
  for (auto& t : tables) unreachable += t->unreachable();
  if (unreachable > 0) st.error(std::to_string(unreachable) + " seats unreachable at the end");
  const std::vector<double> lat = st.lat_ms;
  const long games = st.games, tries = st.tries, passes = st.passes;
  const ComputerStats cfig = cst;
  for (auto& t : tables) t->stopPlaying();
  for (auto& t : computer) t->stopPlaying();
  io.run_for(std::chrono::milliseconds(200));

  std::vector<double> echo_lat;
  if (o.echo) {
    EchoServer echo;
    net::io_context eio(1);  // before the clients: their sockets must go first
    std::vector<std::shared_ptr<EchoClient>> clients;
    for (int i = 0; i < o.tables; ++i) {
      clients.push_back(
          std::make_shared<EchoClient>(eio, o, echo_lat, o.seed + static_cast<uint64_t>(i)));
      clients.back()->start(echo.port());
      if (i % 50 == 49) eio.run_for(std::chrono::milliseconds(20));
    }
    eio.run_for(std::chrono::milliseconds(static_cast<long>(std::min(o.seconds, 30.0) * 1000)));
    for (auto& c : clients) c->stop = true;
    eio.stop();
  }

  const double p50 = quantile(lat, 0.5), p99 = quantile(lat, 0.99);
  const double mx = lat.empty() ? 0 : *std::max_element(lat.begin(), lat.end());
  std::printf(
      "tables %d (+%d idle), think %.0f ms, %.0f s: %ld games (%.2f/s), %ld actions (%.1f/s; %ld "
      "tries, %ld passes)\n",
      o.tables, o.idle, o.think_ms, secs, games, games / secs, static_cast<long>(lat.size()),
      static_cast<double>(lat.size()) / secs, tries, passes);
  std::printf("try sent -> both answers (ms): median %.3f  p99 %.3f  max %.3f\n", p50, p99, mx);
  std::printf(
      "errors %ld, lost events %ld, reconnects %ld, resumes %ld, moved %ld, joins and tries "
      "while the database was away %ld\n",
      st.errors, st.lost, st.reconnects, st.resumed, st.moved, st.unavailable);
  if (st.creations_refused > 0) {
    std::printf("creations refused %ld (retried)\n", st.creations_refused);
    for (const auto& [at, why] : st.refusals)
      std::printf("  refused at %lld: %s\n", static_cast<long long>(at), why.c_str());
  }
  if (!o.marks.empty()) {
    std::ifstream f(o.marks);
    std::vector<int64_t> marks;
    for (int64_t t; f >> t;) marks.push_back(t);
    std::sort(marks.begin(), marks.end());
    for (std::size_t k = 0; k < marks.size(); ++k) {
      std::vector<double> gaps;
      for (const auto& [at, ms] : st.outages)
        if (at >= marks[k] && (k + 1 == marks.size() || at < marks[k + 1])) gaps.push_back(ms);
      std::printf(
          "mark %zu: %zu seats lost their connection; unreachable median %.0f ms, max %.0f ms\n",
          k + 1, gaps.size(), quantile(gaps, 0.5),
          gaps.empty() ? 0.0 : *std::max_element(gaps.begin(), gaps.end()));
    }
  }
  if (!st.outages.empty()) {
    std::vector<double> gaps;
    for (const auto& [at, ms] : st.outages) gaps.push_back(ms);
    std::printf("unreachable after a lost connection (ms): median %.0f  p99 %.0f  max %.0f\n",
                quantile(gaps, 0.5), quantile(gaps, 0.99),
                *std::max_element(gaps.begin(), gaps.end()));
  }
  for (const auto& s : st.samples) std::printf("  error: %s\n", s.c_str());
  const double c50 = quantile(cfig.answer_ms, 0.5), c99 = quantile(cfig.answer_ms, 0.99);
  if (o.computer > 0) {
    // Apart from the figures above, which are the human tables' only.
    std::printf(
        "against the computer (%s), %d tables: %ld games, the client's %ld actions, the "
        "computer's %ld turns (%ld tries rejected on the way), errors %ld\n",
        o.level.c_str(), o.computer, cfig.games, cfig.actions, cfig.moves, cfig.rejected,
        cfig.errors);
    std::printf("client's stone or pass -> the computer's turn over (ms): median %.1f  p99 %.1f\n",
                c50, c99);
    for (const auto& s : cfig.samples) std::printf("  computer table error: %s\n", s.c_str());
  }
  if (o.server_pid)
    std::printf(
        "server RSS: %ld KiB at start, %ld KiB with %d tables joined (%.1f KiB per table), max %ld "
        "KiB\n",
        rss0, rss_joined, total, total ? static_cast<double>(rss_joined - rss0) / total : 0.0,
        rss_max);
  double e50 = 0, e99 = 0;
  if (o.echo) {
    e50 = quantile(echo_lat, 0.5);
    e99 = quantile(echo_lat, 0.99);
    std::printf(
        "echo (%zu round trips, same clients and pace): median %.3f ms  p99 %.3f ms; game/echo: "
        "median x%.2f  p99 x%.2f\n",
        echo_lat.size(), e50, e99, e50 > 0 ? p50 / e50 : 0.0, e99 > 0 ? p99 / e99 : 0.0);
  }
  if (!o.json_out.empty()) {
    Json j{{"tables", o.tables},
           {"idle", o.idle},
           {"think_ms", o.think_ms},
           {"seconds", secs},
           {"games", games},
           {"actions", lat.size()},
           {"median_ms", p50},
           {"p99_ms", p99},
           {"max_ms", mx},
           {"errors", st.errors},
           {"lost", st.lost},
           {"reconnects", st.reconnects},
           {"rss_start_kib", rss0},
           {"rss_joined_kib", rss_joined},
           {"rss_max_kib", rss_max},
           {"echo_median_ms", e50},
           {"echo_p99_ms", e99},
           {"moved", st.moved},
           {"unavailable", st.unavailable},
           {"creations_refused", st.creations_refused},
           {"computer",
            {{"tables", o.computer},
             {"level", o.level},
             {"games", cfig.games},
             {"actions", cfig.actions},
             {"moves", cfig.moves},
             {"rejected", cfig.rejected},
             {"answer_median_ms", c50},
             {"answer_p99_ms", c99},
             {"errors", cfig.errors}}}};
    Json outages = Json::array();
    for (const auto& [at, ms] : st.outages) outages.push_back(Json::array({at, ms}));
    j["outages"] = outages;
    std::ofstream(o.json_out) << j.dump() << "\n";
  }
  return st.errors == 0 && st.lost == 0 && cfig.errors == 0 ? 0 : 1;
}
