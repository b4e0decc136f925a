// Property tests over many random games: log replay rebuilds the identical game, every game
// ends, and two real games that differ only in one player's hidden stones give the other player
// and the spectators byte-identical events and views at every step.
#include <gtest/gtest.h>

#include "referee_helpers.h"
#include "rules/playout.h"

namespace pg {
namespace {

Rules randomRules(Rng& rng, int max_size) {
  Rules r;
  r.size = 5 + static_cast<int>(rng.below(static_cast<uint32_t>(max_size - 4)));
  r.topology = rng.below(3) == 0 ? Topology::Torus : Topology::Planar;
  r.ko = rng.below(2) ? KoRule::Simple : KoRule::PositionalSuperko;
  r.atari_go = rng.below(5) == 0;
  if (maxHandicap(r.size) > 0 && rng.below(4) == 0)
    r.handicap = 2 + static_cast<int>(rng.below(static_cast<uint32_t>(maxHandicap(r.size) - 1)));
  r.komi = Rules::defaultKomi(r.handicap);
  return r;
}

/// A random input for the player on turn, chosen from that player's view only: mostly tries of
/// points that are empty in the view and not yet tried, sometimes a pass, rarely a mark or a
/// resignation.
void randomInput(Referee& r, Rng& rng) {
  const Color c = r.toMove();
  const View& v = r.view(audienceOf(c));
  const int n = r.rules().numPoints();
  const uint32_t roll = rng.below(1000);
  if (roll < 2) {
    ASSERT_TRUE(r.resign(rng.below(2) ? c : opponent(c)).accepted());
    return;
  }
  if (roll < 30) {
    const Point p = static_cast<Point>(rng.below(static_cast<uint32_t>(n)));
    ASSERT_TRUE(r.mark(c, p, !v.marks()[static_cast<size_t>(p)]).accepted());
    return;
  }
  if (roll < 80 + 10 * v.triedThisTurn().size()) {
    ASSERT_TRUE(r.pass(c).accepted());
    return;
  }
  std::vector<Point> options;
  for (int p = 0; p < n; ++p) {
    const Point q = static_cast<Point>(p);
    if (v.at(q) != Color::Empty) continue;
    bool tried = false;
    for (Point t : v.triedThisTurn()) tried |= t == q;
    if (!tried) options.push_back(q);
  }
  if (options.empty()) {
    ASSERT_TRUE(r.pass(c).accepted());
    return;
  }
  const Answer a = r.tryPoint(c, options[rng.below(static_cast<uint32_t>(options.size()))]);
  ASSERT_TRUE(a.accepted());
}

TEST(RefereeProperty, TenThousandRandomGamesReplayAndEnd) {
  Rng rng(2026);
  int ended_by[6] = {};
  for (int g = 0; g < 10000; ++g) {
    const Rules rules = randomRules(rng, g % 10 == 0 ? 13 : 7);
    Referee r{rules};
    int inputs = 0;
    const int limit = 40 * rules.numPoints() * 4;
    while (!r.over() && inputs < limit) {
      randomInput(r, rng);
      if (::testing::Test::HasFatalFailure()) return;
      ++inputs;
      if (g % 100 == 0) {
        const std::string err = r.realGame().board().checkConsistency();
        ASSERT_TRUE(err.empty()) << err << "\n" << r.realGame().board().toAsciiLabelled();
      }
    }
    ASSERT_TRUE(r.over()) << "game " << g << " did not end after " << inputs << " inputs";
    ++ended_by[static_cast<int>(r.result().reason)];
    ASSERT_TRUE(r.realGame().board().checkConsistency().empty());
    // Replay the log, and its JSON round trip, and compare everything each audience got.
    std::vector<Event> log = r.log();
    if (g % 10 == 0) {
      log.clear();
      for (const Event& e : r.log())
        log.push_back(eventFromJson(Json::parse(eventToJson(e, rules.size).dump()), rules.size));
      ASSERT_EQ(log, r.log());
    }
    const Referee again = Referee::replay(rules, log);
    ASSERT_EQ(again.realGame().board().hash(), r.realGame().board().hash());
    ASSERT_EQ(again.result(), r.result());
    for (Audience a : {Audience::Black, Audience::White, Audience::Spectator}) {
      ASSERT_EQ(again.seen(a), r.seen(a));
      if (g % 50 == 0) {
        ASSERT_EQ(viewToJson(again.view(a)).dump(), viewToJson(r.view(a)).dump());
      }
    }
  }
  EXPECT_GT(ended_by[static_cast<int>(EndReason::TwoPasses)], 0);
  EXPECT_GT(ended_by[static_cast<int>(EndReason::Resignation)], 0);
  EXPECT_GT(ended_by[static_cast<int>(EndReason::AtariCapture)], 0);
}

TEST(RefereeProperty, ReplayRefusesAForgedLog) {
  Referee r{Rules{}};
  testing::playAll(r, {"E5", "D4"});
  std::vector<Event> log = r.log();
  log[1].legal = false;  // a recorded outcome that the rules do not give
  EXPECT_THROW(Referee::replay(Rules{}, log), std::invalid_argument);
  log = r.log();
  log.push_back(log.back());  // White on turn twice
  EXPECT_THROW(Referee::replay(Rules{}, log), std::invalid_argument);
}

/// Drives two games in lockstep. The observer's inputs are chosen from its view in game A and
/// applied to both; the other player (the hider) chooses independently in each game, but so
/// that everything the observer is told stays the same: the same number of rejected tries, then
/// a legal stone with the same captures (or the same pass). The hider's stones differ.
void lockstep(Rng& rng, const Rules& rules, Color observer, int* compared_steps,
              int* differing_positions) {
  Referee a{rules}, b{rules};
  const Color hider = opponent(observer);
  const Audience obs = audienceOf(observer);
  const int n = rules.numPoints();
  auto compare = [&]() {
    if (a.over() || b.over()) return;  // the end reveals everything: nothing hidden is left
    for (Audience aud : {obs, Audience::Spectator}) {
      ASSERT_EQ(testing::lastEventBytes(a, aud), testing::lastEventBytes(b, aud));
      ASSERT_EQ(testing::viewBytes(a, aud), testing::viewBytes(b, aud))
          << "A:\n"
          << a.realGame().board().toAsciiLabelled() << "B:\n"
          << b.realGame().board().toAsciiLabelled();
    }
    ++*compared_steps;
    if (a.realGame().board().hash() != b.realGame().board().hash()) ++*differing_positions;
  };
  for (int step = 0; step < 4 * n && !a.over() && !b.over(); ++step) {
    if (a.toMove() == observer) {
      const View& v = a.view(obs);
      std::vector<Point> options;
      for (int p = 0; p < n; ++p) {
        const Point q = static_cast<Point>(p);
        bool tried = false;
        for (Point t : v.triedThisTurn()) tried |= t == q;
        if (v.at(q) == Color::Empty && !tried) options.push_back(q);
      }
      if (options.empty() || rng.below(20) == 0) {
        a.pass(observer);
        b.pass(observer);
      } else {
        const Point p = options[rng.below(static_cast<uint32_t>(options.size()))];
        const Answer ra = a.tryPoint(observer, p);
        const Answer rb = b.tryPoint(observer, p);
        // The observer's own outcome may differ (the hidden stones differ); that is information
        // the observer legitimately gets, and the pair stops being comparable.
        if (ra.legal != rb.legal || a.log().back().captured != b.log().back().captured) return;
      }
      compare();
      continue;
    }
    // The hider's turn: k rejected tries, then a stone or a pass, equal as the observer hears it.
    auto illegalPoints = [&](Referee& r) {
      std::vector<Point> out;
      for (int p = 0; p < n; ++p) {
        const Point q = static_cast<Point>(p);
        if (r.view(audienceOf(hider)).at(q) == Color::Empty && !r.realGame().isLegal(q))
          out.push_back(q);
      }
      return out;
    };
    const uint32_t k = rng.below(3);
    auto ia = illegalPoints(a), ib = illegalPoints(b);
    if (ia.size() < k || ib.size() < k) return;
    for (uint32_t i = 0; i < k; ++i) {
      const size_t ja = rng.below(static_cast<uint32_t>(ia.size()));
      const size_t jb = rng.below(static_cast<uint32_t>(ib.size()));
      ASSERT_FALSE(a.tryPoint(hider, ia[ja]).legal);
      ASSERT_FALSE(b.tryPoint(hider, ib[jb]).legal);
      ia.erase(ia.begin() + static_cast<long>(ja));
      ib.erase(ib.begin() + static_cast<long>(jb));
      compare();
    }
    if (rng.below(15) == 0) {
      a.pass(hider);
      b.pass(hider);
      compare();
      continue;
    }
    // A legal stone in A, and in B a legal stone with the same captured points.
    std::vector<Point> legal_a;
    for (int p = 0; p < n; ++p)
      if (a.realGame().isLegal(static_cast<Point>(p)) &&
          a.view(audienceOf(hider)).at(static_cast<Point>(p)) == Color::Empty)
        legal_a.push_back(static_cast<Point>(p));
    if (legal_a.empty()) return;
    const Point pa = legal_a[rng.below(static_cast<uint32_t>(legal_a.size()))];
    ASSERT_TRUE(a.tryPoint(hider, pa).legal);
    const std::vector<Point> want = a.log().back().captured;
    std::vector<Point> legal_b;
    for (int p = 0; p < n; ++p) {
      const Point q = static_cast<Point>(p);
      if (!b.realGame().isLegal(q) || b.view(audienceOf(hider)).at(q) != Color::Empty) continue;
      Board copy = b.realGame().board();
      std::array<Point, kMaxPoints> cap;
      const int nc = copy.play(hider, q, cap.data());
      std::vector<Point> got(cap.begin(), cap.begin() + nc);
      std::sort(got.begin(), got.end());
      if (got == want) legal_b.push_back(q);
    }
    if (legal_b.empty()) return;
    ASSERT_TRUE(b.tryPoint(hider, legal_b[rng.below(static_cast<uint32_t>(legal_b.size()))]).legal);
    compare();
  }
}

TEST(RefereeProperty, NoLeakTwoGamesDifferingOnlyInHiddenStones) {
  Rng rng(77);
  int steps = 0, differing = 0;
  for (int g = 0; g < 1500; ++g) {
    Rules rules = randomRules(rng, 9);
    rules.atari_go = false;  // the first capture would end the comparison at once
    if (g % 4 == 3) rules.atari_go = true;
    lockstep(rng, rules, g % 2 ? Color::White : Color::Black, &steps, &differing);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The test is meaningful only if the hidden positions really differed most of the time.
  EXPECT_GT(steps, 5000);
  EXPECT_GT(differing, steps / 2);
}

}  // namespace
}  // namespace pg
