// A table's commit when the store answers later (group commit) or fails: nothing is told before
// the store holds it, inputs that arrive meanwhile wait and keep their order, and a failed
// append changes nothing and is answered to its sender only. The same for a table's creation
// over HTTP: answered once stored, without the caller's thread waiting for the store.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <deque>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "server/api/http_api.h"
#include "server/node/metrics.h"
#include "server/table/table_registry.h"
#include "store/sqlite_store.h"
#include "table_test_support.h"

namespace pg {
namespace {

using test::RecordingPeer;

/// A store whose writes wait until the test answers them, each one stored or failed: every
/// append, and, once their knob is set, creations, starts, setups (a name) or chat lines.
class GatedStore : public Store {
 public:
  bool gate_creations = false;
  bool gate_starts = false;
  bool gate_setups = false;
  bool gate_chat = false;
  /// Reads of a table fail, as when the database cannot be reached.
  bool failing_reads = false;
  void write(StoreWrite w, WriteDone done) override {
    const bool gated = std::visit(Overloaded{
                                      [&](const CreateTable&) { return gate_creations; },
                                      [](const AppendEvents&) { return true; },
                                      [&](const StartTable&) { return gate_starts; },
                                      [&](const AppendChat&) { return gate_chat; },
                                      [&](const SetSetup&) { return gate_setups; },
                                      [](const PairArena&) { return false; },
                                      [](const QueueMail&) { return false; },
                                  },
                                  w);
    if (!gated) return real_.write(std::move(w), std::move(done));
    held_.push_back(Held{std::move(w), std::move(done)});
  }
  std::optional<StoredTable> table(const std::string& id) override {
    if (failing_reads) throw StoreError("the database cannot be reached (test)");
    return real_.table(id);
  }
  std::vector<StoredEvent> events(const std::string& id) override { return real_.events(id); }
  std::vector<StoredChat> chat(const std::string& id) override { return real_.chat(id); }
  std::vector<std::string> unfinishedTables() override { return real_.unfinishedTables(); }
  std::vector<std::string> expireWaiting(int64_t created_before, int limit) override {
    return real_.expireWaiting(created_before, limit);
  }

  std::size_t held() const { return held_.size(); }
  /// The oldest held write.
  const StoreWrite& next() const { return held_.front().write; }
  /// Answers the oldest held write: stores it, or fails it with nothing stored.
  void answer(bool fail = false) {
    Held h = std::move(held_.front());
    held_.pop_front();
    if (fail) return h.done(std::make_exception_ptr(StoreError("disk full (test)")));
    real_.writeAndWait(std::move(h.write));
    h.done(nullptr);
  }

 private:
  struct Held {
    StoreWrite write;
    WriteDone done;
  };
  SqliteStore real_{":memory:", Durability::Normal, /*group_commit=*/false};
  std::deque<Held> held_;
};

class CommitTest : public ::testing::Test {
 protected:
  CommitTest() : bots_(1) {
    spdlog::set_level(spdlog::level::off);
    registry_ = std::make_unique<TableRegistry>(
        test::tableContext(io_, store_, bots_, settings_, &metrics_));
    const auto created = registry_->create(Json{{"rules", {{"size", 5}}}});
    table_ = registry_->find(created.record.id);
    table_->join(black_, JoinRequest{"", created.record.black_token, {}});
    table_->join(white_, JoinRequest{"", created.record.white_token, {}});
    poll();
  }
  ~CommitTest() override {
    registry_->shutdown();
    poll();
    table_.reset();
    registry_.reset();
    bots_.join();
  }
  void poll() {
    io_.restart();
    io_.poll();
  }
  /// Sends `cmd` (a command's JSON, as a client would) to the fixture's table.
  void send(const std::shared_ptr<RecordingPeer>& p, const Json& cmd) {
    table_->command(p, std::get<Command>(std::get<ClientMessage>(parseClientJson(cmd))));
    poll();
  }

