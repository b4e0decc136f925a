// GET /api/games/<id>/belief: refused before the end with the very bytes /api/games/<id> gives,
// a clear error for a bad seat, and after the end one map per replay step, each a percentage per
// point, zero on the seat's own stones, summing to about the opponent's hidden stones.
#include <set>

#include "game_driver.h"
#include "rules/types.h"
#include "server/api/belief_api.h"

namespace pg::test {
namespace {

class BeliefTest : public OnlineTest {};

/// Per replay step (as the client's replaySteps makes them from the reveal), the seat's own
/// stones and the number of the opponent's stones it cannot see.
struct StepTruth {
  std::set<Point> own;
  int hidden = 0;
};

std::vector<StepTruth> truthOf(const Json& reveal, Color seat, int size) {
  std::map<Point, Color> real;
  std::set<Point> handicap;
  auto pt = [size](const Json& j) { return *parsePoint(j.get<std::string>(), size); };
  for (const Json& p : reveal.at("handicap")) {
    real[pt(p)] = Color::Black;
    handicap.insert(pt(p));
  }
  const Color opp = opponent(seat);
  const std::string me = seat == Color::Black ? "black" : "white";
  std::vector<StepTruth> out;
  auto snap = [&] {
    StepTruth t;
    for (const auto& [p, c] : real) {
      if (c == seat) t.own.insert(p);
      if (c == opp && !handicap.count(p)) ++t.hidden;
    }
    out.push_back(t);
  };
  snap();
  for (const Json& turn : reveal.at("turns")) {
    for (size_t i = 0; i < turn.at("rejected").size(); ++i) snap();
    const std::string end = turn.at("end");
    if (end == "stone") {
      real[pt(turn.at("point"))] = turn.at("player") == me ? seat : opp;
      for (const Json& c : turn.at("captured")) {
        real.erase(pt(c));
        handicap.erase(pt(c));
      }
    }
    if (end != "unfinished") snap();
  }
  return out;
}

TEST_F(BeliefTest, RefusedBeforeTheEndAndForABadSeat) {
  Online g = online(Json{{"rules", Json{{"size", 5}}}});
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  const HttpResult game = http("GET", "/api/games/" + g.id());
  ASSERT_EQ(game.status, 403);
  for (const char* seat : {"black", "white"}) {
    const HttpResult b = http("GET", "/api/games/" + g.id() + "/belief?seat=" + seat);
    EXPECT_EQ(b.status, game.status);
    EXPECT_EQ(b.body, game.body);
    EXPECT_EQ(b.content_type, game.content_type);
  }
  // A game that does not exist: the same as /api/games/<id> too.
  const HttpResult none = http("GET", "/api/games/zzzzzzzzzzzz");
  const HttpResult none_belief = http("GET", "/api/games/zzzzzzzzzzzz/belief?seat=black");
  EXPECT_EQ(none_belief.status, none.status);
  EXPECT_EQ(none_belief.body, none.body);
  for (const std::string q : {"", "?seat=", "?seat=spectator", "?seat=Black", "?side=black"}) {
    const HttpResult bad = http("GET", "/api/games/" + g.id() + "/belief" + q);
    EXPECT_EQ(bad.status, 400) << q;
    EXPECT_EQ(bad.json().at("error").at("code"), "bad-seat") << q;
    EXPECT_NE(bad.json().at("error").at("message").get<std::string>().find("seat=black"),
              std::string::npos);
  }
  EXPECT_EQ(http("POST", "/api/games/" + g.id() + "/belief?seat=black").status, 405);
}

TEST_F(BeliefTest, OneMapPerReplayStepAfterTheEnd) {
  Online g = online(Json{{"rules", Json{{"size", 5}}}});
  std::mt19937 rng(11);
  // A guess mark makes no replay step.
  g.black->send(Json{{"type", "mark"}, {"point", "E5"}, {"set", true}});
  g.black->nextEvent("black");
  for (int i = 0; i < 20 && !g.black->seat("black").over(); ++i) {
    const std::string on_turn = g.black->seat("black").toMove();
    Client* mover = on_turn == "black" ? g.black.get() : g.white.get();
    act(*mover, randomAction(mover->seat(on_turn), rng, 0.0), g.all());
  }
  while (!g.black->seat("black").over()) {
    const std::string on_turn = g.black->seat("black").toMove();
    Client* mover = on_turn == "black" ? g.black.get() : g.white.get();
    act(*mover, Json{{"type", "pass"}}, g.all());
  }
  const HttpResult game = http("GET", "/api/games/" + g.id());
  ASSERT_EQ(game.status, 200);
  const Json story = game.json();
  for (const Color seat : {Color::Black, Color::White}) {
    const std::string name = seat == Color::Black ? "black" : "white";
    SCOPED_TRACE(name);
    const HttpResult r = http("GET", "/api/games/" + g.id() + "/belief?seat=" + name);
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_NE(r.content_type.find("application/json"), std::string::npos);
    const Json b = r.json();
    EXPECT_EQ(b.at("seat"), name);
    EXPECT_EQ(b.at("table"), g.id());
    EXPECT_EQ(b.at("samples"), 200);
    const std::vector<StepTruth> truth = truthOf(story.at("reveal"), seat, 5);
    const Json& steps = b.at("steps");
    // One step for the start and one for each event of the record (marks are not in it).
    ASSERT_EQ(steps.size(), story.at("record").size() + 1);
    ASSERT_EQ(steps.size(), truth.size());
    int believed_somewhere = 0;
    for (size_t i = 0; i < steps.size(); ++i) {
      SCOPED_TRACE("step " + std::to_string(i));
      ASSERT_EQ(steps[i].size(), 25u);
      int sum = 0;
      for (int p = 0; p < 25; ++p) {
        const int v = steps[i][static_cast<size_t>(p)].get<int>();
        ASSERT_GE(v, 0);
        ASSERT_LE(v, 100);
        if (truth[i].own.count(static_cast<Point>(p))) {
          EXPECT_EQ(v, 0) << pointName(static_cast<Point>(p), 5);
        }
        sum += v;
        believed_somewhere += v > 0;
      }
      // Each share is rounded to a whole percent: 25 points, at most half a percent each.
      EXPECT_NEAR(sum, 100 * truth[i].hidden, 13);
    }
    EXPECT_GT(believed_somewhere, 0);
    // Asked again: the cached answer, the same bytes.
    const HttpResult again = http("GET", "/api/games/" + g.id() + "/belief?seat=" + name);
    EXPECT_EQ(again.status, 200);
    EXPECT_EQ(again.body, r.body);
  }
}

TEST(BeliefSamples, BoundedByTheBoardAndTheLength) {
  Rules r9, r19;
  r19.size = 19;
  EXPECT_EQ(beliefSamples(r9, 100), 200);
  EXPECT_LT(beliefSamples(r19, 100), 200);
  EXPECT_GE(beliefSamples(r19, 100), 10);
  EXPECT_LT(beliefSamples(r9, 2000), 200);
  EXPECT_EQ(beliefSamples(r19, 4 * 361 * 10), 10);
  for (int steps : {1, 50, 500, 5000}) {
    const int64_t work = int64_t{beliefSamples(r9, steps)} * steps * 81;
    EXPECT_TRUE(work <= kBeliefPointSamples || beliefSamples(r9, steps) == 10) << steps;
  }
}

TEST(BeliefCacheTest, KeepsTheNewest) {
  BeliefCache c(2);
  c.put("a", std::make_shared<const std::string>("A"));
  c.put("b", std::make_shared<const std::string>("B"));
  ASSERT_TRUE(c.find("a"));  // a is now the newest
  c.put("c", std::make_shared<const std::string>("C"));
  EXPECT_EQ(c.size(), 2u);
  EXPECT_FALSE(c.find("b"));
  EXPECT_EQ(*c.find("a"), "A");
  EXPECT_EQ(*c.find("c"), "C");
}

}  // namespace
}  // namespace pg::test
