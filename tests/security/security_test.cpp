// Attacks on the running server over loopback (docs/security.md): a crawl of every endpoint
// and message type with each credential during a live game; the rejection's reply for
// occupied, suicide and ko (its timing: `phantomgo bench referee`); tokens that cannot be guessed
// or carried to another table; spectators and strangers who cannot act; path traversal, oversized
// and slow HTTP requests; a flooding client that cannot starve the others.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <set>
#include <thread>

#include "referee/referee.h"
#include "server/game_driver.h"

namespace pg::test {
namespace {

std::set<std::string> verticesIn(const std::string& text) {
  static const std::regex vertex("(?:^|[^A-Za-z0-9])([A-HJ-T][0-9]{1,2})(?![0-9])");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), vertex);
       it != std::sregex_iterator(); ++it)
    out.insert((*it)[1].str());
  return out;
}

class SecurityTest : public ServerTest {
 protected:
  void restartWith(const std::function<void(ServerLimits&)>& f) {
    server_.reset();
    f(settings_.limits);
    startServer();
  }
};

// ---- No hidden stone through any channel ----

TEST_F(SecurityTest, CrawlEveryEndpointAndMessageWithEachCredential) {
  // A live 7x7 game with a public handicap: Black's hidden stone at C6, White's at E3 and F6.
  const Json table = create(Json{{"rules", Json{{"size", 7}, {"handicap", 2}}}});
  const Json other = create(Json{{"rules", Json{{"size", 7}}}});
  const std::string id = table.at("table");
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  std::vector<Listener> ls{{black.get(), "black"}, {white.get(), "white"}};
  act(*white, Json{{"type", "try"}, {"point", "E3"}}, ls);  // White moves first after handicap
  act(*black, Json{{"type", "try"}, {"point", "C6"}}, ls);
  act(*white, Json{{"type", "try"}, {"point", "F6"}}, ls);
  black->send(Json{{"type", "mark"}, {"point", "B2"}, {"set", true}});
  black->nextEvent("black");

  const std::string bt = table.at("seats").at("black").at("token");
  const std::string wt = table.at("seats").at("white").at("token");
  const std::string ot = other.at("seats").at("black").at("token");
  struct Credential {
    std::string name;
    Json join;                     // null: never joins
    std::set<std::string> hidden;  // vertices this credential must never receive
    std::string own;               // a point holding its own (or a public) stone
    std::string other_seat;
  };
  const std::vector<Credential> creds{
      {"black", Json{{"type", "join"}, {"table", id}, {"token", bt}}, {"E3", "F6"}, "C6", "white"},
      {"white", Json{{"type", "join"}, {"table", id}, {"token", wt}}, {"C6", "B2"}, "E3", "black"},
      {"spectator",
       Json{{"type", "join"}, {"table", id}, {"watch", true}},
       {"C6", "E3", "F6", "B2", "A1"},
       "C6",
       "black"},
      {"other-table-token",
       Json{{"type", "join"}, {"table", id}, {"token", ot}},
       {"C6", "E3", "F6", "B2", "A1"},
       "C6",
       "black"},
      {"stranger", nullptr, {"C6", "E3", "F6", "B2", "A1"}, "C6", "black"},
  };
  const std::vector<std::string> targets{"/api/tables/" + id,
                                         "/api/games/" + id,
                                         "/api/games/" + id + "/sgf",
                                         "/api/tables/" + id + "?token=",
                                         "/api/games/" + id + "?token=",
                                         "/api/games/" + id + "/sgf?token=",
                                         "/api/info",
                                         "/healthz",
                                         "/api/tables"};
  for (const Credential& cr : creds) {
    SCOPED_TRACE(cr.name);
    std::vector<std::string> received;
    // HTTP, with the credential's token in the query too (the server must ignore it).
    const std::string tok = cr.join.is_object() ? cr.join.value("token", "") : "";
    for (const std::string& t : targets) {
      for (const char* method : {"GET", "POST", "HEAD"}) {
        const std::string target = t.back() == '=' ? t + tok : t;
        if (std::string(method) == "POST" && t == "/api/tables") continue;  // creates a table
        const HttpResult r = http(method, target, "{}");
        received.push_back(std::to_string(r.status) + " " + r.body);
        if (t.find("/api/games/") == 0) {
          EXPECT_NE(r.status, 200) << target;
        }
      }
    }
    // Every message type, including malformed ones, before and after joining. None of them may
    // change the game (the crawl must not end it): tries on its own stone or a handicap stone,
    // passes and resignations for the other seat.
    Client c(port_, 7);
    const std::vector<Json> msgs{
        Json{{"type", "ping"}},
        Json{{"type", "try"}, {"point", cr.own}},
        Json{{"type", "try"}, {"point", "C3"}},
        Json{{"type", "pass"}, {"seat", cr.other_seat}},
        Json{{"type", "resign"}, {"seat", cr.other_seat}},
        Json{{"type", "mark"}, {"point", "A1"}, {"set", true}},
        Json{{"type", "try"}, {"point", "Z99"}},
        Json{{"type", "try"}, {"point", 7}},
        Json{{"type", "try"}, {"point", "A7"}, {"seat", cr.other_seat}},
        Json{{"type", "mark"}, {"point", "A1"}},
        Json{{"type", "bogus"}},
        Json{{"type", "join"}, {"table", id}, {"token", tok}, {"last_version", 0}},
        Json{{"type", "join"}, {"table", id}, {"token", tok}, {"last_version", 1}},
        Json{{"type", "join"}, {"table", id}, {"watch", true}, {"token", tok}},
        Json{{"type", "join"}, {"table", other.at("table")}, {"watch", true}},
    };
    auto sendAll = [&] {
      for (const Json& m : msgs) c.send(m);
      c.ws().send(std::string("not json"));
      c.ws().send(std::string("[1,2,3]"));
      c.send(Json{{"type", "ping"}});
      c.until([](const Json& m) { return m.value("type", "") == "pong"; });
    };
    sendAll();
    if (cr.join.is_object()) {
      c.send(cr.join);
      c.send(Json{{"type", "ping"}});
      c.until([](const Json& m) { return m.value("type", "") == "pong"; });
      sendAll();
    }
    // A second connection resuming from version 0: the whole history it may have.
    if (cr.join.is_object()) {
      Client r(port_, 7);
      Json j = cr.join;
      j["last_version"] = 0;
      r.send(j);
      r.send(Json{{"type", "ping"}});
      r.until([](const Json& m) { return m.value("type", "") == "pong"; });
      for (const std::string& f : r.ws().history()) received.push_back(f);
    }
    for (const std::string& f : c.ws().history()) received.push_back(f);
    for (const std::string& text : received) {
      for (const std::string& v : verticesIn(text))
        EXPECT_FALSE(cr.hidden.count(v)) << cr.name << " received " << v << " in: " << text;
      for (const std::string& secret : {bt, wt}) {
        if (secret != tok) {
          EXPECT_EQ(text.find(secret), std::string::npos) << cr.name << " received a token";
        }
      }
    }
  }
  // The crawl changed nothing but private marks: Black is still on turn after 3 turns.
  const Json after = http("GET", "/api/tables/" + id).json();
  EXPECT_EQ(after.at("state"), "playing");
  EXPECT_EQ(after.at("turn"), 3);
  EXPECT_EQ(after.at("to_move"), "black");
}