  ServerSettings settings_;
  Metrics metrics_;
  boost::asio::io_context io_;
  GatedStore store_;
  boost::asio::thread_pool bots_;
  std::unique_ptr<TableRegistry> registry_;
  std::shared_ptr<Table> table_;
  std::shared_ptr<RecordingPeer> black_ = std::make_shared<RecordingPeer>();
  std::shared_ptr<RecordingPeer> white_ = std::make_shared<RecordingPeer>();
};

TEST_F(CommitTest, NothingIsToldBeforeTheStoreHoldsItAndLaterInputsWaitInOrder) {
  send(black_, {{"type", "try"}, {"point", "C3"}});
  ASSERT_EQ(store_.held(), 1u);
  EXPECT_TRUE(black_->of("event").empty());
  EXPECT_TRUE(white_->of("event").empty());
  // White's pass and a spectator's join arrive while Black's stone is not yet stored.
  send(white_, {{"type", "pass"}});
  auto spectator = std::make_shared<RecordingPeer>();
  table_->join(spectator, JoinRequest{"", std::nullopt, {}});
  poll();
  EXPECT_EQ(store_.held(), 1u);  // the pass waits for the stone
  EXPECT_TRUE(white_->frames.size() == white_->of("joined").size() + white_->of("snapshot").size() +
                                           white_->of("presence").size() +
                                           white_->of("clock").size() + white_->of("info").size())
      << "White was answered before Black's stone was stored";
  for (const Json& f : white_->of("info"))
    EXPECT_EQ(f["info"]["turn"], 0) << "the public info told of the stone before it was stored";
  EXPECT_TRUE(spectator->frames.empty());

  store_.answer();
  poll();
  // The stone is told; then the pass runs (White is on turn now) and is held in its turn.
  ASSERT_EQ(black_->of("event").size(), 1u);
  EXPECT_EQ(black_->of("event")[0]["event"]["kind"], "stone");
  EXPECT_EQ(white_->of("event").size(), 1u);
  EXPECT_EQ(white_->of("event")[0]["event"]["kind"], "moved");
  EXPECT_TRUE(white_->of("error").empty());
  ASSERT_EQ(store_.held(), 1u);
  ASSERT_EQ(spectator->of("snapshot").size(), 0u) << "the join waits behind the pass";

  store_.answer();
  poll();
  ASSERT_EQ(white_->of("event").size(), 2u);
  EXPECT_EQ(white_->of("event")[1]["event"]["kind"], "pass");
  EXPECT_EQ(white_->of("event")[1]["version"], 2);
  ASSERT_EQ(spectator->of("snapshot").size(), 1u);
  EXPECT_EQ(spectator->of("snapshot")[0]["version"], 2);
  EXPECT_EQ(store_.events(table_->id()).size(), 2u);
}

TEST_F(CommitTest, AnInfoBuiltWhileAClosedConnectionsLeaveWaitsIsTrueAsAWhole) {
  // Black renames, and White's connection is gone before the name is stored; its leave waits
  // behind the write. The info the name's commit sends must already count White as away.
  store_.gate_setups = true;
  send(black_, {{"type", "name"}, {"name", "Bo"}});
  ASSERT_EQ(store_.held(), 1u);
  Peer* gone = white_.get();
  white_.reset();  // the session is destroyed: its peer has expired
  table_->leave(gone);
  const std::size_t infos_before = black_->of("info").size();
  store_.answer();
  poll();
  const auto infos = black_->of("info");
  ASSERT_GT(infos.size(), infos_before);
  for (std::size_t i = infos_before; i < infos.size(); ++i) {
    const Json& white = infos[i]["info"]["seats"]["white"];
    EXPECT_FALSE(white["connected"].get<bool>()) << infos[i].dump();
    EXPECT_TRUE(white["away_since"].is_number()) << infos[i].dump();
  }
  EXPECT_EQ(infos.back()["info"]["names"]["black"], "Bo");
}

TEST_F(CommitTest, AFailedAppendChangesNothingAndIsAnsweredToTheSenderOnly) {
  send(black_, {{"type", "try"}, {"point", "C3"}});
  store_.answer(/*fail=*/true);
  poll();
  ASSERT_EQ(black_->of("error").size(), 1u);
  EXPECT_EQ(black_->of("error")[0]["code"], "store-failed");
  EXPECT_TRUE(black_->of("event").empty());
  EXPECT_TRUE(white_->of("event").empty());
  EXPECT_TRUE(white_->of("error").empty());
  EXPECT_TRUE(store_.events(table_->id()).empty());
  // Nothing changed: Black is still on turn and may try the same point again.
  send(white_, {{"type", "pass"}});
  ASSERT_EQ(white_->of("error").size(), 1u);
  EXPECT_EQ(white_->of("error")[0]["code"], "not-your-turn");
  send(black_, {{"type", "try"}, {"point", "C3"}});
  store_.answer();
  poll();
  ASSERT_EQ(black_->of("event").size(), 1u);
  EXPECT_EQ(black_->of("event")[0]["event"]["kind"], "stone");
  EXPECT_EQ(black_->of("event")[0]["version"], 1);
  EXPECT_EQ(store_.events(table_->id()).size(), 1u);
  // Counted: one store error at the table, both commits timed, the one stored try.
  const std::string text = metrics_.text();
  EXPECT_NE(text.find("\nphantomgo_store_errors_total{where=\"table\"} 1\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\nphantomgo_commit_seconds_count 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nphantomgo_actions_total{kind=\"try\"} 1\n"), std::string::npos) << text;
}

TEST_F(CommitTest, ChatAndNameWritesHoldLaterInputsAndAFailedLineIsToldToItsSenderOnly) {
  store_.gate_chat = true;
  store_.gate_setups = true;
  send(black_, {{"type", "chat"}, {"text", "good luck"}});
  ASSERT_EQ(store_.held(), 1u);
  EXPECT_TRUE(std::holds_alternative<AppendChat>(store_.next()));
  EXPECT_TRUE(black_->of("chat").empty());
  EXPECT_TRUE(white_->of("chat").empty());
  // Black's stone waits behind the line.
  send(black_, {{"type", "try"}, {"point", "C3"}});
  EXPECT_EQ(store_.held(), 1u);
  EXPECT_TRUE(black_->of("event").empty());

  store_.answer(/*fail=*/true);
  poll();
  ASSERT_EQ(black_->of("error").size(), 1u);
  EXPECT_EQ(black_->of("error")[0]["code"], "store-failed");
  EXPECT_TRUE(white_->of("error").empty());
  EXPECT_TRUE(black_->of("chat").empty()) << "a line not stored was shown";
  EXPECT_TRUE(white_->of("chat").empty()) << "a line not stored was shown";
  EXPECT_TRUE(store_.chat(table_->id()).empty());
  // The stone ran once the line was answered.
  ASSERT_EQ(store_.held(), 1u);
  EXPECT_TRUE(std::holds_alternative<AppendEvents>(store_.next()));
  store_.answer();
  poll();
  ASSERT_EQ(black_->of("event").size(), 1u);

  // White names their seat; their next line waits behind the name.
  send(white_, {{"type", "name"}, {"name", "Wu"}});
  ASSERT_EQ(store_.held(), 1u);
  EXPECT_TRUE(std::holds_alternative<SetSetup>(store_.next()));
  send(white_, {{"type", "chat"}, {"text", "thanks"}});
  EXPECT_EQ(store_.held(), 1u) << "the line went to the store before the name was stored";
  store_.answer();
  poll();
  EXPECT_EQ(table_->info().at("names").at("white"), "Wu");
  ASSERT_EQ(store_.held(), 1u);
  EXPECT_TRUE(std::holds_alternative<AppendChat>(store_.next()));
  EXPECT_TRUE(black_->of("chat").empty());
  store_.answer();
  poll();
  ASSERT_EQ(black_->of("chat").size(), 1u);
  ASSERT_EQ(white_->of("chat").size(), 1u);
  EXPECT_EQ(store_.chat(table_->id()).size(), 1u);
  EXPECT_TRUE(white_->of("error").empty());
}

/// A fresh two-player table whose start the store holds until the test releases it.
struct GatedStart {
  std::shared_ptr<Table> table;
  std::shared_ptr<RecordingPeer> black = std::make_shared<RecordingPeer>();
  std::shared_ptr<RecordingPeer> white = std::make_shared<RecordingPeer>();
};

TEST_F(CommitTest, TheStartIsStoredBeforeAnyoneHearsOfIt) {
  store_.gate_starts = true;
  const auto created = registry_->create(Json{{"rules", {{"size", 5}}}});
  GatedStart g{registry_->find(created.record.id)};
  g.table->join(g.black, JoinRequest{"", created.record.black_token, {}});
  poll();
  EXPECT_EQ(store_.held(), 0u) << "one seat alone does not start the game";
  g.table->join(g.white, JoinRequest{"", created.record.white_token, {}});
  poll();
  ASSERT_EQ(store_.held(), 1u);
  EXPECT_FALSE(store_.table(g.table->id())->started_at);
  EXPECT_EQ(g.table->info().at("state"), "waiting");
  for (const auto& p : {g.black, g.white})
    for (const Json& f : p->of("info")) EXPECT_EQ(f["info"]["state"], "waiting") << f.dump();
  // Black's stone and a spectator wait behind the start.
  g.table->command(g.black, TryCommand{"C3", {}});
  auto spectator = std::make_shared<RecordingPeer>();
  g.table->join(spectator, JoinRequest{"", std::nullopt, {}});
  poll();
  EXPECT_EQ(store_.held(), 1u);
  EXPECT_TRUE(g.black->of("error").empty()) << "the try is held, not refused as not-started";
  EXPECT_TRUE(spectator->frames.empty());

  store_.answer();
  poll();
  EXPECT_TRUE(store_.table(g.table->id())->started_at);
  EXPECT_EQ(g.table->info().at("state"), "playing");
  ASSERT_FALSE(g.white->of("info").empty());
  EXPECT_EQ(g.white->of("info").back()["info"], g.table->info());
  ASSERT_EQ(store_.held(), 1u) << "the held try ran once the start was stored";
  store_.answer();
  poll();
  ASSERT_EQ(g.white->of("event").size(), 1u);
  EXPECT_EQ(g.white->of("event")[0]["event"]["kind"], "moved");
  EXPECT_EQ(spectator->of("joined").size(), 1u);
}

TEST_F(CommitTest, AFailedStartChangesNothing) {
  store_.gate_starts = true;
  const auto created = registry_->create(Json{{"rules", {{"size", 5}}}});
  GatedStart g{registry_->find(created.record.id)};
  g.table->join(g.black, JoinRequest{"", created.record.black_token, {}});
  g.table->join(g.white, JoinRequest{"", created.record.white_token, {}});
  poll();
  ASSERT_EQ(store_.held(), 1u);
  store_.answer(/*fail=*/true);
  poll();
  EXPECT_FALSE(store_.table(g.table->id())->started_at);
  EXPECT_EQ(g.table->info().at("state"), "waiting");
  for (const auto& p : {g.black, g.white}) {
    EXPECT_TRUE(p->of("error").empty());
    for (const Json& f : p->of("info")) EXPECT_EQ(f["info"]["state"], "waiting");
  }
  g.table->command(g.black, TryCommand{"C3", {}});
  poll();
  ASSERT_EQ(g.black->of("error").size(), 1u);
  EXPECT_EQ(g.black->of("error")[0]["code"], "not-started");
  // The next join tries the start again.
  auto again = std::make_shared<RecordingPeer>();
  g.table->join(again, JoinRequest{"", created.record.white_token, {}});
  poll();
  ASSERT_EQ(store_.held(), 1u);
  store_.answer();
  poll();
  EXPECT_TRUE(store_.table(g.table->id())->started_at);
  EXPECT_EQ(g.table->info().at("state"), "playing");
}

HttpRequest createRequest() {
  HttpRequest r;
  r.method = "POST";
  r.target = "/api/tables";
  r.host = "example.test";
  r.body = R"({"rules":{"size":5}})";
  return r;
}

TEST_F(CommitTest, ACreationIsAnsweredOnceStoredWithoutTheCallerWaiting) {
  store_.gate_creations = true;
  const HttpApi api(*registry_, store_, settings_);
  std::optional<HttpReply> reply;
  api.handleAsync(createRequest(), [&](HttpReply r) { reply = std::move(r); });
  // handleAsync returned with the creation still in the store's hands: no answer, no table.
  EXPECT_FALSE(reply);
  EXPECT_EQ(store_.held(), 1u);
  EXPECT_EQ(registry_->size(), 1u);
  EXPECT_EQ(store_.unfinishedTables().size(), 1u);
  store_.answer();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->status, 201);
  const Json body = Json::parse(reply->body);
  const std::string id = body.at("table").get<std::string>();
  EXPECT_TRUE(store_.table(id));
  ASSERT_TRUE(registry_->find(id));
  // The new table plays: its creator's tokens join it.
  auto black = std::make_shared<RecordingPeer>();
  registry_->find(id)->join(
      black, JoinRequest{"", body["seats"]["black"]["token"].get<std::string>(), {}});
  poll();
  ASSERT_EQ(black->of("joined").size(), 1u);
}

TEST_F(CommitTest, AFailedCreationLeavesNoTableAndTellsNoToken) {
  store_.gate_creations = true;
  const HttpApi api(*registry_, store_, settings_);
  std::optional<HttpReply> reply;
  api.handleAsync(createRequest(), [&](HttpReply r) { reply = std::move(r); });
  store_.answer(/*fail=*/true);
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->status, 500);
  EXPECT_EQ(Json::parse(reply->body)["error"]["code"], "store-failed");
  EXPECT_EQ(reply->body.find("token"), std::string::npos);
  EXPECT_EQ(registry_->size(), 1u);
  EXPECT_EQ(store_.unfinishedTables().size(), 1u);
}

