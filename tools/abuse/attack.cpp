#include "abuse/attack.h"

#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "abuse/counters.h"
#include "protocol/json.h"

namespace pg::abuse {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;
template <class T>
using awaitable = net::awaitable<T>;
using Ws = websocket::stream<beast::tcp_stream>;

auto tok(beast::error_code& ec) {
  return net::redirect_error(net::use_awaitable, ec);
}

/// A table the attacker created: its id, and the token of the seat it may join.
struct TableRef {
  std::string id;
  std::string token;
  bool online = false;
};

struct Shared {
  AttackOptions o;
  tcp::endpoint server;
  net::ip::address from;
  Clock::time_point start;
  Clock::time_point deadline;
  std::atomic<bool> stop{false};
  std::atomic<int> open_ws{0};  ///< WebSocket connections open now
  std::atomic<int> max_open_ws{0};
  std::atomic<long> seq{0};
  Counters counts;

  std::mutex pool_mutex;
  std::vector<TableRef> pool;  ///< the latest tables created (a ring)
  std::size_t pool_next = 0;
  std::mt19937_64 pool_rng{7};

  bool running() const { return !stop.load() && Clock::now() < deadline; }

  /// Counts a refusal (an HTTP status, a declined upgrade, an error frame) of an action, and its
  /// kind among all refusals.
  void refused(const std::string& action, const std::string& kind) {
    counts.add(action + "." + kind);
    counts.add("refused." + kind);
  }
  /// Counts a failed connection or exchange (refused connect, reset, close, timeout).
  void failed(const std::string& action, const std::string& kind) {
    counts.add(action + "." + kind);
    counts.add("failed." + kind);
  }

  void addTable(TableRef t) {
    std::lock_guard lock(pool_mutex);
    if (pool.size() < 256) {
      pool.push_back(std::move(t));
    } else {
      pool[pool_next] = std::move(t);
      pool_next = (pool_next + 1) % pool.size();
    }
  }
  /// A random table of the pool, or its first one (`first`: to crowd one table with spectators).
  std::optional<TableRef> pickTable(bool first = false) {
    std::lock_guard lock(pool_mutex);
    if (pool.empty()) return std::nullopt;
    if (first) return pool.front();
    std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
    return pool[pick(pool_rng)];
  }
};

/// An open WebSocket of the attacker: counted in open_ws while it lives; dropped (RST) at the end.
struct Conn {
  Shared& s;
  Ws ws;
  beast::flat_buffer buf;
  Conn(Shared& shared, const net::any_io_executor& ex) : s(shared), ws(ex) {}
  ~Conn() {
    if (counted) s.open_ws--;
    drop(beast::get_lowest_layer(ws).socket());
  }
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;
  bool counted = false;