// ---- Rejections: one reply ----
// Their timing is measured by `phantomgo bench referee` (docs/security.md), not asserted here:
// no timed assertions in a test run on a shared machine.

// The three positions of tests/server/leak_test.cpp: Black then tries A1, which is occupied
// by a hidden white stone, a suicide, or a ko retake.
const std::map<std::string, std::vector<std::string>> kIllegal{
    {"occupied", {"E5", "A1", "E4", "B2", "D5", "C2"}},
    {"suicide", {"E5", "A2", "E4", "B1", "D5", "C3"}},
    {"ko", {"A1", "A2", "C1", "E5", "B2", "B1"}},
};

TEST(Rejection, RefereeAnswersEachReasonTheSameWay) {
  const Point a1 = *parsePoint("A1", 5);
  for (const auto& [reason, moves] : kIllegal) {
    Rules rules;
    rules.size = 5;
    Referee r(rules);
    for (const std::string& m : moves) ASSERT_TRUE(r.tryPoint(r.toMove(), *parsePoint(m, 5)).legal);
    const Answer a = r.tryPoint(Color::Black, a1);
    EXPECT_TRUE(a.accepted()) << reason;
    EXPECT_FALSE(a.legal) << reason;
    EXPECT_EQ(r.toMove(), Color::Black) << reason << ": Black stays on turn";
  }
}

