// The table's features on their own (chat, names, rematch, abandonment), each on a fake table
// (TableHost) with a fake writer that answers each write when the test says, and a clock the
// test sets: what each feature stores, and who hears what once the write is stored, failed, or
// refused for a lost claim.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "server/table/abandon_feature.h"
#include "server/table/chat_feature.h"
#include "server/table/names_feature.h"
#include "server/table/rematch_feature.h"
#include "server/table/table_host.h"
#include "table_test_support.h"

namespace pg {
namespace {

/// A writer that keeps each write until the test answers it; the inputs it holds meanwhile run
/// after the answer, as the real one runs them.
class FakeWriter : public TableWriter {
 public:
  enum class Outcome : uint8_t { Stored, Failed, Lost };
  struct Pending {
    std::optional<StoreWrite> write;  // a store write; else a submitted one
    Submit submit;
    WriteJob job;
  };

  void store(StoreWrite w, WriteJob job) override {
    ASSERT_FALSE(busy()) << "one write at a time";
    pending.push_back({std::move(w), {}, std::move(job)});
  }
  void submit(Submit s, WriteJob job) override {
    ASSERT_FALSE(busy()) << "one write at a time";
    pending.push_back({std::nullopt, std::move(s), std::move(job)});
  }
  bool busy() const override { return !pending.empty(); }
  void runOrDefer(std::function<void()> f) override {
    if (busy())
      held.push_back(std::move(f));
    else
      f();
  }
  void hold(std::function<void()> f) override { held.push_back(std::move(f)); }

  /// Answers the write in flight. A submitted write is started now, and its own answer decides
  /// between stored and failed unless `outcome` is Lost.
  void answer(Outcome outcome) {
    Pending p = std::move(pending.front());
    pending.pop_front();
    if (p.submit) {
      std::exception_ptr error;
      p.submit([&](std::exception_ptr e) { error = e; });
      if (outcome == Outcome::Stored && error) outcome = Outcome::Failed;
    }
    if (outcome == Outcome::Lost) {
      ++lost;
      return;  // the table drops itself, and what it held with it
    }
    if (outcome == Outcome::Stored) {
      if (p.job.stored) p.job.stored();
    } else {
      failed_told.push_back(p.job.told);
      if (p.job.failed) p.job.failed();
    }
    while (!busy() && !held.empty()) {
      auto f = std::move(held.front());
      held.pop_front();
      f();
    }
  }

  std::deque<Pending> pending;
  std::deque<std::function<void()>> held;
  std::vector<std::shared_ptr<Peer>> failed_told;  // who would hear store-failed
  int lost = 0;
};

/// A table of the test's making: its setup, referee, connections and clock.
class FakeTable : public TableHost {
 public:
  explicit FakeTable(TableSetup s) : setup_(std::move(s)), referee_(setup_.rules) {}

  const std::string& tableId() const override { return id_; }
  const TableSetup& setup() const override { return setup_; }
  const Referee& referee() const override { return referee_; }
  bool started() const override { return started_; }
  const ServerSettings& settings() const override { return settings_; }
  Metrics* metrics() const override { return nullptr; }
  int64_t now() const override { return now_ms; }
  Presence presence() const override { return presence_; }
  Subscribers& subscribers() override { return subs_; }
  TableWriter& writer() override { return writer_; }
  std::shared_ptr<void> keepAlive() override { return nullptr; }
  void publishInfo() override { ++published; }
  void adoptSetup(TableSetup s, std::string json) override {
    setup_ = std::move(s);
    adopted_json = std::move(json);
  }
  void createRematch(const Json& request,
                     std::function<void(std::exception_ptr, StoredTable)> done) override {
    rematch_requests.push_back(request);
    if (fail_rematch) return done(std::make_exception_ptr(StoreError("disk full (test)")), {});
    StoredTable t;
    t.id = "rematch1";
    t.black_token = "new-black";
    t.white_token = "new-white";
    done(nullptr, std::move(t));
  }

  /// A connection joined as `role`; its join frames are forgotten.
  std::shared_ptr<test::RecordingPeer> join(Role role) {
    auto l = std::make_shared<test::RecordingPeer>();
    subs_.add(l, role, referee_, Subscribers::LastVersions{});
    l->frames.clear();
    return l;
  }