  static void drop(tcp::socket& socket) {
    beast::error_code ec;
    if (!socket.is_open()) return;
    socket.set_option(net::socket_base::linger(true, 0), ec);
    socket.close(ec);
  }
};

awaitable<void> pause(std::chrono::milliseconds d) {
  const net::any_io_executor ex = co_await net::this_coro::executor;
  net::steady_timer t(ex, d);
  beast::error_code ec;
  co_await t.async_wait(tok(ec));
}

/// The kind of an I/O failure, for the counts.
std::string failureKind(const beast::error_code& ec) {
  if (ec == beast::error::timeout) return "timeout";
  if (ec == net::error::connection_reset || ec == net::error::broken_pipe) return "reset";
  if (ec == http::error::end_of_stream || ec == net::error::eof || ec == websocket::error::closed)
    return "closed";
  return "io-failed";
}

/// The error code of a JSON error body (`{"error": {"code": ...}}`), or "none".
std::string bodyCode(const std::string& body) {
  const Json j = Json::parse(body, nullptr, false);
  if (j.is_object() && j.contains("error") && j["error"].is_object() &&
      j["error"].value("code", "").size() > 0)
    return j["error"].value("code", "");
  return "none";
}

// GCC 12 miscompiles string literals bound to template references inside coroutines ("array
// used as initializer"): the JSON work of the coroutines below is in these plain functions.

/// A frame's "type", and the "code" of an error frame ("none" when absent).
std::string frameType(const Json& j) {
  return j.is_object() ? j.value("type", "") : "";
}
std::string frameCode(const Json& j) {
  return j.is_object() ? j.value("code", "none") : "none";
}
std::string chatFrame(const std::string& text) {
  return Json{{"type", "chat"}, {"text", text}}.dump();
}
std::string seatJoinFrame(const std::string& table, const std::string& token) {
  return Json{{"type", "join"}, {"table", table}, {"token", token}}.dump();
}
std::string watchJoinFrame(const std::string& table) {
  return Json{{"type", "join"}, {"table", table}, {"watch", true}}.dump();
}
std::string createBody(bool online) {
  return online ? Json{{"mode", "online"}, {"rules", {{"size", 9}}}}.dump()
                : Json{{"mode", "computer"}, {"computer", {{"strength", "beginner"}}}}.dump();
}
/// The table id and the token of the seat a creator may join, from a 201 answer.
std::optional<TableRef> createdTable(const std::string& body, bool online) {
  const Json j = Json::parse(body, nullptr, false);
  if (!j.is_object() || !j.contains("table") || !j["table"].is_string() || !j.contains("seats") ||
      !j["seats"].is_object())
    return std::nullopt;
  TableRef t;
  t.id = j["table"].get<std::string>();
  t.online = online;
  const Json& seats = j["seats"];
  const std::string seat = seats.contains("black") ? "black" : "white";
  if (seats.contains(seat) && seats[seat].is_object()) t.token = seats[seat].value("token", "");
  return t;
}

/// Opens `stream`'s socket from the attacker's address and connects it to the server.
awaitable<bool> connectFrom(Shared& s, beast::tcp_stream& stream, const char* action) {
  beast::error_code ec;
  tcp::socket& socket = stream.socket();
  socket.open(tcp::v4(), ec);
  if (!ec) {
#ifdef IP_BIND_ADDRESS_NO_PORT
    const int one = 1;
    ::setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
#endif
    socket.bind(tcp::endpoint(s.from, 0), ec);
  }
  if (ec) {
    s.failed(action, "bind-failed");
    Conn::drop(socket);
    co_await pause(std::chrono::milliseconds(s.o.retry_ms));
    co_return false;
  }
  stream.expires_after(3s);
  co_await stream.async_connect(s.server, tok(ec));
  if (ec) {
    s.failed(action, "connect-failed");
    Conn::drop(socket);
    co_await pause(std::chrono::milliseconds(s.o.retry_ms));
    co_return false;
  }
  socket.set_option(tcp::no_delay(true), ec);
  co_return true;
}

/// A keep-alive HTTP connection of one coroutine.
struct HttpConn {
  beast::tcp_stream stream;
  beast::flat_buffer buf;
  bool open = false;
  explicit HttpConn(const net::any_io_executor& ex) : stream(ex) {}
  ~HttpConn() { Conn::drop(stream.socket()); }
  void close() {
    Conn::drop(stream.socket());
    open = false;
  }
};

/// One request on the keep-alive connection (connecting first if need be). Counts the
/// attempt and its outcome under `action`; nullopt when there was no answer.
using Response = http::response<http::string_body>;
awaitable<std::optional<Response>> request(Shared& s, HttpConn& c, const char* action,
                                           http::verb verb, const std::string& target,
                                           const std::string& body) {
  s.counts.add(std::string(action) + ".attempts");
  if (!c.open) {
    const bool connected = co_await connectFrom(s, c.stream, action);
    if (!connected) co_return std::nullopt;
    c.open = true;
    c.buf.clear();
  }
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, s.o.host + ":" + std::to_string(s.o.port));
  req.set(http::field::user_agent, "pg_abuse");
  if (verb == http::verb::post) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  req.keep_alive(true);
  req.prepare_payload();
  beast::error_code ec;
  c.stream.expires_after(5s);
  co_await http::async_write(c.stream, req, tok(ec));
  http::response<http::string_body> res;
  if (!ec) co_await http::async_read(c.stream, c.buf, res, tok(ec));
  if (ec) {
    s.failed(action, failureKind(ec));
    c.close();
    co_return std::nullopt;
  }
  if (!res.keep_alive()) c.close();
  const unsigned status = res.result_int();
  if (status >= 200 && status < 300) {
    s.counts.add(std::string(action) + ".ok");
  } else {
    s.refused(action, "http" + std::to_string(status) + "." + bodyCode(res.body()));
    if ((status == 429 || status == 503) && res[http::field::retry_after].empty())
      s.counts.add("refused.http" + std::to_string(status) + "-without-retry-after");
  }
  co_return res;
}

