// The HTTP request router (HttpApi::handle: the JSON API, /healthz, static files) on arbitrary
// methods, targets, Host headers and bodies. Tables exist: "$T" in a target or body stands for
// a live table's id, "$F" for a finished one's, "$K" for the live table's black seat token.
// Asserted: every reply has a known status and a body; a JSON reply parses; no reply ever holds
// the file outside the web folder; a game record or SGF of an unfinished table is refused (403)
// and never holds its moves; no reply holds a seat token that its request did not carry; the
// metrics page never names a table or a point of the games played; a file is not sent again to a
// request that holds its tag.
#include <fuzzer/FuzzedDataProvider.h>

#include <set>

#include "fuzz_check.h"
#include "server_fixture.h"

namespace pg::fuzz {
namespace {

struct World {
  Fixture fx;
  std::string live_id, finished_id;
  std::vector<std::string> tokens;
  World() {
    const auto live = fx.registry->create(Json{{"rules", {{"size", 5}}}});
    live_id = live.record.id;
    tokens = {live.record.black_token, live.record.white_token};
    // Play two stones into the live table so that its log has hidden moves.
    auto p = std::make_shared<FakePeer>();
    auto q = std::make_shared<FakePeer>();
    auto t = fx.registry->find(live_id);
    t->join(p, JoinRequest{"", live.record.black_token, {}});
    t->join(q, JoinRequest{"", live.record.white_token, {}});
    t->command(p, TryCommand{"C3", {}});
    t->command(q, TryCommand{"D4", {}});
    const auto done = fx.registry->create(Json{{"mode", "hotseat"}, {"rules", {{"size", 5}}}});
    finished_id = done.record.id;
    tokens.push_back(done.record.hotseat_token);
    auto h = std::make_shared<FakePeer>();
    auto u = fx.registry->find(finished_id);
    u->join(h, JoinRequest{"", done.record.hotseat_token, {}});
    u->command(h, TryCommand{"B2", {}});
    u->command(h, ResignCommand{});
    fx.poll();
    t->leave(p.get());
    t->leave(q.get());
    u->leave(h.get());
    fx.poll();
  }
};

World& world() {
  static World* w = new World();  // lives for the whole run
  return *w;
}

const std::set<int> kStatus = {200, 201, 304, 400, 403, 404, 405, 413, 500, 503};

}  // namespace
}  // namespace pg::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace pg;
  using namespace pg::fuzz;
  World& w = world();
  FuzzedDataProvider in(data, size);
  static const char* kMethods[] = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"};
  HttpRequest req;
  req.method = in.ConsumeBool() ? kMethods[in.ConsumeIntegralInRange(0, 5)]
                                : in.ConsumeRandomLengthString(10);
  const auto expand = [&](std::string s) {
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"$T", w.live_id},
                                   {"$F", w.finished_id},
                                   {"$K", w.tokens[0]}})
      for (std::size_t at = s.find(from); at != std::string::npos;
           at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
  };
  req.target = expand(in.ConsumeRandomLengthString(200));
  req.host = in.ConsumeRandomLengthString(40);
  req.body = expand(in.ConsumeRemainingBytesAsString());
  // Creating tables is fine but each one lives on; keep the number bounded.
  if (req.method == "POST" && w.fx.registry->size() > 2000) return 0;
  const HttpReply r = w.fx.api->handle(req);
  w.fx.poll();
  PG_FUZZ_CHECK(kStatus.count(r.status), "status " + std::to_string(r.status));
  if (r.content_type.rfind("application/json", 0) == 0)
    PG_FUZZ_CHECK(!Json::parse(r.body, nullptr, false).is_discarded(), "bad JSON reply");
  if (r.status >= 500)
    PG_FUZZ_CHECK(r.status == 503 || r.body.find("store-failed") != std::string::npos, "500");
  // A reply may echo what the request itself carried (an error names the unknown field it was
  // sent); a token counts as leaked only when the request did not hold it.
  const auto sent = [&](const std::string& t) {
    return req.target.find(t) != std::string::npos || req.host.find(t) != std::string::npos ||
           req.body.find(t) != std::string::npos || req.method.find(t) != std::string::npos;
  };
  // A created table's links start with the request's Host, so a Host that spells the planted
  // file's words comes back in them: the words alone are a leak only when the request did not
  // carry them, the file's line with its newline (which no Host may hold) always.
  PG_FUZZ_CHECK(
      sent("TOP-SECRET-OUTSIDE-WEB") || r.body.find("TOP-SECRET-OUTSIDE-WEB") == std::string::npos,
      "a file outside the web folder was served for " + req.target);
  PG_FUZZ_CHECK(r.body.find("TOP-SECRET-OUTSIDE-WEB\n") == std::string::npos,
                "a file outside the web folder was served for " + req.target);
  for (const std::string& t : w.tokens)
    PG_FUZZ_CHECK(sent(t) || r.body.find(t) == std::string::npos,
                  "a seat token leaked to " + req.target);
  if (r.content_type.rfind("text/plain; version=0.0.4", 0) == 0) {
    for (const std::string& secret :
         {w.live_id, w.finished_id, std::string("C3"), std::string("D4"), std::string("B2")})
      PG_FUZZ_CHECK(r.body.find(secret) == std::string::npos, "/metrics names " + secret);
  }
  if (req.target.find(w.live_id) != std::string::npos &&
      req.target.find("/api/games/") != std::string::npos) {
    PG_FUZZ_CHECK(r.status != 200 || r.body.find("D4") == std::string::npos,
                  "the record of a live game was served: " + req.target);
  }
  // A file served with a tag is not sent again to a request that holds that tag.
  for (const auto& [name, tag] : r.headers) {
    if (name != "ETag" || r.status != 200 || req.method != "GET") continue;
    HttpRequest again = req;
    again.if_none_match = tag;
    const HttpReply same = w.fx.api->handle(again);
    PG_FUZZ_CHECK(same.status == 304 && same.body.empty(), "no 304 for " + req.target);
  }
  return 0;
}
