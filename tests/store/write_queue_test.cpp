// The write queue both stores share (store/write_queue.h), against a backend that stores
// nothing: what goes into one transaction, the one-by-one retry of a failed group, a lost
// session failing the rest by kind, each `done` called once, and the order of control jobs.
#include "store/write_queue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <future>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "store_test_support.h"

namespace pg {
namespace {

using test::Answers;
using test::holds;

/// Records each transaction as the table ids of its writes; fails what it is told to.
class FakeBackend : public WriteBackend {
 public:
  std::set<std::string> bad;      // a transaction holding a write of these tables fails
  std::set<std::string> loses;    // ... loses the session
  std::set<std::string> refused;  // check() refuses these (ClaimLost)

  void commit(std::span<const StoreWrite> writes) override {
    std::string line = "commit";
    for (const StoreWrite& w : writes) {
      if (loses.count(tableOf(w))) {
        note("lost");
        throw SessionLost("session gone (test)");
      }
      if (bad.count(tableOf(w))) {
        note("failed");
        throw StoreError("bad write (test)");
      }
      line += " " + tableOf(w);
    }
    note(line);
  }
  std::exception_ptr check(const StoreWrite& w) override {
    if (!refused.count(tableOf(w))) return nullptr;
    return std::make_exception_ptr(ClaimLost("not claimed (test)"));
  }
  void afterBatch() override { note("after"); }

  void note(const std::string& s) {
    std::lock_guard lock(m);
    log.push_back(s);
  }
  std::vector<std::string> lines() {
    std::lock_guard lock(m);
    std::vector<std::string> out;
    for (const std::string& s : log)
      if (s != "after") out.push_back(s);
    return out;
  }
  std::mutex m;
  std::vector<std::string> log;
};

StoreWrite appendTo(const std::string& id) {
  return AppendEvents{id, {{0, 1, "e"}}, std::nullopt};
}

TEST(WriteQueue, CommitsTheWritesQueuedMeanwhileInOneTransaction) {
  FakeBackend b;
  WriteQueue q(b, /*group_commit=*/true);
  Answers answers(5);
  q.write(appendTo("a"), answers.done(0));
  q.write(CreateTable{test::sampleTable("b")}, answers.done(1));
  q.write(StartTable{"c", 5}, answers.done(2));
  q.write(AppendChat{"d", StoredChat{0, 1, "hi"}}, answers.done(3));
  q.write(SetSetup{"e", "{}"}, answers.done(4));
  q.start();  // everything is queued: one batch
  ASSERT_TRUE(answers.waitAll());
  EXPECT_EQ(b.lines(), std::vector<std::string>{"commit a b c d e"});
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(answers.calls[i], 1);
    EXPECT_FALSE(answers.errors[i]);
  }
  EXPECT_EQ(q.stats().commits, 1);
  EXPECT_EQ(q.stats().writes, 5);
}

TEST(WriteQueue, AFailedGroupIsRetriedOneByOneSoOnlyTheBadWriteFails) {
  FakeBackend b;
  b.bad = {"bad"};
  WriteQueue q(b, true);
  Answers answers(3);
  q.write(appendTo("a"), answers.done(0));
  q.write(appendTo("bad"), answers.done(1));
  q.write(appendTo("c"), answers.done(2));
  q.start();
  ASSERT_TRUE(answers.waitAll());
  EXPECT_EQ(b.lines(), (std::vector<std::string>{"failed", "commit a", "failed", "commit c"}));
  EXPECT_FALSE(answers.errors[0]);
  EXPECT_TRUE(holds<StoreError>(answers.errors[1]));
  EXPECT_FALSE(answers.errors[2]);
  EXPECT_EQ(answers.calls, (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(q.stats().commits, 2);
  EXPECT_EQ(q.stats().writes, 3);
}

TEST(WriteQueue, ALostSessionFailsEveryWriteNotYetCommittedByKind) {
  FakeBackend b;
  b.bad = {"bad"};
  b.loses = {"lost"};
  WriteQueue q(b, true);
  Answers answers(5);
  q.write(appendTo("a"), answers.done(0));
  q.write(appendTo("bad"), answers.done(1));
  q.write(appendTo("lost"), answers.done(2));
  q.write(CreateTable{test::sampleTable("new")}, answers.done(3));
  q.write(SetSetup{"d", "{}"}, answers.done(4));
  q.start();
  ASSERT_TRUE(answers.waitAll());
  // The group fails on the bad write; alone, "a" is stored, the bad one fails, and the session
  // is lost at the third: it and every write after it fail.
  EXPECT_EQ(b.lines(), (std::vector<std::string>{"failed", "commit a", "failed", "lost"}));
  EXPECT_FALSE(answers.errors[0]);
  EXPECT_TRUE(holds<StoreError>(answers.errors[1]));
  EXPECT_FALSE(holds<ClaimLost>(answers.errors[1]));
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[2]));
  EXPECT_TRUE(holds<StoreError>(answers.errors[3]));
  EXPECT_FALSE(holds<ClaimLost>(answers.errors[3])) << "a creation needs no claim";
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[4]));
  EXPECT_EQ(answers.calls, (std::vector<int>{1, 1, 1, 1, 1}));
}

