// The server is killed with SIGKILL in the middle of games and restarted on the same file:
// every event any client had received is there, clocks and the computer go on, play continues.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include "game_driver.h"

namespace pg::test {
namespace {

/// A server in a child process (fork before any thread of this process exists, so the child
/// may start its own).
class ChildServer {
 public:
  explicit ChildServer(const ServerSettings& s) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::close(fds[0]);
      int code = 0;
      try {
        Server server(s);
        const uint16_t port = server.start();
        if (::write(fds[1], &port, sizeof port) != sizeof port) ::_exit(3);
        server.wait();  // until killed
      } catch (...) {
        code = 2;
      }
      ::_exit(code);
    }
    ::close(fds[1]);
    if (::read(fds[0], &port_, sizeof port_) != sizeof port_) port_ = 0;
    ::close(fds[0]);
  }
  ~ChildServer() { kill(); }
  void kill() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

class RestartTest : public ServerTest {
 protected:
  void SetUp() override {
    spdlog::set_level(spdlog::level::warn);
    settings_ = testSettings(dir_);
    settings_.durability = Durability::Full;  // the default of `phantomgo serve`
  }
  void useChild(ChildServer& child) { port_ = child.port(); }
};

Json snapshotOf(Client& c) {
  for (const Json& m : c.received())
    if (m.value("type", "") == "snapshot") return m;
  return nullptr;
}

TEST_F(RestartTest, KilledMidGameLosesNothingAndPlayGoesOn) {
  std::vector<SeatTracker> online_black, online_white, computer_white;
  Json online, computer;
  std::string running;
  int64_t running_ms_before = 0;
  {
    ChildServer child(settings_);
    ASSERT_NE(child.port(), 0);
    useChild(child);
    online = create(Json{{"rules", Json{{"size", 5}}},
                         {"clock", Json{{"main_seconds", 600}, {"increment_seconds", 0}}}});
    computer = create(Json{{"rules", Json{{"size", 5}, {"turn_cap", 40}}},
                           {"mode", "computer"},
                           {"computer", Json{{"color", "black"}}}});
    auto black = joinSeat(online, "black");
    auto white = joinSeat(online, "white");
    auto human = joinSeat(computer, "white");
    std::vector<Listener> ls{{black.get(), "black"}, {white.get(), "white"}};
    std::mt19937 rng(8);
    for (int i = 0; i < 15; ++i) {
      const std::string on_turn = black->seat("black").toMove();
      Client* mover = on_turn == "black" ? black.get() : white.get();
      act(*mover, randomAction(mover->seat(on_turn), rng, 0.0), ls);
    }
    black->send(Json{{"type", "mark"}, {"point", "A1"}, {"set", true}});
    black->nextEvent("black");
    // Against the computer: a few answers each way.
    for (int i = 0; i < 6;) {
      SeatTracker& t = human->seat("white");
      if (t.toMove() != "white") {
        human->nextEvent("white");
        continue;
      }
      human->send(randomAction(t, rng, 0.0));
      human->nextEvent("white");
      ++i;
    }
    // Make Black's clock run for a while so that a restart shows it kept.
    Json clock;  // the last clock message Black received
    for (const Json& m : black->received())
      if (m.value("type", "") == "clock") clock = m;
    ASSERT_FALSE(clock.is_null());
    running = clock.at("running").get<std::string>();
    running_ms_before = clock.at(running + "_ms").get<int64_t>();
    online_black = {black->seat("black")};
    online_white = {white->seat("white")};
    computer_white = {human->seat("white")};
    child.kill();  // SIGKILL, mid-game
  }
  std::this_thread::sleep_for(2500ms);  // downtime: not charged to anyone's clock
  ChildServer again(settings_);
  ASSERT_NE(again.port(), 0);
  useChild(again);

  // Every event a client had received is there: a fresh snapshot begins with all of them.
  for (auto [table, seat, kept] :
       {std::tuple{&online, "black", &online_black}, std::tuple{&online, "white", &online_white},
        std::tuple{&computer, "white", &computer_white}}) {
    SCOPED_TRACE(seat);
    auto c = joinSeat(*table, seat);
    const Json snap = snapshotOf(*c);
    ASSERT_FALSE(snap.is_null());
    const std::vector<Json>& had = kept->front().events();
    const Json& events = snap.at("view").at("events");
    ASSERT_GE(events.size(), had.size());
    for (std::size_t i = 0; i < had.size(); ++i) EXPECT_EQ(events.at(i), had[i]) << i;
  }

  // Resume where each client was, and play both games to the end.
  auto black = joinSeat(online, "black", Json(online_black.front().version()), online_black);
  auto white = joinSeat(online, "white", Json(online_white.front().version()), online_white);
  Json clock;
  for (const Json& m : white->received())
    if (m.value("type", "") == "clock") clock = m;
  ASSERT_FALSE(clock.is_null());
  EXPECT_EQ(clock.at("running"), running);
  EXPECT_LE(clock.at(running + "_ms").get<int64_t>(), running_ms_before);
  // Charged: the moments before the kill and since the restart, never the 2.5 s of downtime.
  EXPECT_GT(clock.at(running + "_ms").get<int64_t>(), running_ms_before - 1500);
  std::mt19937 rng(9);
  playOut({{"black", black.get()}, {"white", white.get()}},
          {{black.get(), "black"}, {white.get(), "white"}}, *black, "black", rng, 0.05);
  EXPECT_TRUE(black->seat("black").over());

  auto human = joinSeat(computer, "white", Json(computer_white.front().version()), computer_white);
  SeatTracker& t = human->seat("white");
  int actions = 0;
  while (!t.over() && actions < 500 && !HasFailure()) {
    if (t.toMove() != "white") {
      human->nextEvent("white");
      continue;
    }
    human->send(randomAction(t, rng, 0.02));
    human->nextEvent("white");
    ++actions;
  }
  EXPECT_TRUE(t.over());
  EXPECT_EQ(http("GET", "/api/games/" + computer.at("table").get<std::string>()).status, 200);
}

}  // namespace
}  // namespace pg::test
