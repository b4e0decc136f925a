#include "abuse/honest.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "client/latency_probe.h"
#include "client/seat_tracker.h"
#include "client/ws_client.h"
#include "protocol/json.h"

namespace pg::abuse {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

/// Anything that makes the honest player's game fail: counted as an honest error.
struct HonestError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

double msSince(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

/// An exception's text without Boost's source location ("... [system:111 at ...]").
std::string shortWhat(const std::exception& e) {
  const std::string what = e.what();
  return what.substr(0, what.find(" [system:"));
}

/// POST /api/tables for an online table; the 201 answer's JSON, else HonestError.
Json createTable(const std::string& host, uint16_t port, const std::string& from, int size) {
  const Json req{{"mode", "online"}, {"rules", {{"size", size}}}};
  HttpResult r;
  try {
    r = httpRequest(host, port, "POST", "/api/tables", req.dump(), "application/json", {}, from);
  } catch (const std::exception& e) {
    throw HonestError("create: " + shortWhat(e));
  }
  if (r.status != 201)
    throw HonestError("create: status " + std::to_string(r.status) + " " + r.body.substr(0, 200));
  Json j = r.json();
  if (!j.is_object() || !j.contains("table") || !j.contains("seats") ||
      !j["seats"].contains("black") || !j["seats"].contains("white"))
    throw HonestError("create: unexpected answer " + r.body.substr(0, 200));
  return j;
}

std::unique_ptr<WsClient> connect(const std::string& host, uint16_t port, const std::string& from,
                                  const std::string& table) {
  try {
    return std::make_unique<WsClient>(host, port, "/ws?table=" + table, from);
  } catch (const std::exception& e) {
    throw HonestError("connect: " + shortWhat(e));
  }
}

/// Reads until the tracker folds a frame (a snapshot or an event of its seat) and returns its
/// arrival time. An error frame, a closed connection or no such frame within `timeout` throws.
Clock::time_point next(WsClient& c, SeatTracker& t, std::chrono::milliseconds timeout,
                       const std::string& what) {
  const auto deadline = Clock::now() + timeout;
  for (int i = 0; i < 100000; ++i) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) break;
    auto r = c.recv(left);
    if (!r) {
      if (c.closed()) throw HonestError(what + ": " + t.seat() + "'s connection closed");
      break;
    }
    const Json j = Json::parse(r->text, nullptr, false);
    if (!j.is_object()) throw HonestError(what + ": not JSON: " + r->text.substr(0, 200));
    const std::string type = j.value("type", "");
    if (type == "error") throw HonestError(what + ": error frame to " + t.seat() + ": " + r->text);
    if (type != "event" && type != "snapshot") continue;
    try {
      if (t.apply(j)) return r->at;
    } catch (const std::exception& e) {
      throw HonestError(what + ": " + e.what());
    }
  }
  throw HonestError(what + ": no answer to " + t.seat() + " within " +
                    std::to_string(timeout.count()) + " ms");
}

struct HonestStats {
  std::vector<double> ms;  ///< each action's time to the mover's answer
  long games = 0, tries = 0, passes = 0, resigns = 0, errors = 0;
  std::vector<std::string> samples;
};

/// One whole game between two connections of this address. Throws HonestError.
void playGame(const HonestOptions& o, std::mt19937_64& rng, HonestStats& st,
              Clock::time_point deadline) {
  const Json table = createTable(o.host, o.port, o.from, o.size);
  const std::string id = table.at("table").get<std::string>();
  const std::chrono::milliseconds timeout(o.timeout_ms);
  auto black = connect(o.host, o.port, o.from, id);
  auto white = connect(o.host, o.port, o.from, id);
  SeatTracker tb("black", o.size), tw("white", o.size);
  for (auto [client, tracker] : {std::pair{black.get(), &tb}, std::pair{white.get(), &tw}}) {
    const Json token = table.at("seats").at(tracker->seat()).at("token");
    if (!client->send(Json{{"type", "join"}, {"table", id}, {"token", token}}))
      throw HonestError("join: send failed");
    next(*client, *tracker, timeout, "join");  // its snapshot
  }
  std::uniform_real_distribution<double> think(0, 2 * o.think_ms), u(0, 1);
  int tries_this_turn = 0;
  const int max_actions = 8 * o.size * o.size + 8;  // far beyond a game of max_turns turns
  for (int action = 0; action < max_actions && !tb.over(); ++action) {
    std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(think(rng) * 1000)));
    const std::string on = tb.toMove();
    if (on != "black" && on != "white") throw HonestError("play: nobody on turn");
    const bool black_moves = on == "black";
    WsClient& mover = black_moves ? *black : *white;
    WsClient& other = black_moves ? *white : *black;
    SeatTracker& mt = black_moves ? tb : tw;
    SeatTracker& ot = black_moves ? tw : tb;
    const auto options = mt.candidates();
    const int turn = mt.turn();
    Json cmd;
    if (Clock::now() >= deadline) {
      cmd = Json{{"type", "resign"}};
      ++st.resigns;
    } else if (turn >= o.max_turns || options.empty() ||
               u(rng) < 0.02 + 0.01 * static_cast<double>(tries_this_turn)) {
      cmd = Json{{"type", "pass"}};
      ++st.passes;
    } else {
      std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
      cmd = Json{{"type", "try"}, {"point", options[pick(rng)]}};
      ++st.tries;
    }
    const auto sent = Clock::now();
    if (!mover.send(cmd)) throw HonestError("play: send failed");
    const auto answered = next(mover, mt, timeout, "answer to " + cmd.dump());
    st.ms.push_back(msSince(sent, answered));
    next(other, ot, timeout, "opponent's event");
    if (mt.toMove().empty() && !mt.over()) {  // the game ended: the end event follows
      next(mover, mt, timeout, "end");
      next(other, ot, timeout, "end");
    }
    tries_this_turn = mt.turn() == turn ? tries_this_turn + 1 : 0;
  }
  if (!tb.over() || !tw.over()) throw HonestError("play: the game did not end");
  ++st.games;
}

}  // namespace

