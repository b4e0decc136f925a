// Chat: the players' channel and the spectators' channel, each closed to the other side until
// the end; stored before anyone reads it, kept with the game, back after a restart; limits on
// text and rate; no chat on a hot seat.
#include "game_driver.h"
#include "server/table/peer.h"
#include "server/table/table_chat.h"

namespace pg::test {
namespace {

class ChatTest : public OnlineTest {
 protected:
  static Json nextChat(Client& c) {
    const Json got = c.until([](const Json& m) { return m.value("type", "") == "chat"; });
    return got.is_null() ? got : got.at("line");
  }
  static Json nextHistory(Client& c) {
    const Json got = c.until([](const Json& m) { return m.value("type", "") == "chat-history"; });
    return got.is_null() ? got : got.at("lines");
  }
  /// The chat history a join brought (read by the join itself).
  static Json historyIn(const Client& c) {
    for (const Json& m : c.received())
      if (m.value("type", "") == "chat-history") return m.at("lines");
    ADD_FAILURE() << "no chat history";
    return Json::array();
  }
  /// A command answered only to its sender: after it, every frame sent before has arrived.
  static void sync(Client& c) {
    c.send(Json{{"type", "ping"}});
    c.until([](const Json& m) { return m.value("type", "") == "pong"; });
  }
};

TEST_F(ChatTest, EachChannelReachesItsSideOnlyUntilTheEnd) {
  Online g = online();
  act(*g.black, Json{{"type", "try"}, {"point", "C3"}}, g.all());
  g.white->send(Json{{"type", "chat"}, {"text", "Good luck, Ann ✓"}});
  for (Client* c : {g.black.get(), g.white.get()}) {
    const Json line = nextChat(*c);
    EXPECT_EQ(line.at("text"), "Good luck, Ann ✓");
    EXPECT_EQ(line.at("from"), "white");
    EXPECT_EQ(line.at("channel"), "players");
    EXPECT_EQ(line.at("turn"), 1);
    EXPECT_EQ(line.at("seq"), 0);
  }
  g.spectator->send(Json{{"type", "chat"}, {"text", "White is lost"}});
  EXPECT_EQ(nextChat(*g.spectator).at("channel"), "spectators");
  for (Client* c : {g.black.get(), g.white.get(), g.spectator.get()}) sync(*c);
  EXPECT_FALSE(g.black->heard("White is lost"));
  EXPECT_FALSE(g.white->heard("White is lost"));
  EXPECT_FALSE(g.spectator->heard("Good luck, Ann"));

  // A late joiner of each side gets its side's history, with its join.
  auto late = watch(g.table);
  const Json seen = historyIn(*late);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].at("text"), "White is lost");

  // At the end everyone gets both channels.
  act(*g.white, Json{{"type", "resign"}}, g.all());
  for (Client* c : {g.black.get(), g.white.get(), g.spectator.get()}) {
    const Json all = nextHistory(*c);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].at("channel"), "players");
    EXPECT_EQ(all[1].at("channel"), "spectators");
  }
  // Kept with the game, and back after a restart.
  const std::string id = g.table.at("table").get<std::string>();
  EXPECT_EQ(http("GET", "/api/games/" + id).json().at("chat").size(), 2u);
  g = Online{};
  late.reset();
  server_.reset();
  startServer();
  auto after = watch(Json{{"table", id}, {"info", Json{{"rules", Json{{"size", 5}}}}}});
  EXPECT_EQ(historyIn(*after).size(), 2u);
  EXPECT_EQ(http("GET", "/api/games/" + id).json().at("chat")[1].at("text"), "White is lost");
}

TEST_F(ChatTest, EachSpectatorHasANumberItsLinesCarry) {
  Online g = online();
  auto second = watch(g.table);
  auto joinedOf = [](const Client& c) {
    for (const Json& m : c.received())
      if (m.value("type", "") == "joined") return m;
    return Json();
  };
  EXPECT_EQ(joinedOf(*g.spectator).at("spectator"), 1);
  EXPECT_EQ(joinedOf(*second).at("spectator"), 2);
  EXPECT_FALSE(joinedOf(*g.black).contains("spectator")) << "a seat has no number";
  second->send(Json{{"type", "chat"}, {"text", "hi from two"}});
  for (Client* c : {g.spectator.get(), second.get()}) {
    const Json line = nextChat(*c);
    EXPECT_EQ(line.at("from"), "spectator");
    EXPECT_EQ(line.at("spectator"), 2);
  }
  g.white->send(Json{{"type", "chat"}, {"text", "hi"}});
  EXPECT_FALSE(nextChat(*g.black).contains("spectator"));
  // A table loaded again never gives a number twice: it starts after the chat's highest.
  const std::string id = g.table.at("table").get<std::string>();
  g = Online{};
  second.reset();
  server_.reset();
  startServer();
  auto third = watch(Json{{"table", id}, {"info", Json{{"rules", Json{{"size", 5}}}}}});
  EXPECT_EQ(joinedOf(*third).at("spectator"), 3);
}