TEST(WriteQueue, ASessionLostInTheGroupFailsTheWholeGroup) {
  FakeBackend b;
  b.loses = {"lost"};
  WriteQueue q(b, true);
  Answers answers(3);
  q.write(CreateTable{test::sampleTable("new")}, answers.done(0));
  q.write(appendTo("lost"), answers.done(1));
  q.write(AppendChat{"c", StoredChat{}}, answers.done(2));
  q.start();
  ASSERT_TRUE(answers.waitAll());
  EXPECT_EQ(b.lines(), std::vector<std::string>{"lost"});  // no retry on a lost session
  EXPECT_FALSE(holds<ClaimLost>(answers.errors[0]));
  EXPECT_TRUE(holds<StoreError>(answers.errors[0]));
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[1]));
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[2]));
}

TEST(WriteQueue, ARefusedWriteFailsWithoutReachingTheBackend) {
  FakeBackend b;
  b.refused = {"theirs"};
  WriteQueue q(b, true);
  Answers answers(2);
  q.write(appendTo("theirs"), answers.done(0));
  q.write(appendTo("ours"), answers.done(1));
  q.start();
  ASSERT_TRUE(answers.waitAll());
  EXPECT_EQ(b.lines(), std::vector<std::string>{"commit ours"});
  EXPECT_TRUE(holds<ClaimLost>(answers.errors[0]));
  EXPECT_FALSE(answers.errors[1]);
  EXPECT_EQ(q.stats().writes, 1);
}