TEST_F(SecurityTest, RejectionRepliesOverTheNetworkAreTheSameBytesWhateverTheReason) {
  // 19x19: White's hidden stone at A1 (occupied for Black) and White's stones S19 and T18
  // around the corner T19 (suicide for Black). Every Black turn tries both, in alternating
  // order, then passes; White plays a harmless stone in the middle. Ko retakes need a fresh
  // position each, so they are tried on tables of their own.
  const int n = 60;
  std::map<std::string, int> tries;
  auto tryIllegal = [&](Client& mover, const std::string& seat, Client& other,
                        const std::string& point, const std::string& reason) {
    mover.send(Json{{"type", "try"}, {"point", point}});
    const Json e = mover.nextEvent(seat);
    other.nextEvent(other.holds("white") ? "white" : "black");
    EXPECT_EQ(e.at("event").at("kind"), "illegal") << e.dump();
    ++tries[reason];
  };
  std::vector<std::string> answers_occ, answers_sui;
  while (tries["occupied"] < n && !HasFailure()) {
    const Json table = create(Json{{"rules", Json{{"size", 19}}}});
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    std::vector<Listener> ls{{black.get(), "black"}, {white.get(), "white"}};
    for (const char* m : {"K10", "A1", "K11", "S19", "K12", "T18"})
      act(m[0] == 'K' ? *black : *white, Json{{"type", "try"}, {"point", m}}, ls);
    std::vector<std::string> safe;
    for (int col = 0; col < 6; ++col)
      for (int row = 3; row <= 17; row += 2)
        safe.push_back(std::string(1, "CDEFGH"[col]) + std::to_string(row));
    for (std::size_t k = 0; k < safe.size() && tries["occupied"] < n; ++k) {
      const bool occ_first = k % 2 == 0;
      for (int j = 0; j < 2; ++j) {
        const bool occ = (j == 0) == occ_first;
        tryIllegal(*black, "black", *white, occ ? "A1" : "T19", occ ? "occupied" : "suicide");
        (occ ? answers_occ : answers_sui).push_back(black->ws().history().back());
      }
      act(*black, Json{{"type", "pass"}}, ls);
      act(*white, Json{{"type", "try"}, {"point", safe[k]}}, ls);
      if (HasFailure()) return;
    }
  }
  const int nko = 5;
  std::vector<std::string> answers_ko;
  for (int i = 0; i < nko && !HasFailure(); ++i) {
    const Json table = create(Json{{"rules", Json{{"size", 5}}}});
    auto black = joinSeat(table, "black");
    auto white = joinSeat(table, "white");
    std::vector<Listener> ls{{black.get(), "black"}, {white.get(), "white"}};
    const auto& moves = kIllegal.at("ko");
    for (std::size_t k = 0; k < moves.size(); ++k)
      act(k % 2 == 0 ? *black : *white, Json{{"type", "try"}, {"point", moves[k]}}, ls);
    tryIllegal(*black, "black", *white, "A1", "ko");
    answers_ko.push_back(black->ws().history().back());
  }
  // The bytes: equal but for the point and the version/turn counters.
  auto strip = [](std::string f) {
    f = std::regex_replace(f, std::regex("\"(version|turn)\":[0-9]+"), "\"$1\":0");
    return std::regex_replace(f, std::regex("\"point\":\"[A-T][0-9]+\""), "\"point\":\"X\"");
  };
  ASSERT_FALSE(answers_occ.empty());
  // (So the sizes differ only where a counter gains a digit.)
  for (std::size_t i = 0; i < std::min(answers_occ.size(), answers_sui.size()); ++i)
    ASSERT_EQ(strip(answers_occ[i]), strip(answers_sui[i]));
  // The ko retakes, each on a table of its own: equal but for the counters.
  ASSERT_FALSE(answers_ko.empty());
  for (const std::string& k : answers_ko) EXPECT_EQ(strip(k), strip(answers_ko[0]));
}

