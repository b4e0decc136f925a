// The live table's parts on their own, each against its own plain inputs (times passed in, an
// io_context run by the test): AwayWatch, SeatKeys, CommitQueue, ClockTimer, the clock's
// advance when it waits for each side's first move, BotDriver (its player scripted),
// Subscribers, and the table's writer (StrandWriter) on a store the test answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "server/table/away_watch.h"
#include "server/table/bot_driver.h"
#include "server/table/clock_timer.h"
#include "server/table/commit_queue.h"
#include "server/table/messages.h"
#include "server/table/seat_keys.h"
#include "server/table/strand_writer.h"
#include "server/table/subscribers.h"
#include "server/table/table_replay.h"
#include "table_test_support.h"

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

/// A player that plays what the test says, or throws.
class ScriptedPlayer : public Player {
 public:
  explicit ScriptedPlayer(std::optional<Action> action) : action_(action) {}
  Action choose(const View& view, const SearchLimits&) override {
    seen_version = view.version();
    if (!action_) throw std::runtime_error("no idea (test)");
    return *action_;
  }
  std::string name() const override { return "scripted"; }
  int seen_version = -1;

 private:
  std::optional<Action> action_;
};

TEST_F(OnAStrand, BotDriverThinksOffTheStrandAndAnswersOnItWithTheViewsVersion) {
  boost::asio::thread_pool pool(1);
  Referee r{Rules{}};
  ASSERT_TRUE(r.pass(Color::Black).accepted());
  auto player = std::make_unique<ScriptedPlayer>(Action::tryAt(*parsePoint("C3", 9)));
  BotDriver bot(std::move(player), Color::White, pool, strand_, "t");
  std::optional<Action> got;
  int version = -1;
  bool on_strand = false;
  onStrand([&] {
    bot.think(r.view(audienceOf(Color::White)), SearchLimits{}, [&](Action a, int v) {
      on_strand = strand_.running_in_this_thread();
      got = a;
      version = v;
      bot.answered();
    });
    EXPECT_TRUE(bot.busy());
  });
  // The job runs on the pool and posts its answer to the strand (which may already have run it,
  // if the answer came while onStrand still ran the io_context): once the pool has no work left,
  // whatever is left of it waits on the strand.
  pool.join();
  io_.restart();
  io_.poll();
  ASSERT_TRUE(got.has_value());
  EXPECT_TRUE(on_strand);
  EXPECT_EQ(got->kind, Action::Kind::Try);
  EXPECT_EQ(version, r.version(audienceOf(Color::White)));
  EXPECT_FALSE(bot.busy());
  onStrand([&] {
    const Answer a = bot.play(r, *got);
    EXPECT_TRUE(a.accepted());
    EXPECT_EQ(r.toMove(), Color::Black);
  });
}

TEST_F(OnAStrand, BotDriverPassesWhenItsPlayerFailsOrItsTryIsRefused) {
  boost::asio::thread_pool pool(1);
  Referee r{Rules{}};
  BotDriver failing(std::make_unique<ScriptedPlayer>(std::nullopt), Color::Black, pool, strand_,
                    "t");
  std::optional<Action> got;
  onStrand([&] {
    failing.think(r.view(audienceOf(Color::Black)), SearchLimits{}, [&](Action a, int) {
      got = a;
      failing.answered();
    });
  });
  pool.join();
  io_.restart();
  io_.poll();
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->kind, Action::Kind::Pass) << "a player that throws passes";
  // A try on its own stone is refused by the referee: the computer passes instead.
  ASSERT_TRUE(r.tryPoint(Color::Black, *parsePoint("C3", 9)).accepted());
  ASSERT_TRUE(r.pass(Color::White).accepted());
  onStrand([&] {
    const std::size_t before = r.log().size();
    EXPECT_TRUE(failing.play(r, Action::tryAt(*parsePoint("C3", 9))).accepted());
    ASSERT_GT(r.log().size(), before);
    EXPECT_EQ(r.log().back().kind, EventKind::Pass);
  });
}

TEST(Subscribers, EachConnectionGetsItsAudiencesEventsOnceAndPresenceCountsTheLive) {
  Referee r{Rules{}};
  Subscribers subs;
  auto black = std::make_shared<test::RecordingPeer>("203.0.113.7");
  auto spectator = std::make_shared<test::RecordingPeer>("203.0.113.7");
  subs.add(black, Role::Black, r, Subscribers::LastVersions{});
  subs.add(spectator, Role::Spectator, r, Subscribers::LastVersions{});
  EXPECT_EQ(black->types(), std::vector<std::string>{"snapshot"}) << "a first join: a snapshot";
  EXPECT_EQ(subs.roleOf(black.get()), Role::Black);
  EXPECT_EQ(subs.presence().black, true);
  EXPECT_EQ(subs.presence().white, false);
  EXPECT_EQ(subs.presence().spectators, 1);
  EXPECT_EQ(subs.spectatorsFrom("203.0.113.7"), 1);

  ASSERT_TRUE(r.tryPoint(Color::Black, *parsePoint("C3", 9)).accepted());
  subs.flush(r);
  subs.flush(r);  // nothing new: nothing sent twice
  EXPECT_EQ(black->of("event").size(), 1u);
  EXPECT_EQ(spectator->of("event").size(), 1u);

  subs.sendEach([](Role role) -> Frame {
    return role == Role::Spectator ? nullptr : errorFrame(Error::of(Err::Spectator));
  });
  EXPECT_EQ(black->types().back(), "error");
  EXPECT_EQ(spectator->types().back(), "event") << "a null frame is sent to nobody";

  spectator.reset();  // the connection went
  EXPECT_EQ(subs.presence().spectators, 0) << "only live connections count";
  EXPECT_TRUE(subs.remove(nullptr));
  subs.closeAll();
  EXPECT_TRUE(black->closed);
  EXPECT_TRUE(subs.empty());
}

