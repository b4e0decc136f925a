// Drives games through real WebSocket clients: one action, then every listener's event(s).
#pragma once

#include <random>

#include "server_harness.h"

namespace pg::test {

struct Listener {
  Client* client;
  std::string seat;
};

/// Sends `cmd` from `actor` and reads, for each listener in order, the event the action gave
/// that seat, and the end event after it when the action ended the game. Returns the first
/// event of each listener.
inline std::vector<Json> act(Client& actor, const Json& cmd, const std::vector<Listener>& ls) {
  EXPECT_TRUE(actor.send(cmd));
  std::vector<Json> out;
  for (const Listener& l : ls) {
    Json e = l.client->nextEvent(l.seat);
    out.push_back(e);
    if (e.is_null()) continue;
    if (e.at("event").at("to_move").is_null() && e.at("event").at("kind") != "end") {
      const Json end = l.client->nextEvent(l.seat);
      EXPECT_EQ(end.at("event").at("kind"), "end") << end.dump();
    }
  }
  return out;
}

/// A random try among the seat's candidates, or a pass with probability pass_p (or when none).
inline Json randomAction(const SeatTracker& t, std::mt19937& rng, double pass_p) {
  const auto options = t.candidates();
  std::uniform_real_distribution<double> u(0, 1);
  if (options.empty() || u(rng) < pass_p) return Json{{"type", "pass"}};
  std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
  return Json{{"type", "try"}, {"point", options[pick(rng)]}};
}

/// Plays random actions until the game is over (or max_actions). `movers` maps each human
/// seat to its client; `tracker_of` names the listener whose tracker knows the seat on turn.
inline int playOut(const std::map<std::string, Client*>& movers, const std::vector<Listener>& ls,
                   Client& observer, const std::string& observer_seat, std::mt19937& rng,
                   double pass_p, int max_actions = 5000) {
  int actions = 0;
  while (!observer.seat(observer_seat).over() && actions < max_actions) {
    const std::string on_turn = observer.seat(observer_seat).toMove();
    Client* mover = movers.at(on_turn);
    const Json cmd = randomAction(mover->seat(on_turn), rng, pass_p);
    Json with_seat = cmd;
    act(*mover, with_seat, ls);
    ++actions;
    if (::testing::Test::HasFailure()) break;
  }
  return actions;
}

/// An online table with both seats and a spectator joined, each on its own connection.
struct Online {
  Json table;
  std::unique_ptr<Client> black, white, spectator;
  std::vector<Listener> all() {
    return {{black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
  }
  std::map<std::string, Client*> movers() {
    return {{"black", black.get()}, {"white", white.get()}};
  }
  std::string id() const { return table.at("table").get<std::string>(); }
};

class OnlineTest : public ServerTest {
 protected:
  /// Creates the table from `req` and joins both seats and a spectator.
  Online online(const Json& req = Json{{"rules", Json{{"size", 5}}}}) {
    Online g;
    g.table = create(req);
    g.black = joinSeat(g.table, "black");
    g.white = joinSeat(g.table, "white");
    g.spectator = watch(g.table);
    return g;
  }
};

}  // namespace pg::test