TEST(WriteQueue, ControlJobsRunInQueueOrderBetweenTheWrites) {
  FakeBackend b;
  WriteQueue q(b, true);
  Answers answers(5);
  std::vector<std::size_t> answered;  // on the writer thread only, read after waitAll
  auto track = [&](std::size_t i) {
    return [&, i, done = answers.done(i)](std::exception_ptr e) {
      answered.push_back(i);
      done(e);
    };
  };
  q.write(appendTo("a"), track(0));
  q.control([&] { b.note("claim x"); }, track(1));
  q.write(appendTo("b"), track(2));
  q.write(appendTo("c"), track(3));
  q.control([&] { throw StoreError("no session (test)"); }, track(4));
  q.start();
  ASSERT_TRUE(answers.waitAll());
  EXPECT_EQ(b.lines(), (std::vector<std::string>{"commit a", "claim x", "commit b c"}));
  EXPECT_EQ(answered, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_FALSE(answers.errors[1]);
  EXPECT_TRUE(holds<StoreError>(answers.errors[4]));
  // The after-batch hook ran once, before the answers.
  EXPECT_EQ(b.log.back(), "after");
  // call() waits for its job and rethrows what it threw.
  int ran = 0;
  q.call([&] { ++ran; });
  EXPECT_EQ(ran, 1);
  EXPECT_THROW(q.call([] { throw StoreError("x"); }), StoreError);
}

TEST(WriteQueue, TheAfterBatchHookRunsBeforeTheAnswers) {
  FakeBackend b;
  WriteQueue q(b, true);
  std::promise<std::vector<std::string>> seen;
  q.write(appendTo("a"), [&](std::exception_ptr) {
    std::lock_guard lock(b.m);
    seen.set_value(b.log);
  });
  q.start();
  EXPECT_EQ(seen.get_future().get(), (std::vector<std::string>{"commit a", "after"}));
}

TEST(WriteQueue, AThrowingAnswerDoesNotStopTheWriter) {
  FakeBackend b;
  WriteQueue q(b, true);
  q.start();
  q.write(appendTo("a"), [](std::exception_ptr) { throw std::runtime_error("caller's bug"); });
  Answers answers(1);
  q.write(appendTo("b"), answers.done(0));
  ASSERT_TRUE(answers.waitAll());
  EXPECT_FALSE(answers.errors[0]);
}

TEST(WriteQueue, WithoutGroupCommitEachWriteIsItsOwnTransactionAnsweredBeforeWriteReturns) {
  FakeBackend b;
  WriteQueue q(b, /*group_commit=*/false);
  q.start();
  std::exception_ptr nested;
  int calls = 0;
  q.write(appendTo("a"), [&](std::exception_ptr e) {
    ++calls;
    EXPECT_FALSE(e);
    EXPECT_TRUE(q.onWriterThread());
    // A write from an answer would wait for itself: it fails at once instead.
    q.write(appendTo("b"), [&](std::exception_ptr e2) { nested = e2; });
  });
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(holds<StoreError>(nested));
  int second = 0;
  q.write(appendTo("c"), [&](std::exception_ptr) { ++second; });
  EXPECT_EQ(second, 1);
  EXPECT_EQ(b.lines(), (std::vector<std::string>{"commit a", "commit c"}));
  EXPECT_EQ(q.stats().commits, 2);
}

TEST(WriteQueue, StoppingCommitsWhatIsQueuedAndLaterWritesFail) {
  FakeBackend b;
  Answers answers(2);
  {
    WriteQueue q(b, true);
    q.start();
    for (int i = 0; i < 20; ++i) q.write(appendTo("t" + std::to_string(i)), nullptr);
    q.write(appendTo("last"), answers.done(0));
    q.stop();
    EXPECT_EQ(answers.calls[0], 1);
    EXPECT_FALSE(answers.errors[0]);
    q.write(appendTo("late"), answers.done(1));
  }
  EXPECT_TRUE(holds<StoreError>(answers.errors[1]));
  std::size_t stored = 0;
  for (const std::string& line : b.lines())
    stored += static_cast<std::size_t>(std::count(line.begin(), line.end(), ' '));
  EXPECT_EQ(stored, 21u);
}

TEST(WriteQueue, TheOldestWaitingWriteIsMeasuredWhileItsCommitStalls) {
  // A commit that does not finish (a database waiting for a standby that is not there).
  struct StallingBackend : WriteBackend {
    std::mutex m;
    std::condition_variable cv;
    bool go = false;
    void commit(std::span<const StoreWrite>) override {
      std::unique_lock lock(m);
      cv.wait(lock, [&] { return go; });
    }
  } b;
  WriteQueue q(b, /*group_commit=*/true);
  EXPECT_EQ(q.oldestWaiting(), std::chrono::milliseconds(0));
  q.start();
  Answers answers(2);
  q.write(appendTo("a"), answers.done(0));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  q.write(appendTo("b"), answers.done(1));  // queued behind the stalled commit
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  // The first write's age, though a newer one waits too; at least the time slept.
  EXPECT_GE(q.oldestWaiting(), std::chrono::milliseconds(150));
  {
    std::lock_guard lock(b.m);
    b.go = true;
  }
  b.cv.notify_all();
  ASSERT_TRUE(answers.waitAll());
  // The last batch is marked answered just before its answers run.
  EXPECT_EQ(q.oldestWaiting(), std::chrono::milliseconds(0));
}

}  // namespace
}  // namespace pg
