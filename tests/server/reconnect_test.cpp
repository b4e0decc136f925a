// Reconnecting in the middle of a game at several versions: the events resumed after the last
// version, appended to what the client had, equal a fresh snapshot.
#include "game_driver.h"

namespace pg::test {
namespace {

class ReconnectTest : public ServerTest {};

TEST_F(ReconnectTest, ResumeAtSeveralVersionsEqualsFreshSnapshot) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}});
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  auto spectator = watch(table);
  std::mt19937 rng(99);
  std::vector<Listener> ls{
      {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
  for (int round = 0; round < 4; ++round) {
    for (int i = 0; i < 6; ++i) {
      const std::string on_turn = spectator->seat("spectator").toMove();
      Client* mover = on_turn == "black" ? black.get() : white.get();
      act(*mover, randomAction(mover->seat(on_turn), rng, 0.0), ls);
    }
    // Black sets a private mark, then drops; play goes on while Black is away.
    black->send(Json{{"type", "mark"}, {"point", "E5"}, {"set", round % 2 == 0}});
    black->nextEvent("black");
    const SeatTracker kept = black->seat("black");
    const std::vector<Json> before = kept.events();
    const int version = kept.version();
    black->drop();
    black.reset();
    ls[0].client = nullptr;
    const std::string on_turn = spectator->seat("spectator").toMove();
    if (on_turn == "white") {
      const Json cmd = randomAction(white->seat("white"), rng, 0.0);
      white->send(cmd);
      white->nextEvent("white");
      spectator->nextEvent("spectator");
    }
    // Resume from the last version: exactly the missed events, no snapshot.
    black = joinSeat(table, "black", Json(version), {kept});
    for (const Json& m : black->received())
      EXPECT_NE(m.value("type", ""), "snapshot") << "a resume sends events, not a snapshot";
    std::vector<Json> resumed = before;
    int v = version;
    for (const Json& m : black->received())
      if (m.value("type", "") == "event") {
        EXPECT_EQ(m.at("version"), ++v);
        resumed.push_back(m.at("event"));
      }
    // A fresh snapshot on a new connection.
    auto fresh = std::make_unique<Client>(port_, 5);
    fresh->join(Json{{"type", "join"},
                     {"table", table.at("table")},
                     {"token", table.at("seats").at("black").at("token")}});
    Json snapshot;
    for (const Json& m : fresh->received())
      if (m.value("type", "") == "snapshot") snapshot = m;
    ASSERT_FALSE(snapshot.is_null());
    EXPECT_EQ(snapshot.at("version"), v);
    EXPECT_EQ(snapshot.at("view").at("events"), Json(resumed));
    ls[0].client = black.get();
    EXPECT_EQ(Json(black->seat("black").events()), Json(resumed));
  }
}

// Reliability problem 4: pg_load resumed a seat that had lost its first connection before any
// snapshot with last_version 0. On a table still at version 0 the server rightly sends nothing
// then, so the seat never learned who was on turn and guessed wrong until the run ended. A
// tracker says whether it has had a snapshot; only then may a client resume.
TEST_F(ReconnectTest, ASeatWithoutASnapshotMustJoinAfresh) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}});
  auto resumed = joinSeat(table, "black", Json(0));
  for (const Json& m : resumed->received())
    EXPECT_NE(m.value("type", ""), "snapshot") << "version 0 was claimed: nothing is missed";
  EXPECT_FALSE(resumed->seat("black").synced());
  EXPECT_EQ(resumed->seat("black").toMove(), "") << "a resumed tracker cannot know the turn";

  auto fresh = joinSeat(table, "black");
  const SeatTracker& t = fresh->seat("black");
  EXPECT_TRUE(t.synced());
  EXPECT_EQ(t.version(), 0);
  EXPECT_EQ(t.toMove(), "black");

  // Once synced, a resume keeps the tracker synced and up to date.
  auto white = joinSeat(table, "white");
  fresh->send(Json{{"type", "try"}, {"point", "C3"}});
  fresh->nextEvent("black");
  const SeatTracker kept = fresh->seat("black");
  fresh->drop();
  auto again = joinSeat(table, "black", Json(kept.version()), {kept});
  EXPECT_TRUE(again->seat("black").synced());
  EXPECT_EQ(again->seat("black").toMove(), "white");
}

TEST_F(ReconnectTest, ResumeAtEveryVersionOfAFinishedGame) {
  const Json table = create(Json{{"rules", Json{{"size", 5}, {"turn_cap", 12}}}});
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  std::mt19937 rng(4);
  playOut({{"black", black.get()}, {"white", white.get()}},
          {{black.get(), "black"}, {white.get(), "white"}}, *black, "black", rng, 0.0);
  ASSERT_TRUE(black->seat("black").over());
  const std::vector<Json> all = white->seat("white").events();
  for (int v = 0; v <= static_cast<int>(all.size()); v += 3) {
    auto c = joinSeat(table, "white", Json(v), {trackerAt("white", 5, all, v)});
    std::vector<Json> got(all.begin(), all.begin() + v);
    for (const Json& m : c->received())
      if (m.value("type", "") == "event") got.push_back(m.at("event"));
    EXPECT_EQ(Json(got), Json(all)) << "resume at " << v;
  }
  // A version from the future gets a snapshot instead.
  auto c = joinSeat(table, "white", Json(100000));
  bool snapshot = false;
  for (const Json& m : c->received()) snapshot |= m.value("type", "") == "snapshot";
  EXPECT_TRUE(snapshot);
}

TEST_F(ReconnectTest, HotSeatResumesPerSeat) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "hotseat"}});
  auto hot = joinSeat(table, "hotseat");
  std::vector<Listener> ls{{hot.get(), "black"}, {hot.get(), "white"}};
  act(*hot, Json{{"type", "try"}, {"point", "C3"}}, ls);
  act(*hot, Json{{"type", "try"}, {"point", "C3"}}, ls);  // White: illegal
  act(*hot, Json{{"type", "try"}, {"point", "D3"}}, ls);
  const auto b = hot->seat("black").events();
  const auto w = hot->seat("white").events();
  auto again = joinSeat(table, "hotseat", Json{{"black", 1}, {"white", 2}},
                        {trackerAt("black", 5, b, 1), trackerAt("white", 5, w, 2)});
  std::vector<Json> gb(b.begin(), b.begin() + 1), gw(w.begin(), w.begin() + 2);
  for (const Json& m : again->received()) {
    if (m.value("type", "") != "event") continue;
    (m.at("seat") == "black" ? gb : gw).push_back(m.at("event"));
  }
  EXPECT_EQ(Json(gb), Json(b));
  EXPECT_EQ(Json(gw), Json(w));
}

}  // namespace
}  // namespace pg::test
