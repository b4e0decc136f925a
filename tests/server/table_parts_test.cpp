// The live table's parts on their own, each against its own plain inputs (times passed in, an
// io_context run by the test): AwayWatch, SeatKeys, CommitQueue, ClockTimer, and the clock's
// advance when it waits for each side's first move.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "server/table/away_watch.h"
#include "server/table/clock_timer.h"
#include "server/table/commit_queue.h"
#include "server/table/seat_keys.h"
#include "server/table/table_replay.h"

namespace pg {
namespace {

TEST(AwayWatch, ASeatIsAwayFromTheMomentItLeftUntilItComesBack) {
  AwayWatch w(1000);  // a table loaded at 1000: both seats away from then
  EXPECT_EQ(w.awaySince(Color::Black), 1000);
  w.presence(Color::Black, true, 1200);
  EXPECT_EQ(w.awaySince(Color::Black), std::nullopt);
  w.presence(Color::Black, false, 1500);
  w.presence(Color::Black, false, 1900);  // still away: the earlier time stays
  EXPECT_EQ(w.awaySince(Color::Black), 1500);
  EXPECT_EQ(w.claimableAt(Color::Black, 300), 1800);
  w.presence(Color::Black, true, 2000);
  EXPECT_EQ(w.claimableAt(Color::Black, 300), std::nullopt) << "back: nothing to claim";
}

TEST(AwayWatch, LeavingWhileTheOpponentThinksCostsNothingUntilOnesTurn) {
  AwayWatch w(0);
  w.presence(Color::White, false, 100);  // White leaves while Black is on turn
  w.turnStarted(5000);                   // White's turn begins much later
  EXPECT_EQ(w.turnSince(), 5000);
  EXPECT_EQ(w.claimableAt(Color::White, 300), 5300);
}

TEST(SeatKeys, EachTokenItsSeatAndAnEmptySecretNever) {
  const SeatKeys keys("black-secret", "white-secret", "");
  EXPECT_EQ(keys.authenticate("black-secret"), Role::Black);
  EXPECT_EQ(keys.authenticate("white-secret"), Role::White);
  EXPECT_EQ(keys.authenticate(""), std::nullopt) << "no hot seat: its empty secret is no key";
  EXPECT_EQ(keys.authenticate("black-secre"), std::nullopt);
  EXPECT_EQ(keys.authenticate("black-secretx"), std::nullopt);
  EXPECT_EQ(keys.authenticate("white-secret "), std::nullopt);
  const SeatKeys hot("", "", "device-secret");
  EXPECT_EQ(hot.authenticate("device-secret"), Role::Hotseat);
  EXPECT_EQ(hot.authenticate(""), std::nullopt);
}

class OnAStrand : public ::testing::Test {
 protected:
  /// Runs `f` on the strand and everything it posts, to the end.
  void onStrand(std::function<void()> f) {
    boost::asio::post(strand_, std::move(f));
    io_.restart();
    io_.run();
  }
  boost::asio::io_context io_;
  TableStrand strand_ = boost::asio::make_strand(io_);
};

TEST_F(OnAStrand, CommitQueueHoldsInputsBehindAWriteAndReleasesThemInOrder) {
  CommitQueue q(strand_);
  std::vector<std::string> ran;
  onStrand([&] {
    q.runOrDefer([&] { ran.push_back("at once"); });
    q.begin();
    EXPECT_TRUE(q.inFlight());
    q.runOrDefer([&] { ran.push_back("first held"); });
    q.runOrDefer([&] {
      ran.push_back("second held, writes");
      q.begin();  // a held input that writes stops the release here
    });
    q.runOrDefer([&] { ran.push_back("third held"); });
    EXPECT_EQ(ran, std::vector<std::string>{"at once"});
    q.end();
    q.releaseHeld();
    EXPECT_EQ(ran, (std::vector<std::string>{"at once", "first held", "second held, writes"}));
    EXPECT_TRUE(q.inFlight());
    q.end();
    q.releaseHeld();
    EXPECT_EQ(ran.back(), "third held");
    EXPECT_FALSE(q.inFlight());
  });
}

TEST_F(OnAStrand, ClockTimerWakesOnceAndAStaleWakeUpKnowsItself) {
  ClockTimer timer(strand_);
  std::vector<std::pair<int, bool>> woke;  // which arm, and whether it was current
  onStrand([&] {
    timer.arm(5, [&](uint64_t g) { woke.emplace_back(1, timer.current(g)); });
    timer.arm(10, [&](uint64_t g) { woke.emplace_back(2, timer.current(g)); });
  });
  // The first arm was cancelled by the second: only the second wakes, and it is current.
  ASSERT_EQ(woke.size(), 1u);
  EXPECT_EQ(woke[0], std::make_pair(2, true));
  woke.clear();
  onStrand([&] {
    timer.arm(5, [&](uint64_t g) { woke.emplace_back(3, timer.current(g)); });
    timer.cancel();
  });
  EXPECT_TRUE(woke.empty()) << "a cancelled wake-up does not run";
}

TEST(ClockAdvance, AClockThatWaitsStartsWithTheThirdTurnAndChargesNothingBefore) {
  Referee r{Rules{}};
  FischerClock clock(60000, 2000);
  ASSERT_TRUE(r.tryPoint(Color::Black, *parsePoint("E5", 9)).accepted());
  advanceClock(clock, r, 0, 10000);
  EXPECT_FALSE(clock.started()) << "Black's first move: the clock still waits";
  ASSERT_TRUE(r.pass(Color::White).accepted());
  advanceClock(clock, r, 1, 25000);
  ASSERT_TRUE(clock.started());
  EXPECT_EQ(clock.running(), Color::Black);
  EXPECT_EQ(clock.remaining(Color::Black, 25000), 60000);
  EXPECT_EQ(clock.remaining(Color::White, 25000), 60000) << "no increment for the waiting turns";
  EXPECT_EQ(clock.remaining(Color::Black, 26000), 59000);
}

TEST(ClockAdvance, AnAbortBeforeTheStartLeavesTheClockUntouched) {
  Referee r{Rules{}};
  FischerClock clock(60000, 0);
  ASSERT_TRUE(r.abortGame(Color::White).accepted());
  advanceClock(clock, r, 0, 5000);
  EXPECT_FALSE(clock.started());
  EXPECT_EQ(clock.running(), Color::Empty);
}

}  // namespace
}  // namespace pg