TEST_F(ChatTest, BadLinesAreRefusedAndChangeNothing) {
  Online g = online();
  const std::vector<Json> bad{Json{{"type", "chat"}},
                              Json{{"type", "chat"}, {"text", 7}},
                              Json{{"type", "chat"}, {"text", ""}},
                              Json{{"type", "chat"}, {"text", "   "}},
                              Json{{"type", "chat"}, {"text", "bell\a"}},
                              Json{{"type", "chat"}, {"text", std::string(281, 'x')}}};
  for (const Json& b : bad) {
    g.black->send(b);
    EXPECT_EQ(g.black->nextError().value("code", ""), "bad-request") << b.dump();
  }
  // Invalid UTF-8 cannot even be sent as a JSON string by this client: the parser refuses it
  // as bad JSON before the chat sees it (fuzz_ws covers raw bytes).
  g.black->send(Json{{"type", "chat"}, {"text", std::string(280, 'y')}});  // the longest
  EXPECT_EQ(nextChat(*g.white).at("text").get<std::string>().size(), 280u);
  // One a second, three at once.
  for (int i = 0; i < 3; ++i) g.white->send(Json{{"type", "chat"}, {"text", "hi"}});
  for (int i = 0; i < 3; ++i) nextChat(*g.black);
  g.white->send(Json{{"type", "chat"}, {"text", "hi"}});
  EXPECT_EQ(g.white->nextError().value("code", ""), "rate-limited");
  sync(*g.black);
  const std::string id = g.table.at("table").get<std::string>();
  g.black->send(Json{{"type", "resign"}});
  EXPECT_EQ(nextHistory(*g.black).size(), 4u);  // the refused ones were never kept
  EXPECT_EQ(http("GET", "/api/games/" + id).json().at("chat").size(), 4u);
}

/// A connection for TableChat alone: an address and nothing else.
class ChatAuthor : public Peer {
 public:
  explicit ChatAuthor(std::string address) : address_(std::move(address)) {}
  void send(std::shared_ptr<const std::string>) override {}
  void joined() override {}
  void close() override {}
  const std::string& label() const override { return address_; }
  const std::string& address() const override { return address_; }

 private:
  std::string address_;
};

TEST(TableChatLimits, AFullSpectatorsChannelLeavesThePlayersTheirs) {
  std::vector<ChatLine> lines;
  for (std::size_t i = 0; i < TableChat::kMaxLines; ++i) {
    ChatLine l;
    l.seq = static_cast<int64_t>(i);
    l.spectators = true;
    l.from = "spectator";
    l.text = "hello";
    lines.push_back(l);
  }
  TableChat chat(std::move(lines));
  const ChatAuthor watcher("192.0.2.1");
  const ChatAuthor black("192.0.2.2");
  const auto now = RateLimiter::Clock::now();
  const auto refused = chat.refusal(Role::Spectator, true, &watcher, now);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->err, Err::ChatFull);
  EXPECT_FALSE(chat.refusal(Role::Black, true, &black, now)) << "the players may still talk";
}

TEST(TableChatLimits, SpectatorsOfOneAddressShareOneRate) {
  TableChat chat;
  const ChatAuthor a1("192.0.2.1");
  const ChatAuthor a2("192.0.2.1");
  const ChatAuthor a3("192.0.2.1");
  const ChatAuthor elsewhere("192.0.2.9");
  const auto now = RateLimiter::Clock::now();
  int allowed = 0;
  for (int round = 0; round < 3; ++round)
    for (const ChatAuthor* a : {&a1, &a2, &a3})
      allowed += !chat.refusal(Role::Spectator, true, a, now);
  EXPECT_EQ(allowed, static_cast<int>(TableChat::kAddressBurst));
  EXPECT_FALSE(chat.refusal(Role::Spectator, true, &elsewhere, now));
  // A second later the address has gained two lines back.
  const auto later = now + std::chrono::seconds(1);
  EXPECT_FALSE(chat.refusal(Role::Spectator, true, &a1, later));
  EXPECT_FALSE(chat.refusal(Role::Spectator, true, &a2, later));
  EXPECT_TRUE(chat.refusal(Role::Spectator, true, &a3, later));
}

TEST_F(ChatTest, NoChatOnAHotSeatNorForTheSeatAgainstTheComputer) {
  const Json hot = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "hotseat"}});
  Client device(port_, 5);
  device.join(Json{{"type", "join"},
                   {"table", hot.at("table")},
                   {"token", hot.at("seats").at("hotseat").at("token")}});
  device.send(Json{{"type", "chat"}, {"text", "hello"}});
  EXPECT_EQ(device.nextError().value("code", ""), "no-chat");
  const Json computer = create(Json{{"rules", Json{{"size", 5}}}, {"mode", "computer"}});
  auto human = joinSeat(computer, "black");
  human->send(Json{{"type", "chat"}, {"text", "hello"}});
  EXPECT_EQ(human->nextError().value("code", ""), "no-chat");
  // Spectators of a game against the computer talk among themselves.
  auto fan = watch(computer);
  fan->send(Json{{"type", "chat"}, {"text", "go computer"}});
  EXPECT_EQ(nextChat(*fan).at("from"), "spectator");
}

}  // namespace
}  // namespace pg::test