// ---- Tokens and who may act ----

TEST_F(SecurityTest, TokensAreLongRandomAndBoundToTheirTable) {
  std::set<std::string> tokens, ids;
  std::vector<Json> tables;
  for (int i = 0; i < 60; ++i) {
    const Json t = create(Json{{"rules", Json{{"size", 5}}}});
    tables.push_back(t);
    ids.insert(t.at("table").get<std::string>());
    for (const char* seat : {"black", "white"}) {
      const std::string tok = t.at("seats").at(seat).at("token");
      EXPECT_GE(tok.size(), 22u);  // >= 128 bits of base64url
      EXPECT_TRUE(std::all_of(tok.begin(), tok.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
      })) << tok;
      tokens.insert(tok);
    }
  }
  EXPECT_EQ(tokens.size(), 120u);
  EXPECT_EQ(ids.size(), 60u);
  // Character frequencies of 120 x 32 characters: roughly uniform over 64 symbols.
  std::map<char, int> freq;
  for (const std::string& t : tokens)
    for (char c : t) ++freq[c];
  EXPECT_GT(freq.size(), 60u);
  for (const auto& [c, k] : freq) EXPECT_LT(k, 140) << c;  // expected 60

  // A token of table 1 on table 0, a token with one character changed, a prefix, an empty one.
  const std::string id0 = tables[0].at("table");
  std::string bt0 = tables[0].at("seats").at("black").at("token");
  std::string flipped = bt0;
  flipped[5] = flipped[5] == 'A' ? 'B' : 'A';
  for (const std::string& bad :
       {tables[1].at("seats").at("black").at("token").get<std::string>(),
        tables[1].at("seats").at("white").at("token").get<std::string>(), flipped,
        bt0.substr(0, 16), bt0 + "x", std::string(""), std::string(4000, 'A')}) {
    Client c(port_, 5);
    const Json r = c.join(Json{{"type", "join"}, {"table", id0}, {"token", bad}});
    EXPECT_EQ(r.value("code", ""), "bad-token") << bad.size();
    c.send(Json{{"type", "try"}, {"point", "C3"}});
    EXPECT_EQ(c.nextError().value("code", ""), "not-joined");
  }
  // A joined connection cannot switch to another table, even with a valid token there.
  Client c(port_, 5);
  ASSERT_EQ(c.join(Json{{"type", "join"}, {"table", id0}, {"token", bt0}}).value("type", ""),
            "joined");
  c.send(Json{{"type", "join"},
              {"table", tables[1].at("table")},
              {"token", tables[1].at("seats").at("black").at("token")}});
  EXPECT_EQ(c.nextError().value("code", ""), "already-joined");
  // A table id that is not an id never reaches the store.
  Client d(port_, 5);
  EXPECT_EQ(d.join(Json{{"type", "join"}, {"table", "../../etc/passwd"}, {"watch", true}})
                .value("code", ""),
            "no-such-table");
  EXPECT_EQ(http("GET", "/api/tables/%27%20OR%201=1--").status, 404);
}