TEST_F(CommitTest, CreationsInFlightCountTowardsTheTableLimit) {
  settings_.limits.max_tables = 2;  // the fixture's table and one more
  store_.gate_creations = true;
  const HttpApi api(*registry_, store_, settings_);
  std::optional<HttpReply> first, second;
  api.handleAsync(createRequest(), [&](HttpReply r) { first = std::move(r); });
  api.handleAsync(createRequest(), [&](HttpReply r) { second = std::move(r); });
  ASSERT_TRUE(second);  // refused at once, before the store was asked
  EXPECT_EQ(second->status, 503);
  EXPECT_EQ(store_.held(), 1u);
  store_.answer();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->status, 201);
  EXPECT_EQ(registry_->size(), 1u);  // the new table waits in the store until its first join
}

TEST_F(CommitTest, TheApiAnswersWhatReadsTheStoreOffTheCallersThread) {
  // The reads job queue stands for the server's reads pool: the caller (a network thread in the
  // server) only hands the request over.
  std::vector<std::function<void()>> reads;
  const HttpApi api(*registry_, store_, settings_, &metrics_, nullptr, nullptr, nullptr,
                    [&](std::function<void()> job) { reads.push_back(std::move(job)); });
  std::vector<std::pair<std::string, int>> answered;
  auto ask = [&](const std::string& target) {
    HttpRequest r;
    r.method = "GET";
    r.target = target;
    api.handleAsync(
        r, [&answered, target](HttpReply rep) { answered.emplace_back(target, rep.status); });
  };
  const std::string id = table_->id();
  for (const std::string& t :
       std::vector<std::string>{"/api/tables/" + id, "/api/tables/zzzzzzzzzzzz", "/api/games/" + id,
                                "/api/games/" + id + "/sgf"})
    ask(t);
  EXPECT_TRUE(answered.empty()) << "a store read answered on the caller's thread";
  ASSERT_EQ(reads.size(), 4u);
  // What needs no store is answered at once.
  ask("/healthz");
  ask("/api/info");
  ASSERT_EQ(answered.size(), 2u);
  for (auto& job : reads) job();
  ASSERT_EQ(answered.size(), 6u);
  EXPECT_EQ(answered[2], std::make_pair("/api/tables/" + id, 200));
  EXPECT_EQ(answered[3], std::make_pair(std::string("/api/tables/zzzzzzzzzzzz"), 404));
  EXPECT_EQ(answered[4], std::make_pair("/api/games/" + id, 403));  // not over yet
  EXPECT_EQ(answered[5], std::make_pair("/api/games/" + id + "/sgf", 403));
}