TEST(Subscribers, ARejoinGetsOnlyWhatItMissedWhenItsVersionIsKnown) {
  Referee r{Rules{}};
  ASSERT_TRUE(r.tryPoint(Color::Black, *parsePoint("C3", 9)).accepted());
  ASSERT_TRUE(r.pass(Color::White).accepted());
  const int64_t had = r.version(audienceOf(Color::White)) - 1;
  Subscribers subs;
  auto white = std::make_shared<test::RecordingPeer>("203.0.113.7");
  Subscribers::LastVersions last{};
  last[static_cast<std::size_t>(audienceOf(Color::White))] = had;
  subs.add(white, Role::White, r, last);
  EXPECT_EQ(white->types(), std::vector<std::string>{"event"}) << "one missed event, no snapshot";
  EXPECT_EQ(Subscribers::lastVersions(Role::Hotseat, LastVersion{int64_t{3}}), std::nullopt)
      << "a hot seat needs one version per seat";
}

/// A store that keeps each write until the test answers it.
class HeldStore : public Store {
 public:
  void write(StoreWrite w, WriteDone done) override {
    held.emplace_back(std::move(w), std::move(done));
  }
  std::optional<StoredTable> table(const std::string&) override { return std::nullopt; }
  std::vector<StoredEvent> events(const std::string&) override { return {}; }
  std::vector<StoredChat> chat(const std::string&) override { return {}; }
  std::vector<std::string> unfinishedTables() override { return {}; }
  std::vector<std::string> expireWaiting(int64_t, int) override { return {}; }
  /// Answers the oldest write, from the test's thread (as the store's writer thread would).
  void answer(std::exception_ptr error = nullptr) {
    auto [w, done] = std::move(held.front());
    held.pop_front();
    done(error);
  }
  std::deque<std::pair<StoreWrite, WriteDone>> held;
};

class WriterTest : public OnAStrand {
 protected:
  WriterTest()
      : writer_(
            strand_, store_, nullptr, "t", [] { return std::shared_ptr<void>(); },
            [this] { ++lost_; }) {}
  /// A chat line's write whose endings are noted in `ran_`.
  void storeLine(const std::shared_ptr<Peer>& told) {
    writer_.store(AppendChat{"t", StoredChat{0, 1, "line"}},
                  {.what = "a chat line",
                   .told = told,
                   .stored = [this] { ran_.push_back("stored"); },
                   .failed = [this] { ran_.push_back("failed"); }});
  }
  /// An input that arrives while the write is in flight.
  void input(const std::string& name) {
    writer_.runOrDefer([this, name] { ran_.push_back(name); });
  }

  HeldStore store_;
  StrandWriter writer_;
  int lost_ = 0;
  std::vector<std::string> ran_;
};

TEST_F(WriterTest, StoredThenTheHeldInputsInOrder) {
  onStrand([&] {
    storeLine(nullptr);
    EXPECT_TRUE(writer_.busy());
    input("join");
    input("command");
  });
  EXPECT_TRUE(ran_.empty()) << "nothing runs before the store answers";
  ASSERT_EQ(store_.held.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<AppendChat>(store_.held.front().first));
  store_.answer();
  onStrand([] {});
  EXPECT_EQ(ran_, (std::vector<std::string>{"stored", "join", "command"}));
  EXPECT_FALSE(writer_.busy());
}

TEST_F(WriterTest, AFailedWriteIsToldToItsAskerAndUndoneThenTheHeldInputsRun) {
  auto asker = std::make_shared<test::RecordingPeer>("203.0.113.7");
  onStrand([&] {
    storeLine(asker);
    input("next");
  });
  store_.answer(std::make_exception_ptr(StoreError("disk full (test)")));
  onStrand([] {});
  EXPECT_EQ(ran_, (std::vector<std::string>{"failed", "next"}));
  EXPECT_EQ(asker->types(), std::vector<std::string>{"error"});
  EXPECT_EQ(lost_, 0);
}

TEST_F(WriterTest, ALostClaimDropsTheTableAndNothingHeldRuns) {
  auto asker = std::make_shared<test::RecordingPeer>("203.0.113.7");
  onStrand([&] {
    storeLine(asker);
    input("next");
  });
  store_.answer(std::make_exception_ptr(ClaimLost("elsewhere (test)")));
  onStrand([] {});
  EXPECT_EQ(lost_, 1);
  EXPECT_TRUE(ran_.empty()) << "neither the job's endings nor the held inputs";
  EXPECT_TRUE(asker->types().empty()) << "nobody hears of a write the new owner never had";
}

TEST_F(WriterTest, ASubmitThatThrowsFailsAtOnceAndTheWriterIsFree) {
  onStrand([&] {
    writer_.submit([](Store::WriteDone) { throw StoreError("the server is full (test)"); },
                   {.what = "the rematch's table",
                    .told = nullptr,
                    .stored = [this] { ran_.push_back("stored"); },
                    .failed = [this] { ran_.push_back("failed"); }});
    EXPECT_FALSE(writer_.busy());
    input("next");
  });
  EXPECT_EQ(ran_, (std::vector<std::string>{"failed", "next"}));
}

}  // namespace
}  // namespace pg