TEST_F(SecurityTest, SpectatorsStrangersAndTheWrongSeatCannotAct) {
  const Json table = create(Json{{"rules", Json{{"size", 5}}}});
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  auto spectator = watch(table);
  Client stranger(port_, 5);
  const std::vector<Json> cmds{Json{{"type", "try"}, {"point", "C3"}}, Json{{"type", "pass"}},
                               Json{{"type", "resign"}},
                               Json{{"type", "mark"}, {"point", "C3"}, {"set", true}}};
  for (const Json& cmd : cmds) {
    spectator->send(cmd);
    EXPECT_EQ(spectator->nextError().value("code", ""), "spectator") << cmd.dump();
    stranger.send(cmd);
    EXPECT_EQ(stranger.nextError().value("code", ""), "not-joined") << cmd.dump();
    Json as_black = cmd;
    as_black["seat"] = "black";
    white->send(as_black);
    EXPECT_EQ(white->nextError().value("code", ""), "not-your-seat") << cmd.dump();
  }
  white->send(Json{{"type", "try"}, {"point", "C3"}});  // Black is on turn
  EXPECT_EQ(white->nextError().value("code", ""), "not-your-turn");
  // Nothing happened: Black's first try is turn 1.
  std::vector<Listener> ls{
      {black.get(), "black"}, {white.get(), "white"}, {spectator.get(), "spectator"}};
  const auto e = act(*black, Json{{"type", "try"}, {"point", "C3"}}, ls);
  EXPECT_EQ(e[0].at("event").at("turn"), 1);
  EXPECT_EQ(e[0].at("version"), 1);
  EXPECT_EQ(e[2].at("version"), 1);
}

// ---- HTTP: traversal, size, slowness ----

