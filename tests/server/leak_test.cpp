// Hidden information never leaks: every byte each player and each spectator received is
// checked against the real board revealed at the end, rejections are the same bytes whatever
// their reason, and two real boards that differ only in White's hidden stones give Black the
// same bytes.
#include <regex>
#include <set>

#include "game_driver.h"

namespace pg::test {
namespace {

class LeakTest : public ServerTest {};

std::set<std::string> verticesIn(const std::string& frame) {
  static const std::regex vertex("\"([A-HJ-T][0-9]{1,2})\"");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(frame.begin(), frame.end(), vertex);
       it != std::sregex_iterator(); ++it)
    out.insert((*it)[1].str());
  return out;
}

/// The frames received before the game's end event (the reveal makes everything public).
std::vector<std::string> beforeEnd(const std::vector<std::string>& frames) {
  std::vector<std::string> out;
  for (const std::string& f : frames) {
    if (f.find("\"kind\":\"end\"") != std::string::npos) break;
    out.push_back(f);
  }
  return out;
}

/// The frames of one table in a form two tables can be compared in: the joined frames are left
/// out, in the info frames the table's own id and the times (of creation, and of who left
/// when: public, and different for every run) are written the same, and so are the times of the
/// chat lines. Everything else must be the same bytes when the two tables' public stories are
/// the same.
std::vector<std::string> comparable(const std::vector<std::string>& frames, const std::string& id) {
  static const std::regex times("\"(created_at|away_since|claim_at|deadline)\":[0-9]+");
  std::vector<std::string> out;
  for (std::string f : beforeEnd(frames)) {
    if (f.find("\"type\":\"joined\"") != std::string::npos) continue;
    if (f.find("\"type\":\"info\"") != std::string::npos) {
      for (auto at = f.find(id); at != std::string::npos; at = f.find(id))
        f.replace(at, id.size(), "<table>");
      f = std::regex_replace(f, times, "\"$1\":0");
    }
    if (f.find("\"type\":\"chat") != std::string::npos) {
      static const std::regex at("\"at\":[0-9]+");
      f = std::regex_replace(f, at, "\"at\":0");
    }
    out.push_back(f);
  }
  return out;
}

TEST_F(LeakTest, NoUnannouncedOpponentStoneInAnyByte) {
  const std::vector<Json> rules{Json{{"size", 5}}, Json{{"size", 7}, {"handicap", 3}},
                                Json{{"size", 5}, {"topology", "torus"}},
                                Json{{"size", 6}, {"atari_go", true}}};
  std::mt19937 rng(1234);
  for (const Json& r : rules) {
    SCOPED_TRACE(r.dump());
    const Json table = create(Json{{"rules", r}});
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    auto spectator = watch(table);
    const int size = r.at("size").get<int>();
    std::vector<Listener> ls{
        {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
    std::map<std::string, std::set<std::string>> sent{{"black", {}}, {"white", {}}};
    std::map<std::string, std::set<std::string>> marked{{"black", {}}, {"white", {}}};
    int actions = 0;
    while (!spectator->seat("spectator").over() && actions++ < 3000 && !HasFailure()) {
      const std::string on_turn = spectator->seat("spectator").toMove();
      Client* mover = on_turn == "black" ? black.get() : white.get();
      if (actions % 7 == 0) {  // a private guess mark now and then, set or cleared
        const auto options = mover->seat(on_turn).candidates();
        if (!options.empty()) {
          const std::string p = options[rng() % options.size()];
          const bool set = !marked[on_turn].count(p);
          mover->send(Json{{"type", "mark"}, {"point", p}, {"set", set}});
          EXPECT_EQ(mover->nextEvent(on_turn).at("event").at("kind"), "mark");
          if (set)
            marked[on_turn].insert(p);
          else
            marked[on_turn].erase(p);
          sent[on_turn].insert(p);
        }
      }
      const Json cmd = randomAction(mover->seat(on_turn), rng, 0.01);
      if (cmd.contains("point")) sent[on_turn].insert(cmd.at("point").get<std::string>());
      act(*mover, cmd, ls);
    }
    ASSERT_TRUE(spectator->seat("spectator").over());
    const Json story = http("GET", "/api/games/" + table.at("table").get<std::string>()).json();
    const Json& reveal = story.at("reveal");
    std::set<std::string> handicap, captured;
    std::map<std::string, std::set<std::string>> stones{{"black", {}}, {"white", {}}};
    for (const Json& p : reveal.at("handicap")) handicap.insert(p.get<std::string>());
    for (const Json& t : reveal.at("turns")) {
      if (t.at("end") != "stone") continue;
      stones[t.at("player").get<std::string>()].insert(t.at("point").get<std::string>());
      for (const Json& p : t.at("captured")) captured.insert(p.get<std::string>());
    }
    // What each audience may name before the end: its own tries and marks, the announced
    // captures, the public handicap stones. Nothing else, so no hidden opponent stone.
    for (auto& [who, client] : std::map<std::string, Client*>{
             {"black", black.get()}, {"white", white.get()}, {"spectator", spectator.get()}}) {
      std::set<std::string> allowed = handicap;
      allowed.insert(captured.begin(), captured.end());
      if (who != "spectator") allowed.insert(sent[who].begin(), sent[who].end());
      const std::string opp = who == "black" ? "white" : "black";
      for (const std::string& frame : beforeEnd(client->ws().history())) {
        for (const std::string& v : verticesIn(frame)) {
          EXPECT_TRUE(allowed.count(v)) << who << " received " << v << " in " << frame;
          if (who != "spectator" && stones[opp].count(v)) {
            EXPECT_TRUE(sent[who].count(v) || captured.count(v) || handicap.count(v))
                << who << " learned a hidden " << opp << " stone at " << v;
          }
        }
      }
    }
    (void)size;
  }
}

TEST_F(LeakTest, RejectionIsTheSameBytesWhateverTheReason) {
  // Black then tries A1: occupied by a hidden white stone, suicide, or a ko retake.
  const std::map<std::string, std::vector<std::string>> games{
      {"occupied", {"E5", "A1", "E4", "B2", "D5", "C2"}},
      {"suicide", {"E5", "A2", "E4", "B1", "D5", "C3"}},
      {"ko", {"A1", "A2", "C1", "E5", "B2", "B1"}},
  };
  std::map<std::string, std::vector<std::string>> answers;
  for (const auto& [reason, moves] : games) {
    const Json table = create(Json{{"rules", Json{{"size", 5}, {"ko", "superko"}}}});
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    auto spectator = watch(table);
    std::vector<Listener> ls{
        {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto e =
          act(i % 2 == 0 ? *black : *white, Json{{"type", "try"}, {"point", moves[i]}}, ls);
      ASSERT_EQ(e[0].at("event").at("turn"), static_cast<int>(i) + 1) << reason << " move " << i;
    }
    black->send(Json{{"type", "try"}, {"point", "A1"}});
    const auto frames = [](Client& c, const std::string& seat) {
      c.nextEvent(seat);
      return c.ws().history().back();
    };
    answers[reason] = {frames(*black, "black"), frames(*white, "white"),
                       frames(*spectator, "spectator")};
    EXPECT_NE(answers[reason][0].find("\"kind\":\"illegal\""), std::string::npos)
        << reason << ": " << answers[reason][0];
  }
  EXPECT_EQ(answers["occupied"], answers["suicide"]);
  EXPECT_EQ(answers["occupied"], answers["ko"]);
  EXPECT_NE(answers["ko"][1].find("\"kind\":\"rejected\""), std::string::npos);
}

TEST_F(LeakTest, HiddenStonesDoNotChangeTheOpponentsBytes) {
  // Two games that differ only in where White's (hidden, never captured) stones stand.
  const std::vector<std::vector<std::string>> games{{"C3", "A1", "D4", "E5", "B2", "A5"},
                                                    {"C3", "E1", "D4", "A4", "B2", "E2"}};
  std::vector<std::vector<std::string>> black_bytes, spectator_bytes;
  for (const auto& moves : games) {
    const Json table = create(Json{{"rules", Json{{"size", 5}}}});
    const std::string id = table.at("table").get<std::string>();
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    auto spectator = watch(table);
    std::vector<Listener> ls{
        {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
    for (std::size_t i = 0; i < moves.size(); ++i)
      act(i % 2 == 0 ? *black : *white, Json{{"type", "try"}, {"point", moves[i]}}, ls);
    act(*black, Json{{"type", "try"}, {"point", "B3"}}, ls);
    act(*white, Json{{"type", "pass"}}, ls);
    // A refusal from the table itself: every frame the table sent before it has arrived (the
    // info after the pass too).
    black->send(Json{{"type", "mark"}, {"point", "A1"}, {"set", false}});
    black->nextError();
    spectator->send(Json{{"type", "pass"}});
    spectator->nextError();
    black_bytes.push_back(comparable(black->ws().history(), id));
    spectator_bytes.push_back(comparable(spectator->ws().history(), id));
  }
  EXPECT_EQ(black_bytes[0], black_bytes[1]);
  EXPECT_EQ(spectator_bytes[0], spectator_bytes[1]);
  EXPECT_GE(black_bytes[0].size(), 8u);
  const auto infos = std::count_if(black_bytes[0].begin(), black_bytes[0].end(), [](auto& f) {
    return f.find("\"type\":\"info\"") != std::string::npos;
  });
  EXPECT_GE(infos, 7) << "the info frames are among the bytes compared";
}

TEST_F(LeakTest, AbandonmentTellsNothingHidden) {
  // White's hidden stones differ; White goes away on turn and Black ends the game. Black and
  // the spectator get the same bytes up to the end: the away times, the claim and its event
  // carry nothing of the board.
  server_.reset();
  settings_.abandon_after_ms = 200;
  startServer();
  const std::vector<std::vector<std::string>> games{{"C3", "A1", "D4"}, {"C3", "E5", "D4"}};
  std::vector<std::vector<std::string>> black_bytes, spectator_bytes;
  for (const auto& moves : games) {
    const Json table = create(Json{{"rules", Json{{"size", 5}}}});
    const std::string id = table.at("table").get<std::string>();
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    auto spectator = watch(table);
    std::vector<Listener> ls{
        {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
    for (std::size_t i = 0; i < moves.size(); ++i)
      act(i % 2 == 0 ? *black : *white, Json{{"type", "try"}, {"point", moves[i]}}, ls);
    // Every frame of the last move, the info after it too (White still connected), has arrived
    // before White goes: a refusal from the table itself comes after them. Without this the
    // info could be built after the drop in one game and before it in the other.
    black->send(Json{{"type", "mark"}, {"point", "A1"}, {"set", false}});
    black->nextError();
    spectator->send(Json{{"type", "pass"}});
    spectator->nextError();
    white->drop();
    black->until([](const Json& m) {
      return m.value("type", "") == "info" && m.at("info").at("may_claim") == "black";
    });
    black->send(Json{{"type", "claim-abandoned"}});
    for (const Listener& l : {ls[0], ls[2]}) {
      EXPECT_EQ(l.client->nextEvent(l.seat).at("event").at("kind"), "abandon");
      EXPECT_EQ(l.client->nextEvent(l.seat).at("event").at("kind"), "end");
    }
    black_bytes.push_back(comparable(black->ws().history(), id));
    spectator_bytes.push_back(comparable(spectator->ws().history(), id));
  }
  EXPECT_EQ(black_bytes[0], black_bytes[1]);
  EXPECT_EQ(spectator_bytes[0], spectator_bytes[1]);
  const auto has = [](const std::vector<std::string>& frames, const std::string& what) {
    return std::any_of(frames.begin(), frames.end(),
                       [&](const std::string& f) { return f.find(what) != std::string::npos; });
  };
  EXPECT_TRUE(has(black_bytes[0], "\"kind\":\"abandon\""));
  EXPECT_TRUE(has(spectator_bytes[0], "\"may_claim\":\"black\""));
}

TEST_F(LeakTest, ChatTellsNothingHidden) {
  // White's hidden stones differ; both players and a spectator say the same lines at the same
  // moments. Black and the spectator get the same bytes: a chat line carries its text, its
  // author, the public turn and a time, nothing of the board.
  // Three lines each: within the chat's burst, so none is refused for its rate.
  const std::vector<std::vector<std::string>> games{{"C3", "A1", "D4"}, {"C3", "E1", "D4"}};
  std::vector<std::vector<std::string>> black_bytes, spectator_bytes;
  for (const auto& moves : games) {
    const Json table = create(Json{{"rules", Json{{"size", 5}}}});
    const std::string id = table.at("table").get<std::string>();
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    auto spectator = watch(table);
    std::vector<Listener> ls{
        {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
    auto chat = [&](Client& who, const std::string& text, std::vector<Client*> readers) {
      who.send(Json{{"type", "chat"}, {"text", text}});
      for (Client* r : readers)
        r->until([](const Json& m) { return m.value("type", "") == "chat"; });
    };
    for (std::size_t i = 0; i < moves.size(); ++i) {
      act(i % 2 == 0 ? *black : *white, Json{{"type", "try"}, {"point", moves[i]}}, ls);
      chat(*white, "move " + std::to_string(i), {black.get(), white.get()});
      chat(*spectator, "seen " + std::to_string(i), {spectator.get()});
    }
    chat(*black, "well played", {black.get(), white.get()});
    for (Client* c : {black.get(), spectator.get()}) {
      c->send(Json{{"type", "ping"}});
      c->until([](const Json& m) { return m.value("type", "") == "pong"; });
    }
    black_bytes.push_back(comparable(black->ws().history(), id));
    spectator_bytes.push_back(comparable(spectator->ws().history(), id));
  }
  EXPECT_EQ(black_bytes[0], black_bytes[1]);
  EXPECT_EQ(spectator_bytes[0], spectator_bytes[1]);
  const auto count = [](const std::vector<std::string>& frames, const std::string& what) {
    return std::count_if(frames.begin(), frames.end(),
                         [&](const std::string& f) { return f.find(what) != std::string::npos; });
  };
  EXPECT_EQ(count(black_bytes[0], "\"type\":\"chat\""), 4);
  EXPECT_EQ(count(black_bytes[0], "seen "), 0) << "the spectators' lines stay with them";
  EXPECT_EQ(count(spectator_bytes[0], "move "), 0) << "the players' lines stay with them";
}

}  // namespace
}  // namespace pg::test