/// Opens a WebSocket at `target` from the attacker's address; nullptr (counted) when refused.
awaitable<std::unique_ptr<Conn>> openWs(Shared& s, const char* action, const std::string& target) {
  s.counts.add(std::string(action) + ".attempts");
  const net::any_io_executor ex = co_await net::this_coro::executor;
  auto c = std::make_unique<Conn>(s, ex);
  const bool connected = co_await connectFrom(s, beast::get_lowest_layer(c->ws), action);
  if (!connected) co_return nullptr;
  const std::string host = s.o.host + ":" + std::to_string(s.o.port);
  beast::error_code ec;
  websocket::response_type res;
  beast::get_lowest_layer(c->ws).expires_after(5s);
  co_await c->ws.async_handshake(res, host, target, tok(ec));
  if (ec) {
    if (ec == websocket::error::upgrade_declined) {
      s.refused(action, "upgrade" + std::to_string(res.result_int()) + "." + bodyCode(res.body()));
      if ((res.result_int() == 429 || res.result_int() == 503) &&
          res[http::field::retry_after].empty())
        s.counts.add("refused.upgrade" + std::to_string(res.result_int()) + "-without-retry-after");
    } else {
      s.failed(action, failureKind(ec));
    }
    co_return nullptr;
  }
  beast::get_lowest_layer(c->ws).expires_never();
  c->ws.text(true);
  c->counted = true;
  const int now = ++s.open_ws;
  int seen = s.max_open_ws.load();
  while (now > seen && !s.max_open_ws.compare_exchange_weak(seen, now)) {
  }
  co_return c;
}

/// Reads one frame within `timeout`; nullopt (counted under `action`) when the connection
/// failed or closed.
awaitable<std::optional<std::string>> readFrame(Shared& s, Conn& c, const char* action,
                                                std::chrono::milliseconds timeout) {
  beast::error_code ec;
  c.buf.clear();
  beast::get_lowest_layer(c.ws).expires_after(timeout);
  co_await c.ws.async_read(c.buf, tok(ec));
  if (ec) {
    if (s.running()) s.failed(action, failureKind(ec));
    co_return std::nullopt;
  }
  co_return beast::buffers_to_string(c.buf.data());
}

awaitable<bool> writeFrame(Shared& s, Conn& c, const char* action, const std::string& text) {
  beast::error_code ec;
  beast::get_lowest_layer(c.ws).expires_after(5s);
  co_await c.ws.async_write(net::buffer(text), tok(ec));
  if (ec) {
    if (s.running()) s.failed(action, failureKind(ec));
    co_return false;
  }
  co_return true;
}

/// Sends a join and waits for its answer: true once joined; an error frame is counted by code.
awaitable<bool> join(Shared& s, Conn& c, const char* action, const std::string& msg) {
  const bool written = co_await writeFrame(s, c, action, msg);
  if (!written) co_return false;
  for (int i = 0; i < 32; ++i) {
    auto frame = co_await readFrame(s, c, action, 5s);
    if (!frame) co_return false;
    const Json j = Json::parse(*frame, nullptr, false);
    const std::string type = frameType(j);
    if (type == "joined") {
      s.counts.add(std::string(action) + ".ok");
      co_return true;
    }
    if (type == "error") {
      s.refused(action, "ws-error." + frameCode(j));
      co_return false;
    }
  }
  s.failed(action, "no-answer");
  co_return false;
}