int runHonest(const HonestOptions& o) {
  std::mt19937_64 rng(o.seed);
  HonestStats st;
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::milliseconds(static_cast<long>(o.seconds * 1000));
  for (int game = 0; game < 100000 && Clock::now() < deadline; ++game) {
    try {
      playGame(o, rng, st, deadline);
    } catch (const HonestError& e) {
      ++st.errors;
      if (st.samples.size() < 10) st.samples.push_back(e.what());
      std::this_thread::sleep_for(200ms);
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const bool timed = !st.ms.empty();
  const double p50 = timed ? quantile(st.ms, 0.5) : 0, p90 = timed ? quantile(st.ms, 0.9) : 0,
               p99 = timed ? quantile(st.ms, 0.99) : 0,
               max = timed ? *std::max_element(st.ms.begin(), st.ms.end()) : 0;
  std::string verdict = "ok";
  if (st.errors > 0)
    verdict = "errors";
  else if (!timed)
    verdict = "nothing timed";
  else if (p99 >= o.p99_limit_ms)
    verdict = "p99 at or above the limit";
  if (o.json) {
    Json j{{"seconds", seconds},  {"games", st.games},     {"tries", st.tries},
           {"passes", st.passes}, {"resigns", st.resigns}, {"actions", st.ms.size()},
           {"p50_ms", p50},       {"p90_ms", p90},         {"p99_ms", p99},
           {"max_ms", max},       {"errors", st.errors},   {"error_samples", st.samples},
           {"verdict", verdict}};
    std::printf("%s\n", j.dump().c_str());
  } else {
    std::printf("honest: seconds %.1f\n", seconds);
    std::printf("honest: games %ld\n", st.games);
    std::printf("honest: tries %ld (and %ld passes, %ld resignations)\n", st.tries, st.passes,
                st.resigns);
    std::printf("honest: answer ms p50 %.2f p90 %.2f p99 %.2f max %.2f (%zu actions)\n", p50, p90,
                p99, max, st.ms.size());
    std::printf("honest: errors %ld\n", st.errors);
    for (const auto& e : st.samples) std::printf("honest: error: %s\n", e.c_str());
    std::printf("honest: %s\n", verdict.c_str());
  }
  std::fflush(stdout);
  return verdict == "ok" ? 0 : 1;
}

int runProbe(const ProbeOptions& o) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::milliseconds(o.timeout_ms);
  std::string last_error = "no attempt";
  int attempts = 0;
  for (; attempts < 100000 && Clock::now() < deadline;) {
    ++attempts;
    try {
      const Json table = createTable(o.host, o.port, o.from, 9);
      const std::string id = table.at("table").get<std::string>();
      auto c = connect(o.host, o.port, o.from, id);
      SeatTracker t("black", 9);
      const Json token = table.at("seats").at("black").at("token");
      if (!c->send(Json{{"type", "join"}, {"table", id}, {"token", token}}))
        throw HonestError("join: send failed");
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      next(*c, t, std::max(left, std::chrono::milliseconds(1)), "join");
      const double ms = msSince(start, Clock::now());
      if (ms > o.timeout_ms) break;
      if (o.json)
        std::printf("%s\n", Json{{"ms", ms}, {"attempts", attempts}, {"ok", true}}.dump().c_str());
      else
        std::printf("probe: served after %.0f ms (%d attempts)\n", ms, attempts);
      std::fflush(stdout);
      return 0;
    } catch (const std::exception& e) {
      last_error = e.what();
    }
    std::this_thread::sleep_for(20ms);
  }
  const double ms = msSince(start, Clock::now());
  if (o.json)
    std::printf("%s\n",
                Json{{"ms", ms}, {"attempts", attempts}, {"ok", false}, {"error", last_error}}
                    .dump()
                    .c_str());
  else
    std::printf("probe: not served within %d ms (%d attempts; last: %s)\n", o.timeout_ms, attempts,
                last_error.c_str());
  std::fflush(stdout);
  return 1;
}

}  // namespace pg::abuse