/// A raw TCP connection to the server.
class RawConn {
 public:
  explicit RawConn(uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ok_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    timeval tv{0, 200000};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  }
  ~RawConn() { ::close(fd_); }
  bool ok() const { return ok_; }
  bool write(const std::string& s) {
    return ::send(fd_, s.data(), s.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(s.size());
  }
  /// Reads what is there; sets closed when the peer closed.
  std::string read() {
    std::string out;
    char buf[4096];
    while (true) {
      const ssize_t k = ::recv(fd_, buf, sizeof buf, 0);
      if (k == 0) closed_ = true;
      if (k <= 0) return out;
      out.append(buf, static_cast<std::size_t>(k));
    }
  }
  bool closed() const { return closed_; }

 private:
  int fd_ = -1;
  bool ok_ = false;
  bool closed_ = false;
};

TEST_F(SecurityTest, PathTraversalIsRefused) {
  for (const char* t :
       {"/../secret.txt", "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
        "/web/../../secret.txt", "/./../secret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt",
        "//etc/passwd", "/%00index.html", "/index.html%00.js", "/vendor/../../secret.txt",
        "/vendor/%2e%2e/%2e%2e/secret.txt", "/....//secret.txt"}) {
    const HttpResult r = http("GET", t);
    EXPECT_TRUE(r.status == 400 || r.status == 404) << t << " " << r.status;
    EXPECT_EQ(r.body.find("outside the web folder"), std::string::npos) << t;
  }
  // Raw request lines that an HTTP client library would normalise.
  for (const std::string line : {"GET ../secret.txt HTTP/1.1", "GET /../secret.txt HTTP/1.1",
                                 "GET http://x/../secret.txt HTTP/1.1"}) {
    RawConn c(port_);
    ASSERT_TRUE(c.ok());
    c.write(line + "\r\nHost: x\r\nConnection: close\r\n\r\n");
    std::string reply;
    for (int i = 0; i < 10 && !c.closed(); ++i) reply += c.read();
    EXPECT_EQ(reply.find("outside the web folder"), std::string::npos) << line;
  }
}

TEST_F(SecurityTest, OversizedAndSlowRequestsAreRefused) {
  restartWith([](ServerLimits& l) { l.http_timeout = std::chrono::milliseconds(500); });
  EXPECT_EQ(http("POST", "/api/tables", std::string(200 * 1024, ' ')).status, 413);
  {  // A header block far above any real one.
    RawConn c(port_);
    ASSERT_TRUE(c.ok());
    c.write("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(64 * 1024, 'a') + "\r\n\r\n");
    std::string reply;
    for (int i = 0; i < 20 && !c.closed(); ++i) reply += c.read();
    EXPECT_TRUE(c.closed() || reply.rfind("HTTP/1.1 4", 0) == 0) << reply.substr(0, 80);
    EXPECT_EQ(reply.find("200 OK"), std::string::npos);
  }
  {  // Slowloris: one header byte at a time, never finishing. Closed after the timeout.
    RawConn c(port_);
    ASSERT_TRUE(c.ok());
    const std::string req = "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < req.size() && !c.closed(); ++i) {
      if (!c.write(req.substr(i, 1))) break;
      c.read();  // waits 200 ms
    }
    for (int i = 0; i < 20 && !c.closed(); ++i) c.read();
    EXPECT_TRUE(c.closed());
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(s, 5.0);
  }
  {  // A WebSocket upgrade that never completes its handshake after connecting is closed too.
    RawConn c(port_);
    ASSERT_TRUE(c.ok());
    c.write("GET /ws HTTP/1.1\r\nHost: x\r\n");
    for (int i = 0; i < 20 && !c.closed(); ++i) c.read();
    EXPECT_TRUE(c.closed());
  }
  EXPECT_EQ(http("GET", "/healthz").status, 200);
}

// ---- One client cannot starve the others ----

TEST_F(SecurityTest, AFloodingClientDoesNotStarveTheOthers) {
  restartWith([](ServerLimits& l) {
    l.messages_per_second = 20;
    l.message_burst = 40;
    l.max_queued_frames = 256;
  });
  const Json table = create(Json{{"rules", Json{{"size", 9}}}});
  auto black = joinSeat(table, "black");
  auto white = joinSeat(table, "white");
  std::vector<Listener> ls{{black.get(), "black"}, {white.get(), "white"}};
  // The flooder: a connection that sends as fast as it can and never reads.
  std::atomic<bool> stop{false};
  std::atomic<long> sent{0};
  std::thread flood([&] {
    WsClient f("127.0.0.1", port_);
    const std::string join =
        Json{{"type", "join"}, {"table", table.at("table")}, {"watch", true}}.dump();
    f.send(join);
    while (!stop && f.send(std::string(R"({"type":"ping"})"))) ++sent;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  std::vector<double> ms;
  std::mt19937 rng(5);
  for (int i = 0; i < 60 && !black->seat("black").over(); ++i) {
    const std::string on = black->seat("black").toMove();
    Client& mover = on == "black" ? *black : *white;
    const auto t0 = std::chrono::steady_clock::now();
    act(mover, randomAction(mover.seat(on), rng, 0.0), ls);
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  stop = true;
  flood.join();
  std::sort(ms.begin(), ms.end());
  ASSERT_FALSE(ms.empty());
  std::printf("while flooded (%ld frames sent by the flooder): median %.2f ms, max %.2f ms\n",
              sent.load(), ms[ms.size() / 2], ms.back());
  EXPECT_LT(ms[ms.size() / 2], 50.0);
  EXPECT_GT(sent.load(), 40);
}

TEST_F(SecurityTest, ConnectionCapHoldsAndFreesItsPlaces) {
  restartWith([](ServerLimits& l) { l.max_connections = 20; });
  std::vector<std::unique_ptr<RawConn>> held;
  for (int i = 0; i < 20; ++i) held.push_back(std::make_unique<RawConn>(port_));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  RawConn extra(port_);
  extra.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  std::string reply;
  for (int i = 0; i < 10 && !extra.closed(); ++i) reply += extra.read();
  // Past the limit: a polite 503 (docs/protocol.md), never the page itself.
  EXPECT_EQ(reply.rfind("HTTP/1.1 503", 0), 0u) << reply;
  EXPECT_NE(reply.find("server-busy"), std::string::npos) << reply;
  EXPECT_EQ(reply.find("\r\n\r\nok"), std::string::npos) << reply;
  held.clear();
  bool ok = false;
  for (int i = 0; i < 50 && !ok; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    try {
      ok = http("GET", "/healthz").status == 200;
    } catch (const std::exception&) {
    }
  }
  EXPECT_TRUE(ok);
}

}  // namespace
}  // namespace pg::test