/// Floods chat on a joined connection until the end: each line waits for its answer (the line
/// itself coming back, or an error frame), so the pace is the server's.
awaitable<void> flood(Shared& s, std::unique_ptr<Conn> c) {
  const std::string tag = "x" + std::to_string(++s.seq) + "-";
  for (long n = 0; s.running() && n < 100000000; ++n) {
    const std::string text = tag + std::to_string(n);
    s.counts.add("chat.attempts");
    const std::string frame_text = chatFrame(text);
    const bool written = co_await writeFrame(s, *c, "chat", frame_text);
    if (!written) co_return;
    for (int i = 0; i < 64; ++i) {
      auto frame = co_await readFrame(s, *c, "chat", 5s);
      if (!frame) co_return;
      if (frame->find("\"error\"") == std::string::npos && frame->find(text) == std::string::npos)
        continue;  // another connection's line, presence, info...
      const Json j = Json::parse(*frame, nullptr, false);
      const std::string type = frameType(j);
      if (type == "error") {
        s.refused("chat", "ws-error." + frameCode(j));
        break;
      }
      if (type == "chat") {
        s.counts.add("chat.ok");
        break;
      }
    }
  }
}

/// Holds one bare connection open (never joins) until the server closes it or the end.
awaitable<void> hold(Shared& s, std::unique_ptr<Conn> c) {
  while (s.running()) {
    auto frame = co_await readFrame(s, *c, "hold", 3600s);
    if (!frame) co_return;
    const Json j = Json::parse(*frame, nullptr, false);
    if (frameType(j) == "error") s.refused("hold", "ws-error." + frameCode(j));
  }
}

/// (a) Opens WebSocket connections and holds them, up to max_open at once.
awaitable<void> holder(Shared& s) {
  const net::any_io_executor ex = co_await net::this_coro::executor;
  const std::string target = "/ws";
  while (s.running()) {
    if (s.open_ws.load() >= s.o.max_open) {
      co_await pause(50ms);
      continue;
    }
    auto c = co_await openWs(s, "hold", target);
    if (!c) continue;
    s.counts.add("hold.ok");
    net::co_spawn(ex, hold(s, std::move(c)), net::detached);
  }
}

/// Joins a seat of a table it created, then floods chat from it.
awaitable<void> joinSeat(Shared& s, TableRef t) {
  if (s.open_ws.load() >= s.o.max_open) co_return;
  const net::any_io_executor ex = co_await net::this_coro::executor;
  const std::string target = "/ws?table=" + t.id;
  auto c = co_await openWs(s, "player-join", target);
  if (!c) co_return;
  const std::string msg = seatJoinFrame(t.id, t.token);
  const bool joined = co_await join(s, *c, "player-join", msg);
  if (joined) net::co_spawn(ex, flood(s, std::move(c)), net::detached);
}

/// (b) Creates tables (online and against the computer) and joins a quarter of them (the
/// others stay waiting, towards the limit of waiting tables).
awaitable<void> creator(Shared& s, uint64_t seed) {
  const net::any_io_executor ex = co_await net::this_coro::executor;
  HttpConn http(ex);
  std::mt19937_64 rng(seed);
  const std::string target = "/api/tables";
  for (long n = 0; s.running(); ++n) {
    const bool online = n % 2 == 0;
    const std::string body = createBody(online);
    auto res = co_await request(s, http, "create", http::verb::post, target, body);
    if (!res || res->result_int() != 201) continue;
    std::optional<TableRef> t = createdTable(res->body(), online);
    if (!t) {
      s.counts.add("create.bad-answer");
      continue;
    }
    s.addTable(*t);
    if (!t->token.empty() && rng() % 4 == 0) net::co_spawn(ex, joinSeat(s, *t), net::detached);
  }
}

/// (c) Joins tables as a spectator from ever new connections, and floods chat from them. Every
/// other join goes to the same table (the first created), beyond its spectators per address.
awaitable<void> spectator(Shared& s) {
  const net::any_io_executor ex = co_await net::this_coro::executor;
  for (long n = 0; s.running(); ++n) {
    auto t = s.pickTable(n % 2 == 0);
    if (!t || s.open_ws.load() >= s.o.max_open) {
      co_await pause(20ms);
      continue;
    }
    const std::string target = "/ws?table=" + t->id;
    auto c = co_await openWs(s, "spectator-join", target);
    if (!c) continue;
    const std::string msg = watchJoinFrame(t->id);
    const bool joined = co_await join(s, *c, "spectator-join", msg);
    if (joined) net::co_spawn(ex, flood(s, std::move(c)), net::detached);
  }
}

