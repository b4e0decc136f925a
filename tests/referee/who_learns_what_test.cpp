// One test per row of RULES.md's table "Who learns what", each checked on all three views.
#include <gtest/gtest.h>

#include "referee_helpers.h"

namespace pg {
namespace {

using testing::lastEventBytes;
using testing::playAll;
using testing::pt;

const Audience kAll[] = {Audience::Black, Audience::White, Audience::Spectator};

TEST(WhoLearnsWhat, LegalStone) {
  Referee r{Rules{}};
  const Answer a = r.tryPoint(Color::Black, pt("E5"));
  ASSERT_TRUE(a.accepted());
  EXPECT_TRUE(a.legal);
  // The mover sees the stone.
  const SeenEvent& mine = r.seen(Audience::Black).back();
  EXPECT_EQ(mine.kind, SeenKind::Stone);
  EXPECT_EQ(mine.point, pt("E5"));
  EXPECT_EQ(r.view(Audience::Black).at(pt("E5")), Color::Black);
  // The opponent and spectators hear "Black moved", with no point.
  for (Audience a2 : {Audience::White, Audience::Spectator}) {
    const SeenEvent& e = r.seen(a2).back();
    EXPECT_EQ(e.kind, SeenKind::Moved);
    EXPECT_EQ(e.player, Color::Black);
    EXPECT_EQ(e.point, kNoPoint);
    EXPECT_EQ(r.view(a2).at(pt("E5")), Color::Empty);
    EXPECT_EQ(r.view(a2).stoneCount(Color::Black), 1);
    EXPECT_EQ(lastEventBytes(r, a2).find("E5"), std::string::npos) << lastEventBytes(r, a2);
    EXPECT_EQ(testing::viewBytes(r, a2).find("E5"), std::string::npos);
  }
  EXPECT_EQ(lastEventBytes(r, Audience::White), lastEventBytes(r, Audience::Spectator));
}

TEST(WhoLearnsWhat, IllegalTry) {
  Referee r{Rules{}};
  playAll(r, {"E5"});
  const Answer a = r.tryPoint(Color::White, pt("E5"));  // occupied by a hidden stone
  ASSERT_TRUE(a.accepted());
  EXPECT_FALSE(a.legal);
  EXPECT_EQ(r.toMove(), Color::White) << "the player stays on turn";
  const SeenEvent& mine = r.seen(Audience::White).back();
  EXPECT_EQ(mine.kind, SeenKind::Illegal);
  EXPECT_EQ(mine.point, pt("E5"));
  EXPECT_TRUE(r.view(Audience::White).rejected()[static_cast<size_t>(pt("E5"))]);
  for (Audience a2 : {Audience::Black, Audience::Spectator}) {
    const SeenEvent& e = r.seen(a2).back();
    EXPECT_EQ(e.kind, SeenKind::Rejected);
    EXPECT_EQ(e.player, Color::White);
    EXPECT_EQ(e.point, kNoPoint);
    EXPECT_EQ(r.view(a2).rejectionsThisTurn(), 1);
    EXPECT_FALSE(r.view(a2).rejected()[static_cast<size_t>(pt("E5"))]);
  }
  EXPECT_EQ(lastEventBytes(r, Audience::Black), lastEventBytes(r, Audience::Spectator));
  EXPECT_EQ(lastEventBytes(r, Audience::Black).find("E5"), std::string::npos);
}

TEST(WhoLearnsWhat, Pass) {
  Referee r{Rules{}};
  ASSERT_TRUE(r.pass(Color::Black).accepted());
  for (Audience a : kAll) {
    EXPECT_EQ(r.seen(a).back().kind, SeenKind::Pass);
    EXPECT_EQ(r.seen(a).back().player, Color::Black);
    EXPECT_EQ(r.view(a).toMove(), Color::White);
  }
  EXPECT_EQ(lastEventBytes(r, Audience::Black), lastEventBytes(r, Audience::White));
  EXPECT_EQ(lastEventBytes(r, Audience::Black), lastEventBytes(r, Audience::Spectator));
}

TEST(WhoLearnsWhat, Resignation) {
  Referee r{Rules{}};
  playAll(r, {"E5"});
  ASSERT_TRUE(r.resign(Color::Black).accepted());  // not on turn: still allowed
  EXPECT_TRUE(r.over());
  EXPECT_EQ(r.result().winner, Color::White);
  EXPECT_EQ(r.result().reason, EndReason::Resignation);
  for (Audience a : kAll) {
    const auto& s = r.seen(a);
    ASSERT_GE(s.size(), 2u);
    EXPECT_EQ(s[s.size() - 2].kind, SeenKind::Resign);
    EXPECT_EQ(s[s.size() - 2].player, Color::Black);
    EXPECT_EQ(s.back().kind, SeenKind::End);
    EXPECT_TRUE(r.view(a).over());
    // The whole board is revealed to everyone at the end.
    EXPECT_EQ(r.view(a).at(pt("E5")), Color::Black);
  }
  EXPECT_EQ(lastEventBytes(r, Audience::Black), lastEventBytes(r, Audience::White));
  EXPECT_EQ(lastEventBytes(r, Audience::Black), lastEventBytes(r, Audience::Spectator));
}

TEST(WhoLearnsWhat, AbortAndNoShowAreToldToAllAlikeAndEndWithoutAResult) {
  Referee r{Rules{}};
  playAll(r, {"E5"});
  ASSERT_TRUE(r.abortGame(Color::Black).accepted());  // not on turn: allowed
  EXPECT_EQ(r.result(), (Result{Color::Empty, EndReason::Aborted, std::nullopt}));
  for (Audience a : kAll) {
    const auto& s = r.seen(a);
    ASSERT_GE(s.size(), 2u);
    EXPECT_EQ(s[s.size() - 2].kind, SeenKind::Abort);
    EXPECT_EQ(s[s.size() - 2].player, Color::Black);
    EXPECT_EQ(s.back().kind, SeenKind::End);
    EXPECT_EQ(r.view(a).at(pt("E5")), Color::Black);
  }
  EXPECT_EQ(lastEventBytes(r, Audience::Black), lastEventBytes(r, Audience::Spectator));
  EXPECT_EQ(r.abortGame(Color::White).refusal, Refusal::GameOver);

  Referee n{Rules{}};
  playAll(n, {"E5"});
  EXPECT_EQ(n.noShow(Color::Black).refusal, Refusal::NotYourTurn);
  ASSERT_TRUE(n.noShow(Color::White).accepted());
  EXPECT_EQ(n.result().reason, EndReason::Aborted);
  for (Audience a : kAll) EXPECT_EQ(n.seen(a)[n.seen(a).size() - 2].kind, SeenKind::NoShow);
  EXPECT_EQ(n.buildReveal().turns.back().end, TurnRecord::End::NoShow);
  EXPECT_EQ(Referee::replay(Rules{}, n.log()).result(), n.result());
}

TEST(WhoLearnsWhat, NoAbortOnceEachSideHasMoved) {
  Referee r{Rules{}};
  playAll(r, {"E5", "D4"});
  const std::size_t logged = r.log().size();
  EXPECT_EQ(r.abortGame(Color::Black).refusal, Refusal::TooLateToAbort);
  EXPECT_EQ(r.noShow(Color::Black).refusal, Refusal::TooLateToAbort);
  EXPECT_EQ(refusalName(Refusal::TooLateToAbort), "too-late-to-abort");
  EXPECT_EQ(r.log().size(), logged);
  EXPECT_FALSE(r.over());
}

TEST(WhoLearnsWhat, CaptureIsAnnouncedToAllWithPointsAndColour) {
  Referee r{Rules{}};
  // White E5 is surrounded by Black D5, F5, E6, E4; the capturing stone is E4.
  playAll(r, {"D5", "E5", "F5", "A1", "E6", "A2", "E4"});
  for (Audience a : kAll) {
    const SeenEvent& e = r.seen(a).back();
    ASSERT_EQ(e.captured.size(), 1u) << audienceName(a);
    EXPECT_EQ(e.captured[0], pt("E5"));
    EXPECT_EQ(e.player, Color::Black) << "the captured stones' colour is the mover's opponent";
    EXPECT_EQ(r.view(a).at(pt("E5")), Color::Empty);
    EXPECT_EQ(r.view(a).stoneCount(Color::White), 2);
  }
  // White's own stone disappears from White's board.
  EXPECT_EQ(r.view(Audience::White).at(pt("A1")), Color::White);
}

TEST(WhoLearnsWhat, CapturingStoneIsNeverAnnounced) {
  Referee r{Rules{}};
  playAll(r, {"D5", "E5", "F5", "A1", "E6", "A2", "E4"});
  for (Audience a : {Audience::White, Audience::Spectator}) {
    const std::string bytes = lastEventBytes(r, a);
    EXPECT_EQ(bytes.find("E4"), std::string::npos) << bytes;
    EXPECT_EQ(r.seen(a).back().kind, SeenKind::Moved);
    EXPECT_EQ(r.view(a).at(pt("E4")), Color::Empty);
    EXPECT_EQ(testing::viewBytes(r, a).find("\"E4\""), std::string::npos);
  }
  EXPECT_EQ(r.seen(Audience::Black).back().point, pt("E4"));
}

TEST(WhoLearnsWhat, HandicapStonesArePublic) {
  Rules rules;
  rules.handicap = 3;
  rules.komi = 0.5;
  Referee r{rules};
  EXPECT_EQ(r.toMove(), Color::White);
  for (Audience a : kAll) {
    for (const char* name : {"C3", "G7", "C7"}) EXPECT_EQ(r.view(a).at(pt(name)), Color::Black);
    EXPECT_EQ(r.view(a).stoneCount(Color::Black), 3);
    EXPECT_EQ(r.view(a).toMove(), Color::White);
  }
  // White may not try a handicap stone it can see: bad input, not a try.
  const Answer a = r.tryPoint(Color::White, pt("C3"));
  ASSERT_FALSE(a.accepted());
  EXPECT_EQ(*a.refusal, Refusal::OwnStone);
  EXPECT_EQ(r.version(Audience::Black), 0);
}

TEST(WhoLearnsWhat, SpectatorsSeeOnlyHandicapAndAnnouncementsUntilTheEnd) {
  Rules rules;
  rules.handicap = 2;
  Referee r{rules};
  playAll(r, {"E5", "D4", "F6", "C7"});
  ASSERT_FALSE(r.tryPoint(Color::White, pt("D4")).legal);
  const View& v = r.view(Audience::Spectator);
  int stones = 0;
  for (Color c : v.board()) stones += c != Color::Empty;
  EXPECT_EQ(stones, 2) << "only the handicap stones";
  EXPECT_EQ(v.stoneCount(Color::White), 2);
  EXPECT_EQ(v.stoneCount(Color::Black), 4);
  for (const char* name : {"E5", "D4", "F6", "C7"})
    EXPECT_EQ(testing::viewBytes(r, Audience::Spectator).find(std::string("\"") + name + "\""),
              std::string::npos);
  ASSERT_TRUE(r.pass(Color::White).accepted());
  ASSERT_TRUE(r.pass(Color::Black).accepted());
  EXPECT_TRUE(v.over());
  EXPECT_EQ(v.at(pt("E5")), Color::White);
  EXPECT_EQ(v.reveal().turns.size(), 6u);
  EXPECT_EQ(v.reveal().turns[4].rejected, std::vector<Point>{pt("D4")});
}

TEST(WhoLearnsWhat, OpponentStoneCountFollowsFromAnnouncements) {
  Referee r{Rules{}};
  playAll(r, {"D5", "E5", "F5", "A1", "E6", "A2"});
  EXPECT_EQ(r.view(Audience::Black).stoneCount(Color::White), 3);
  playAll(r, {"E4"});
  for (Audience a : kAll) {
    EXPECT_EQ(r.view(a).stoneCount(Color::White), 2);
    EXPECT_EQ(r.view(a).stoneCount(Color::Black), 4);
  }
}

TEST(WhoLearnsWhat, RejectedMarksStayUntilACaptureClearsThem) {
  Referee r{Rules{}};
  playAll(r, {"D5", "E5"});
  ASSERT_FALSE(r.tryPoint(Color::Black, pt("E5")).legal);
  playAll(r, {"F5", "A1", "E6", "A2"});
  EXPECT_TRUE(r.view(Audience::Black).rejected()[static_cast<size_t>(pt("E5"))])
      << "the mark stays across turns";
  EXPECT_TRUE(r.view(Audience::Black).triedThisTurn().empty());
  playAll(r, {"E4"});  // captures E5
  EXPECT_FALSE(r.view(Audience::Black).rejected()[static_cast<size_t>(pt("E5"))]);
}

TEST(WhoLearnsWhat, GuessMarksArePrivate) {
  Referee r{Rules{}};
  const int before_w = r.version(Audience::White), before_s = r.version(Audience::Spectator);
  ASSERT_TRUE(r.mark(Color::Black, pt("C3"), true).accepted());
  EXPECT_TRUE(r.view(Audience::Black).marks()[static_cast<size_t>(pt("C3"))]);
  EXPECT_EQ(r.version(Audience::White), before_w);
  EXPECT_EQ(r.version(Audience::Spectator), before_s);
  EXPECT_EQ(*r.mark(Color::Black, pt("C3"), true).refusal, Refusal::NoChange);
  ASSERT_TRUE(r.mark(Color::Black, pt("C3"), false).accepted());
  EXPECT_FALSE(r.view(Audience::Black).marks()[static_cast<size_t>(pt("C3"))]);
}

TEST(WhoLearnsWhat, BadInputIsRefusedAndChangesNothing) {
  Referee r{Rules{}};
  playAll(r, {"E5"});
  ASSERT_FALSE(r.tryPoint(Color::White, pt("E5")).legal);
  const size_t log_size = r.log().size();
  const std::string before = testing::viewBytes(r, Audience::White);
  EXPECT_EQ(*r.tryPoint(Color::Black, pt("A1")).refusal, Refusal::NotYourTurn);
  EXPECT_EQ(*r.pass(Color::Black).refusal, Refusal::NotYourTurn);
  EXPECT_EQ(*r.tryPoint(Color::White, pt("E5")).refusal, Refusal::AlreadyTried);
  EXPECT_EQ(*r.tryPoint(Color::White, 81).refusal, Refusal::OffBoard);
  EXPECT_EQ(*r.tryPoint(Color::White, -5).refusal, Refusal::OffBoard);
  EXPECT_EQ(*r.mark(Color::White, 500, true).refusal, Refusal::OffBoard);
  playAll(r, {"D4", "C3"});
  EXPECT_EQ(*r.tryPoint(Color::White, pt("D4")).refusal, Refusal::OwnStone);
  EXPECT_EQ(r.log().size(), log_size + 2);
  EXPECT_NE(testing::viewBytes(r, Audience::White), before);
  ASSERT_TRUE(r.resign(Color::White).accepted());
  EXPECT_EQ(*r.tryPoint(Color::White, pt("A1")).refusal, Refusal::GameOver);
  EXPECT_EQ(*r.pass(Color::White).refusal, Refusal::GameOver);
  EXPECT_EQ(*r.resign(Color::Black).refusal, Refusal::GameOver);
  EXPECT_EQ(*r.mark(Color::Black, pt("A1"), true).refusal, Refusal::GameOver);
}

TEST(WhoLearnsWhat, EachPointOnceATurnSoEveryTurnEnds) {
  Rules rules;
  rules.size = 5;
  Referee r{rules};
  playAll(r, {"A1", "E5", "B2", "D4", "C3"});
  // White tries points in order until one is legal; no point is accepted twice in the turn.
  int accepted = 0;
  for (int p = 0; p < 25 && r.toMove() == Color::White; ++p) {
    const Answer a = r.tryPoint(Color::White, static_cast<Point>(p));
    if (!a.accepted()) continue;
    ++accepted;
    if (r.toMove() == Color::White) {
      const Answer again = r.tryPoint(Color::White, static_cast<Point>(p));
      ASSERT_FALSE(again.accepted());
      EXPECT_EQ(*again.refusal, Refusal::AlreadyTried);
    }
  }
  EXPECT_EQ(r.toMove(), Color::Black);
  EXPECT_LE(accepted, 25);
  EXPECT_EQ(r.view(Audience::Black).rejectionsThisTurn(), 0) << "a new turn starts clean";
}

TEST(WhoLearnsWhat, TheEndRevealsEverythingToEveryone) {
  Referee r{Rules{}};
  playAll(r, {"E5", "D4"});
  ASSERT_FALSE(r.tryPoint(Color::Black, pt("D4")).legal);
  playAll(r, {"C3", "pass", "pass"});
  ASSERT_TRUE(r.over());
  EXPECT_EQ(r.result().reason, EndReason::TwoPasses);
  const std::string b = lastEventBytes(r, Audience::Black);
  EXPECT_EQ(b, lastEventBytes(r, Audience::White));
  EXPECT_EQ(b, lastEventBytes(r, Audience::Spectator));
  const Reveal& rev = r.view(Audience::Spectator).reveal();
  ASSERT_EQ(rev.turns.size(), 5u);
  EXPECT_EQ(rev.turns[0].point, pt("E5"));
  EXPECT_EQ(rev.turns[2].rejected, std::vector<Point>{pt("D4")});
  EXPECT_EQ(rev.turns[2].point, pt("C3"));
  EXPECT_EQ(rev.turns[3].end, TurnRecord::End::Pass);
  EXPECT_EQ(rev.score.black_stones, 2);
  EXPECT_EQ(rev.score.white_stones, 1);
  EXPECT_EQ(rev.result.winner, Color::White);
  for (Audience a : kAll) EXPECT_EQ(r.view(a).board(), rev.board);
}

// The rejection is one code path: the same point rejected because it is occupied, suicide or
// ko gives the same bytes to the mover, the opponent and the spectators.
TEST(WhoLearnsWhat, RejectionBytesDoNotDependOnTheReason) {
  Rules rules;
  rules.size = 5;
  auto run = [&](const std::vector<std::string>& moves) {
    Referee r{rules};
    for (const std::string& m : moves) {
      const Answer a = r.tryPoint(r.toMove(), pt(m, 5));
      EXPECT_TRUE(a.accepted() && a.legal) << m;
    }
    EXPECT_EQ(r.toMove(), Color::White);
    const Answer a = r.tryPoint(Color::White, pt("B2", 5));
    EXPECT_TRUE(a.accepted());
    EXPECT_FALSE(a.legal);
    return std::array<std::string, 3>{lastEventBytes(r, Audience::White),
                                      lastEventBytes(r, Audience::Black),
                                      lastEventBytes(r, Audience::Spectator)};
  };
  // Ko: Black C2 has just captured White B2.
  const auto ko = run({"B3", "C3", "A2", "B2", "B1", "C1", "E5", "D2", "C2"});
  // Occupied: a hidden Black stone stands on B2.
  const auto occupied = run({"B3", "C3", "A2", "E1", "B1", "C1", "B2", "D2", "C2"});
  // Suicide: B2 is empty and surrounded by Black stones with liberties.
  const auto suicide = run({"B3", "C3", "A2", "E1", "B1", "C1", "C2", "D4", "E5"});
  EXPECT_EQ(ko, occupied);
  EXPECT_EQ(ko, suicide);
  EXPECT_NE(ko[0].find("illegal"), std::string::npos);
  EXPECT_EQ(ko[1].find("B2"), std::string::npos);
}

}  // namespace
}  // namespace pg
