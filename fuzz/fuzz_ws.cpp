// The WebSocket message handler against live tables in memory: frames of arbitrary text and
// well-formed commands (join with each credential, try, pass, resign, mark, seat fields,
// reconnects with last_version, disconnects) from four connections: Black's, White's (or the
// hot seat's), a spectator's and a stranger's holding another table's tokens. The frames are
// routed exactly as WebsocketSession::handle routes them, into the real Table.
//
// Asserted on every frame any connection receives: it is one JSON object with a known type;
// an error has a known code; a seat's events and snapshots carry versions that follow on; no
// one but the mover gets a point or the mover's kinds (stone, illegal, mark); an info frame is
// the public info and no board; before the end a snapshot shows a seat only its own stones and
// standing handicap stones, and a spectator only handicap stones; a stranger never joins a seat.
#include <fuzzer/FuzzedDataProvider.h>
#include <algorithm>

#include <map>
#include <set>

#include "fuzz_check.h"
#include "server/table/messages.h"
#include "server/table/router.h"
#include "server_fixture.h"

namespace pg::fuzz {
namespace {

const std::set<std::string> kTypes = {
    "joined",           "snapshot", "event",       "clock", "presence",
    "thinking",         "pong",     "error",       "info",  "rematch",
    "rematch-declined", "chat",     "chat-history"};
// The codes a table may answer over the WebSocket (protocol/errors.h has them all, the HTTP
// API's too: those must never come here).
const std::set<std::string> kErrors = {
    "bad-json",      "bad-request",     "unknown-command",  "not-joined",        "already-joined",
    "no-such-table", "bad-token",       "spectator",        "not-your-seat",     "not-started",
    "off-board",     "not-your-turn",   "occupied-visible", "already-tried",     "no-change",
    "game-over",     "rate-limited",    "store-failed",     "wrong-table",       "not-abandoned",
    "not-over",      "no-chat",         "chat-full",        "too-late-to-abort", "name-unchanged",
    "hotseat-names", "rematch-offered", "no-rematch-offer"};

struct Conn {
  std::shared_ptr<FakePeer> peer = std::make_shared<FakePeer>();
  std::shared_ptr<Table> table;        // as WebsocketSession::table_
  std::size_t checked = 0;             // frames already checked
  std::string role;                    // from the last "joined"
  std::map<std::string, int> version;  // per seat: last version received (-1: unknown)
  std::map<std::string, bool> over;
  bool stranger = false;
  std::string route;  // the table in the connection's URL
};

// WebsocketSession::handle, minus the socket: the same routing function.
void route(Fixture& fx, Conn& c, const std::string& text) {
  const std::shared_ptr<Peer> peer = c.peer;
  if (auto lookup = routeMessage(text, c.route, peer, c.table, *fx.registry))
    completeJoin(*lookup, lookUp(*fx.registry, *lookup), peer, c.table);
}

std::set<std::string> strings(const Json& a) {
  std::set<std::string> out;
  for (const Json& x : a) out.insert(x.get<std::string>());
  return out;
}

PG_NO_COVERAGE void checkFrames(Conn& c, const std::set<std::string>& handicap,
                                const std::string& table_a) {
  for (; c.checked < c.peer->frames.size(); ++c.checked) {
    const std::string& text = c.peer->frames[c.checked];
    const Json m = Json::parse(text, nullptr, false);
    PG_FUZZ_CHECK(m.is_object() && m.contains("type") && m.at("type").is_string(), text);
    const std::string type = m.at("type").get<std::string>();
    PG_FUZZ_CHECK(kTypes.count(type), "unknown frame type " + text);
    if (type == "error") {
      PG_FUZZ_CHECK(kErrors.count(m.at("code").get<std::string>()), "unknown error " + text);
      continue;
    }
    if (type == "joined") {
      c.role = m.at("role").get<std::string>();
      // A stranger holds the other table's tokens: a seat there is fine, never one here.
      PG_FUZZ_CHECK(!c.stranger || c.role == "spectator" || m.at("table") != table_a,
                    "a stranger took a seat: " + text);
      for (const Json& s : m.at("seats")) c.version[s.get<std::string>()] = -1;
      continue;
    }
    if (type == "info") {
      // The public info only: the same keys as GET /api/tables/<id>, no vertex anywhere.
      const Json& info = m.at("info");
      PG_FUZZ_CHECK(info.at("table").is_string() && info.contains("state") &&
                        info.contains("seats") && info.contains("spectators"),
                    "info frame without the public info: " + text);
      PG_FUZZ_CHECK(!info.contains("stones") && !info.contains("tries"),
                    "info frame with a board: " + text);
      continue;
    }
    if (type == "chat") {
      // Before the end, each channel reaches its own side only.
      const Json& line = m.at("line");
      const bool spectators = line.at("channel") == "spectators";
      const bool over = std::any_of(c.over.begin(), c.over.end(), [](auto& s) { return s.second; });
      PG_FUZZ_CHECK(over || spectators == (c.role == "spectator"),
                    "a chat line crossed to the other side: " + text);
      continue;
    }
    if (type == "rematch") {
      PG_FUZZ_CHECK(c.role != "spectator" || !m.contains("token"),
                    "a spectator got a seat of the rematch: " + text);
      continue;
    }
    if (type != "snapshot" && type != "event") continue;
    const std::string seat = m.at("seat").get<std::string>();
    PG_FUZZ_CHECK(c.version.count(seat), "a frame for a seat this connection does not hold");
    const int v = m.at("version").get<int>();
    int& last = c.version[seat];
    if (type == "snapshot") {
      const Json& view = m.at("view");
      PG_FUZZ_CHECK(view.at("audience") == seat && view.at("version") == v, "snapshot header");
      c.over[seat] = view.at("over").get<bool>();
      if (!c.over[seat]) {
        const auto black = strings(view.at("stones").at("black"));
        const auto white = strings(view.at("stones").at("white"));
        if (seat != "white")
          for (const auto& p : white) PG_FUZZ_CHECK(seat == "white", "white stone shown: " + p);
        if (seat != "black")
          for (const auto& p : black)
            PG_FUZZ_CHECK(handicap.count(p), "hidden black stone in a snapshot: " + p);
        if (seat == "spectator")
          PG_FUZZ_CHECK(view.at("marks").empty() && view.at("rejected").empty(),
                        "spectator snapshot with private marks");
      }
      last = v;
      continue;
    }
    PG_FUZZ_CHECK(last < 0 || v == last + 1, "versions do not follow on: " + text);
    last = v;
    const Json& e = m.at("event");
    const std::string kind = e.at("kind").get<std::string>();
    const std::string player = e.at("player").get<std::string>();
    if (kind == "stone" || kind == "illegal" || kind == "mark") {
      PG_FUZZ_CHECK(seat == player, "the mover's form of an event went to " + seat);
    } else if (kind != "end") {
      PG_FUZZ_CHECK(!e.contains("point"), "an announcement carries a point: " + text);
    }
    if (kind == "end") c.over[seat] = true;
  }
}

}  // namespace
}  // namespace pg::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace pg;
  using namespace pg::fuzz;
  FuzzedDataProvider in(data, size);
  Fixture fx(/*computers=*/false);  // every table below is online or hot seat
  const uint8_t setup = in.ConsumeIntegral<uint8_t>();
  const bool hotseat = setup & 1;
  Json req{{"mode", hotseat ? "hotseat" : "online"}};
  Json rules{{"size", (setup & 2) ? 5 : 7}};
  if (setup & 4) rules["topology"] = "torus";
  if (setup & 8) rules["atari_go"] = true;
  const bool handicapped = (setup & 16) && !(setup & 2);  // 7x7 only
  if (handicapped) rules["handicap"] = 2;
  if (setup & 32) rules["ko"] = "simple";
  req["rules"] = rules;
  if (setup & 64) req["clock"] = Json{{"main_seconds", 30}, {"increment_seconds", 1}};
  const auto a = fx.registry->create(req);
  const auto b = fx.registry->create(Json{{"mode", "online"}});
  const int n = rules["size"].get<int>();
  std::set<std::string> handicap;
  if (handicapped)
    for (Point p : handicapPoints(2, n)) handicap.insert(pointName(p, n));

  std::vector<Conn> conns(4);
  conns[3].stranger = true;
  const std::string& id = a.record.id;
  for (Conn& c : conns) c.route = id;
  auto credential = [&](int who) -> Json {
    Json j{{"type", "join"}, {"table", id}};
    if (who == 0) j["token"] = hotseat ? a.record.hotseat_token : a.record.black_token;
    if (who == 1) j["token"] = hotseat ? a.record.hotseat_token : a.record.white_token;
    if (who == 2) j["watch"] = true;
    if (who == 3) j["token"] = b.record.black_token;  // another table's seat
    return j;
  };
  // A stranger's raw text gets the table id but never this table's tokens.
  auto substitute = [&](std::string s, bool stranger) {
    const std::pair<std::string, std::string> subs[] = {{"$T", id},
                                                        {"$X", b.record.id},
                                                        {"$Y", b.record.white_token},
                                                        {"$B", a.record.black_token},
                                                        {"$W", a.record.white_token},
                                                        {"$H", a.record.hotseat_token}};
    for (const auto& [from, to] : subs) {
      if (stranger && from[1] != 'T' && from[1] != 'X' && from[1] != 'Y') continue;
      for (std::size_t at = s.find(from); at != std::string::npos;
           at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    }
    return s;
  };
  auto vertex = [&]() -> Json {
    const int k = in.ConsumeIntegralInRange(0, n * n + 3);
    if (k < n * n) return pointName(static_cast<Point>(k), n);
    const char* odd[] = {"Z9", "pass", "", "I3"};
    return odd[k - n * n];
  };

  for (int step = 0; step < 300 && in.remaining_bytes() > 0; ++step) {
    const uint8_t op = in.ConsumeIntegral<uint8_t>();
    const int who = op & 3;
    Conn& c = conns[static_cast<std::size_t>(who)];
    Json msg;
    switch ((op >> 2) % 10) {
      case 0:
        route(fx, c, substitute(in.ConsumeRandomLengthString(300), c.stranger));
        break;
      case 1:
      case 2:
        msg = credential(who);
        if (in.ConsumeBool()) {
          const int lv = in.ConsumeIntegralInRange(-2, 40);
          msg["last_version"] = hotseat && who < 2 ? Json{{"black", lv}, {"white", lv}} : Json(lv);
        }
        break;
      case 3:
      case 4:
      case 5:
        msg = Json{{"type", "try"}, {"point", vertex()}};
        break;
      case 6: {
        const char* types[] = {"pass",    "pass",           "pass", "claim-abandoned",
                               "rematch", "decline-rematch"};
        const auto k = in.ConsumeIntegralInRange<std::size_t>(0, 7);
        if (k < 6)
          msg = Json{{"type", types[k]}};
        else
          msg = Json{{"type", k == 6 ? "chat" : "name"},
                     {k == 6 ? "text" : "name", in.ConsumeRandomLengthString(300)}};
        break;
      }
      case 7:
        msg = Json{{"type", in.ConsumeIntegralInRange(0, 7) ? "mark" : "resign"},
                   {"point", vertex()},
                   {"set", in.ConsumeBool()}};
        if (in.ConsumeBool()) msg["seat"] = in.ConsumeBool() ? "black" : "white";
        break;
      case 8:
        msg = Json{
            {"type", "try"}, {"point", vertex()}, {"seat", in.ConsumeBool() ? "black" : "white"}};
        break;
      case 9:  // the connection drops; a new one takes its place
        if (c.table) c.table->leave(c.peer.get());
        fx.poll();
        checkFrames(c, handicap, id);
        {
          const bool stranger = c.stranger;
          c = Conn{};
          c.stranger = stranger;
          c.route = id;
        }
        break;
    }
    // Random bytes in a chat line or a name may not be UTF-8: replaced, as a client must send it.
    if (!msg.is_null()) route(fx, c, msg.dump(-1, ' ', false, Json::error_handler_t::replace));
    fx.poll();
    for (Conn& each : conns) checkFrames(each, handicap, id);
  }
  for (Conn& c : conns)
    if (c.table) c.table->leave(c.peer.get());
  fx.poll();
  return 0;
}