TEST_F(CommitTest, ReadinessIsAReadOfTheStoreOffTheCallersThread) {
  std::vector<std::function<void()>> reads;
  const HttpApi api(*registry_, store_, settings_, &metrics_, nullptr, nullptr, nullptr,
                    [&](std::function<void()> job) { reads.push_back(std::move(job)); });
  std::vector<HttpReply> answered;
  auto ask = [&] {
    HttpRequest r;
    r.method = "GET";
    r.target = "/readyz";
    const std::size_t before = answered.size();
    api.handleAsync(r, [&answered](HttpReply rep) { answered.push_back(std::move(rep)); });
    ASSERT_EQ(answered.size(), before) << "answered on the caller's thread";
    ASSERT_EQ(reads.size(), 1u);
    reads.front()();
    reads.clear();
  };
  ask();
  ASSERT_EQ(answered.size(), 1u);
  EXPECT_EQ(answered[0].status, 200);
  EXPECT_EQ(answered[0].body, "ready\n");
  store_.failing_reads = true;
  ask();
  ASSERT_EQ(answered.size(), 2u);
  EXPECT_EQ(answered[1].status, 503) << "the store cannot be read: not ready";
  store_.failing_reads = false;
  ask();
  EXPECT_EQ(answered.back().status, 200);
}

}  // namespace
}  // namespace pg