  TableSetup setup_;
  Referee referee_;
  bool started_ = true;
  ServerSettings settings_;
  int64_t now_ms = 1000;
  Presence presence_{true, true, 0};
  Subscribers subs_;
  FakeWriter writer_;
  std::string id_ = "table1";
  int published = 0;
  std::string adopted_json;
  std::vector<Json> rematch_requests;
  bool fail_rematch = false;
};

TableSetup onlineNine() {
  TableSetup s;
  s.rules.size = 9;
  return s;
}

using Outcome = FakeWriter::Outcome;

TEST(ChatFeature, ALineIsToldOnlyOnceStoredAndOnlyToThoseWhoMayReadIt) {
  FakeTable t(onlineNine());
  ChatFeature chat(t, {});
  auto black = t.join(Role::Black);
  auto white = t.join(Role::White);
  auto spectator = t.join(Role::Spectator);
  chat.say(black, Role::Black, "good luck");
  ASSERT_EQ(t.writer_.pending.size(), 1u);
  const auto* stored = std::get_if<AppendChat>(&*t.writer_.pending.front().write);
  ASSERT_NE(stored, nullptr);
  EXPECT_EQ(stored->table_id, "table1");
  EXPECT_EQ(stored->line.seq, 0);
  EXPECT_EQ(stored->line.at, 1000) << "the table's clock";
  EXPECT_TRUE(white->frames.empty()) << "nobody hears of a line before it is stored";
  t.writer_.answer(Outcome::Stored);
  ASSERT_EQ(white->of("chat").size(), 1u);
  EXPECT_EQ(white->of("chat")[0]["line"]["text"], "good luck");
  EXPECT_EQ(black->of("chat").size(), 1u);
  EXPECT_TRUE(spectator->frames.empty()) << "the players' channel is closed to spectators";
}

TEST(ChatFeature, AFailedLineIsShownToNobodyAndTheNextOneTakesItsPlace) {
  FakeTable t(onlineNine());
  ChatFeature chat(t, {});
  auto black = t.join(Role::Black);
  auto white = t.join(Role::White);
  chat.say(white, Role::White, "lost line");
  t.writer_.answer(Outcome::Failed);
  EXPECT_EQ(t.writer_.failed_told, std::vector<std::shared_ptr<Peer>>{white})
      << "the sender hears store-failed";
  EXPECT_TRUE(black->frames.empty());
  EXPECT_TRUE(white->frames.empty());
  chat.say(white, Role::White, "second try");
  EXPECT_EQ(std::get<AppendChat>(*t.writer_.pending.front().write).line.seq, 0)
      << "the failed line took no place in the chat";
  t.writer_.answer(Outcome::Lost);
  EXPECT_EQ(t.writer_.lost, 1);
  EXPECT_TRUE(black->frames.empty()) << "a line refused for a lost claim is told to nobody";
}

TEST(ChatFeature, HotSeatHasNoChatAndNothingIsWritten) {
  TableSetup s = onlineNine();
  s.mode = TableMode::Hotseat;
  FakeTable t(s);
  ChatFeature chat(t, {});
  auto hot = t.join(Role::Hotseat);
  chat.say(hot, Role::Hotseat, "hello");
  EXPECT_TRUE(t.writer_.pending.empty());
  ASSERT_EQ(hot->of("error").size(), 1u);
}

TEST(NamesFeature, ANameIsAdoptedAndPublishedOnlyOnceStored) {
  FakeTable t(onlineNine());
  NamesFeature names(t);
  auto black = t.join(Role::Black);
  names.rename(black, Role::Black, "Ada");
  ASSERT_EQ(t.writer_.pending.size(), 1u);
  const SetSetup write = std::get<SetSetup>(*t.writer_.pending.front().write);
  EXPECT_EQ(setupFromJson(Json::parse(write.setup)).black_name, "Ada");
  EXPECT_EQ(t.setup_.black_name, "Black") << "not before it is stored";
  EXPECT_EQ(t.published, 0);
  t.writer_.answer(Outcome::Stored);
  EXPECT_EQ(t.setup_.black_name, "Ada");
  EXPECT_EQ(t.adopted_json, write.setup);
  EXPECT_EQ(t.published, 1);

  names.rename(black, Role::Black, "Ada");
  EXPECT_TRUE(t.writer_.pending.empty());
  ASSERT_EQ(black->of("error").size(), 1u);
  EXPECT_EQ(black->of("error")[0]["code"], "name-unchanged");
  auto spectator = t.join(Role::Spectator);
  names.rename(spectator, Role::Spectator, "Eve");
  EXPECT_TRUE(t.writer_.pending.empty());
  EXPECT_EQ(spectator->of("error")[0]["code"], "spectator");
}

TEST(NamesFeature, AFailedNameChangesNothing) {
  FakeTable t(onlineNine());
  NamesFeature names(t);
  auto white = t.join(Role::White);
  names.rename(white, Role::White, "Bo");
  t.writer_.answer(Outcome::Failed);
  EXPECT_EQ(t.setup_.white_name, "White");
  EXPECT_EQ(t.published, 0);
  EXPECT_EQ(t.writer_.failed_told, std::vector<std::shared_ptr<Peer>>{white});
}

/// A finished game: Black resigned.
void finish(FakeTable& t) {
  ASSERT_TRUE(t.referee_.resign(Color::Black).accepted());
}

TEST(RematchFeature, BothSeatsAgreeThenEachConnectionHearsItsOwnWay) {
  FakeTable t(onlineNine());
  finish(t);
  RematchFeature rematch(t, std::nullopt);
  auto black = t.join(Role::Black);
  auto white = t.join(Role::White);
  auto spectator = t.join(Role::Spectator);
  rematch.ask(black, Role::Black, Color::Black, false);
  EXPECT_TRUE(t.writer_.pending.empty()) << "one offer is no agreement";
  EXPECT_EQ(rematch.info().offered_by, Color::Black);
  rematch.ask(white, Role::White, Color::White, false);
  ASSERT_EQ(t.writer_.pending.size(), 1u);
  t.writer_.answer(Outcome::Stored);
  ASSERT_EQ(t.rematch_requests.size(), 1u);
  ASSERT_EQ(black->of("rematch").size(), 1u);
  EXPECT_EQ(black->of("rematch")[0]["token"], "new-white") << "the colours swap";
  EXPECT_EQ(white->of("rematch")[0]["token"], "new-black");
  ASSERT_EQ(spectator->of("rematch").size(), 1u);
  EXPECT_FALSE(spectator->of("rematch")[0].contains("token")) << "no seat for a spectator";
  EXPECT_EQ(rematch.info().table, "rematch1");
}

TEST(RematchFeature, AFailedTableClearsTheOffersAndTellsTheAsker) {
  FakeTable t(onlineNine());
  finish(t);
  t.fail_rematch = true;
  RematchFeature rematch(t, std::nullopt);
  auto black = t.join(Role::Black);
  auto white = t.join(Role::White);
  rematch.ask(black, Role::Black, Color::Black, false);
  rematch.ask(white, Role::White, Color::White, false);
  t.writer_.answer(Outcome::Stored);  // the registry's own answer is the failure
  EXPECT_EQ(t.writer_.failed_told, std::vector<std::shared_ptr<Peer>>{white});
  EXPECT_TRUE(black->of("rematch").empty());
  EXPECT_EQ(rematch.info().offered_by, std::nullopt);
  EXPECT_TRUE(rematch.info().table.empty());
}

TEST(RematchFeature, NotBeforeTheEndAndAWithdrawalIsNoDecline) {
  FakeTable t(onlineNine());
  RematchFeature rematch(t, std::nullopt);
  auto black = t.join(Role::Black);
  auto white = t.join(Role::White);
  rematch.ask(black, Role::Black, Color::Black, false);
  EXPECT_EQ(black->of("error")[0]["code"], "not-over");
  finish(t);
  rematch.ask(black, Role::Black, Color::Black, false);
  rematch.ask(black, Role::Black, Color::Black, true);  // takes its own offer back
  EXPECT_TRUE(white->of("rematch-declined").empty());
  rematch.ask(white, Role::White, Color::White, false);
  rematch.ask(black, Role::Black, Color::Black, true);  // declines White's
  EXPECT_EQ(white->of("rematch-declined").size(), 1u);
  EXPECT_TRUE(t.writer_.pending.empty());
}

TEST(AbandonFeature, ThePlayerOnTurnAwayLongEnoughLetsTheOpponentClaimOnTheTablesClock) {
  boost::asio::io_context io;
  const TableStrand strand = boost::asio::make_strand(io);
  FakeTable t(onlineNine());
  t.settings_.abandon_after_ms = 5000;
  AbandonFeature abandon(t, strand, 1000);
  EXPECT_TRUE(abandon.applies());
  t.presence_ = {false, true, 0};  // Black, on turn, is away; White is here
  abandon.sync(1000);
  EXPECT_EQ(abandon.mayClaim(5999), std::nullopt);
  EXPECT_EQ(abandon.mayClaim(6000), Color::White);
  const AwayInfo info = abandon.info(6000);
  EXPECT_EQ(info.after_ms, 5000);
  EXPECT_EQ(info.claim_at, 6000);
  EXPECT_EQ(info.away_since[0], 1000);
  EXPECT_EQ(info.away_since[1], std::nullopt);
  EXPECT_EQ(info.may_claim, Color::White);
  t.presence_ = {true, true, 0};
  abandon.sync(6500);
  EXPECT_EQ(abandon.mayClaim(9000), std::nullopt) << "back in time";
}

TEST(AbandonFeature, NoRuleWithAClockOrBeforeTheStart) {
  boost::asio::io_context io;
  const TableStrand strand = boost::asio::make_strand(io);
  TableSetup clocked = onlineNine();
  clocked.clock = ClockSetup{60000, 1000, 0};
  FakeTable t(clocked);
  AbandonFeature abandon(t, strand, 0);
  EXPECT_FALSE(abandon.applies());
  EXPECT_EQ(abandon.info(0).after_ms, std::nullopt);
  FakeTable waiting(onlineNine());
  waiting.started_ = false;
  waiting.presence_ = {false, false, 0};
  AbandonFeature early(waiting, strand, 0);
  early.sync(0);
  EXPECT_EQ(early.mayClaim(1'000'000'000), std::nullopt);
}

}  // namespace
}  // namespace pg