/// (e) Hammers GET /api/info and GET /api/tables/<id> on a keep-alive connection.
awaitable<void> hammer(Shared& s) {
  const net::any_io_executor ex = co_await net::this_coro::executor;
  HttpConn http(ex);
  const std::string info = "/api/info", empty;
  for (long n = 0; s.running(); ++n) {
    if (n % 2 == 0) {
      auto res = co_await request(s, http, "info", http::verb::get, info, empty);
    } else {
      auto t = s.pickTable();
      const std::string target = "/api/tables/" + (t ? t->id : std::string("aaaaaaaaaaaa"));
      auto res = co_await request(s, http, "table-info", http::verb::get, target, empty);
    }
  }
}

/// Raises the open-file limit to the hard limit; returns the soft limit in force.
long raiseFileLimit() {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return 1024;
  if (rl.rlim_cur < rl.rlim_max) {
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    getrlimit(RLIMIT_NOFILE, &rl);
  }
  return static_cast<long>(rl.rlim_cur);
}

}  // namespace

int runAttack(const AttackOptions& options) {
  Shared s;
  s.o = options;
  s.o.threads = std::clamp(s.o.threads, 1, 2);
  const long files = raiseFileLimit();
  s.o.max_open = static_cast<int>(std::clamp<long>(s.o.max_open, 1, std::max(1L, files - 200)));
  try {
    s.server = tcp::endpoint(net::ip::make_address(s.o.host), s.o.port);
    s.from = net::ip::make_address(s.o.from);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pg_abuse attack: bad address: %s\n", e.what());
    return 2;
  }
  if (!s.server.address().is_loopback() || !s.from.is_loopback() || !s.from.is_v4()) {
    std::fprintf(stderr, "pg_abuse attack: only IPv4 loopback addresses (127.x.y.z)\n");
    return 2;
  }
  s.start = Clock::now();
  s.deadline = s.start + std::chrono::milliseconds(static_cast<long>(s.o.seconds * 1000));

  std::vector<std::unique_ptr<net::io_context>> ios;
  for (int t = 0; t < s.o.threads; ++t) {
    ios.push_back(std::make_unique<net::io_context>(1));
    net::io_context& io = *ios.back();
    for (int i = 0; i < s.o.holders; ++i) net::co_spawn(io, holder(s), net::detached);
    for (int i = 0; i < s.o.creators; ++i)
      net::co_spawn(io, creator(s, static_cast<uint64_t>(t * 100 + i + 1)), net::detached);
    for (int i = 0; i < s.o.spectators; ++i) net::co_spawn(io, spectator(s), net::detached);
    for (int i = 0; i < s.o.hammers; ++i) net::co_spawn(io, hammer(s), net::detached);
  }
  net::signal_set signals(*ios.front(), SIGINT, SIGTERM);
  signals.async_wait([&s](const beast::error_code& ec, int) {
    if (!ec) s.stop = true;
  });
  std::vector<std::thread> threads;
  for (auto& io : ios) threads.emplace_back([&io] { io->run(); });
  while (s.running()) std::this_thread::sleep_for(50ms);
  for (auto& io : ios) io->stop();
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - s.start).count();

  const auto counts = s.counts.snapshot();
  if (s.o.json) {
    Json j{{"seconds", seconds},
           {"max_open_websockets", s.max_open_ws.load()},
           {"counts", Json::object()}};
    for (const auto& [k, v] : counts) j["counts"][k] = v;
    std::printf("%s\n", j.dump().c_str());
  } else {
    std::printf("attack: seconds %.1f\n", seconds);
    std::printf("attack: max-open-websockets %d\n", s.max_open_ws.load());
    for (const auto& [k, v] : counts) std::printf("attack: %s %ld\n", k.c_str(), v);
  }
  std::fflush(stdout);
  // The held connections and the coroutines' frames go with the process (each thread's
  // io_context is stopped, nothing of them runs again).
  std::_Exit(0);
}

}  // namespace pg::abuse
