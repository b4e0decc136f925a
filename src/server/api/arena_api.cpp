#include "server/api/arena_api.h"

#include <spdlog/spdlog.h>

#include "server/api/account_name.h"
#include "server/api/http_reply.h"
#include "server/api/static_files.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

constexpr int64_t kDayMs = 24LL * 60 * 60 * 1000;
constexpr int kMostListed = 100;
/// The entries of the seen-at memory above which old ones are forgotten.
constexpr std::size_t kMostRemembered = 100000;

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

HttpReply methodNot(const char* allowed) {
  return errorReply(Error::detail(Err::MethodNotAllowed, std::string("Use ") + allowed + "."));
}

HttpReply noSuchArena() {
  return errorReply(Error::of(Err::NotFound));
}

Json standingJson(const arena::Standing& s, const ArenaPlayer* p) {
  return Json{{"rank", s.rank},
              {"name", s.name},
              {"score", s.score},
              {"games", s.games},
              {"wins", s.wins},
              {"draws", s.draws},
              {"losses", s.losses},
              {"on_fire", s.on_fire},
              {"state", p ? arenaPlayerStateName(p->state) : "left"}};
}

const char* colorWord(bool black) {
  return black ? "black" : "white";
}

}  // namespace

ArenaApi::ArenaApi(Store& tables, AccountStore& accounts, ArenaStore& arenas,
                   const AccountSessions& sessions, const ServerSettings& settings)
    : tables_(tables),
      accounts_(accounts),
      arenas_(arenas),
      sessions_(sessions),
      settings_(settings) {}

HttpReply ArenaApi::handle(const HttpRequest& req, std::string_view path) const {
  const bool get = req.method == "GET" || req.method == "HEAD";
  const int64_t now = unixMsNow();
  if (path == "/api/arenas") {
    if (req.method == "POST") return create(req);
    if (!get) return methodNot("GET or POST");
    return list(now);
  }
  // /api/arenas/<id>[/join|/pause|/leave|/players/<name>]
  const std::string_view rest = path.substr(std::string_view("/api/arenas/").size());
  const std::size_t slash = rest.find('/');
  const std::string id(rest.substr(0, slash));
  if (!isTableId(id)) return noSuchArena();
  if (slash == std::string_view::npos) {
    if (!get) return methodNot("GET");
    return show(req, id);
  }
  const std::string_view action = rest.substr(slash + 1);
  if (startsWith(action, "players/")) {
    if (!get) return methodNot("GET");
    const auto decoded = staticPath(path);  // percent-decoded, without the leading '/'
    const std::string prefix = "api/arenas/" + id + "/players/";
    if (!decoded || !startsWith(*decoded, prefix)) return errorReply(Error::of(Err::NoSuchPlayer));
    return playerGames(id, std::string_view(*decoded).substr(prefix.size()));
  }
  std::optional<ArenaPlayerState> state;
  if (action == "join") state = ArenaPlayerState::Active;
  if (action == "pause") state = ArenaPlayerState::Paused;
  if (action == "leave") state = ArenaPlayerState::Left;
  if (!state) return errorReply(Error::of(Err::NotFound));
  if (req.method != "POST") return methodNot("POST");
  return setState(req, id, *state);
}

HttpReply ArenaApi::create(const HttpRequest& req) const {
  const auto who = sessions_.signedIn(req);
  if (!who) return errorReply(Error::of(Err::NotSignedIn));
  const Json body = req.body.empty() ? Json::object() : Json::parse(req.body, nullptr, false);
  if (body.is_discarded())
    return errorReply(Error::detail(Err::BadRequest, "The body is not valid JSON."));
  const int64_t now = unixMsNow();
  ArenaRequest r;
  try {
    ArenaLimits limits;
    limits.min_seconds = settings_.arena_min_seconds;
    r = arenaRequestFromJson(body, now, limits);
  } catch (const ProtocolError& e) {
    return errorReply(Error::detail(Err::BadRequest, e.what()));
  }
  if (arenas_.createdSince(who->id, now - kDayMs) >= settings_.arenas_per_account_per_day)
    return errorReply(
        Error::detail(Err::RateLimited, "An account may create " +
                                            std::to_string(settings_.arenas_per_account_per_day) +
                                            " arenas a day."));
  StoredArena a{newTableId(), r.name, who->id, now, r.starts_at, r.ends_at, r.setup.dump()};
  arenas_.createArena(a);
  spdlog::info("arena {}: created by account {}", a.id, who->id);
  const ArenaBoard board{a, {}, {}};
  return jsonReply(201, summary(board, now));
}

Json ArenaApi::summary(const ArenaBoard& board, int64_t now) const {
  const StoredArena& a = board.arena;
  const auto creator = accounts_.accountById(a.creator);
  const Json setup = Json::parse(a.setup, nullptr, false);
  int active = 0;
  for (const ArenaPlayer& p : board.players)
    if (p.state != ArenaPlayerState::Left) ++active;
  return Json{{"id", a.id},
              {"name", a.name},
              {"creator", creator ? Json(creator->name) : Json(nullptr)},
              {"created_at", a.created_at},
              {"starts_at", a.starts_at},
              {"ends_at", a.ends_at},
              {"status", arenaStatusName(board.status(now))},
              {"rules", setup.is_object() ? setup.value("rules", Json()) : Json()},
              {"clock", setup.is_object() ? setup.value("clock", Json()) : Json()},
              {"rated", setup.is_object() && arenaGameSetup(setup, "", "").rated},
              {"players", board.players.size()},
              {"active_players", active}};
}

HttpReply ArenaApi::list(int64_t now) const {
  Json out = Json::array();
  for (const StoredArena& a : arenas_.arenas(now - kRecentMs, kMostListed)) {
    // The list reads no games: a past arena is "finished" here once its time is up.
    ArenaBoard board{a, arenas_.players(a.id), {}};
    Json s = summary(board, now);
    if (now >= a.ends_at) s["status"] = arenaStatusName(ArenaStatus::Finished);
    out.push_back(std::move(s));
  }
  return jsonReply(200, Json{{"arenas", out}, {"now", now}});
}

void ArenaApi::seen(const std::string& arena_id, const std::string& account_id, int64_t now) const {
  {
    std::lock_guard lock(seen_mutex_);
    if (seen_at_.size() > kMostRemembered) seen_at_.clear();
    int64_t& last = seen_at_[{arena_id, account_id}];
    if (now - last < kSeenEveryMs) return;
    last = now;
  }
  arenas_.markSeen(arena_id, account_id, now);
}

HttpReply ArenaApi::show(const HttpRequest& req, const std::string& id) const {
  const int64_t now = unixMsNow();
  const auto board = readArena(arenas_, id);
  if (!board) return noSuchArena();
  Json out = summary(*board, now);
  const ArenaStatus status = board->status(now);
  Json standings = Json::array();
  const auto lines = board->standings();
  for (const arena::Standing& s : lines)
    standings.push_back(standingJson(s, board->player(s.player)));
  out["standings"] = standings;
  std::map<std::string, std::string> names;
  for (const ArenaPlayer& p : board->players) names[p.account_id] = p.name;
  const auto nameOf = [&](const std::string& account) -> Json {
    const auto it = names.find(account);
    return it == names.end() ? Json(nullptr) : Json(it->second);
  };
  // Who plays whom: nothing else of a game in progress.
  Json playing = Json::array();
  int finished = 0;
  for (const ArenaGame& g : board->games) {
    if (g.finished_at) {
      ++finished;
      continue;
    }
    playing.push_back(Json{{"table", g.table_id},
                           {"black", nameOf(g.black)},
                           {"white", nameOf(g.white)},
                           {"paired_at", g.paired_at}});
  }
  out["playing"] = playing;
  out["games"] = board->games.size();
  out["finished_games"] = finished;
  Json podium = Json::array();
  if (status == ArenaStatus::Finished)
    for (const arena::Standing& s : lines)
      if (s.rank <= 3 && s.games > 0) podium.push_back(standingJson(s, board->player(s.player)));
  out["podium"] = podium;
  out["now"] = now;
  out["me"] = nullptr;
  if (sessions_.hasCookie(req)) {
    if (const auto who = sessions_.signedIn(req)) {
      const ArenaPlayer* p = board->player(who->id);
      Json me{{"name", who->name},
              {"joined", p != nullptr},
              {"state", p ? Json(arenaPlayerStateName(p->state)) : Json(nullptr)},
              {"game", nullptr}};
      if (p && status == ArenaStatus::Running && p->state == ArenaPlayerState::Active)
        seen(id, who->id, now);
      if (const ArenaGame* g = board->currentGame(who->id)) {
        // The seat token of this account's own seat, to this account's session only.
        const bool black = g->black == who->id;
        const auto t = tables_.table(g->table_id);
        if (t)
          me["game"] = Json{{"table", g->table_id},
                            {"color", colorWord(black)},
                            {"token", black ? t->black_token : t->white_token},
                            {"opponent", nameOf(black ? g->white : g->black)}};
      }
      out["me"] = me;
    }
  }
  return jsonReply(200, out);
}

HttpReply ArenaApi::setState(const HttpRequest& req, const std::string& id,
                             ArenaPlayerState state) const {
  const auto who = sessions_.signedIn(req);
  if (!who) return errorReply(Error::of(Err::NotSignedIn));
  const auto a = arenas_.arena(id);
  if (!a) return noSuchArena();
  const int64_t now = unixMsNow();
  if (now >= a->ends_at) return errorReply(Error::detail(Err::BadRequest, "The arena has ended."));
  const auto players = arenas_.players(id);
  bool joined = false;
  for (const ArenaPlayer& p : players) joined = joined || p.account_id == who->id;
  if (!joined && state != ArenaPlayerState::Active)
    return errorReply(Error::detail(Err::BadRequest, "You have not joined this arena."));
  arenas_.setPlayerState(id, who->id, state, now);
  {
    std::lock_guard lock(seen_mutex_);
    seen_at_[{id, who->id}] = now;
  }
  spdlog::info("arena {}: account {} is {}", id, who->id, arenaPlayerStateName(state));
  return jsonReply(200, Json{{"arena", id}, {"state", arenaPlayerStateName(state)}});
}

HttpReply ArenaApi::playerGames(const std::string& id, std::string_view name) const {
  const auto board = readArena(arenas_, id);
  if (!board) return noSuchArena();
  const auto account =
      validAccountName(name) ? accounts_.accountByName(std::string(name)) : std::nullopt;
  const ArenaPlayer* p = account ? board->player(account->id) : nullptr;
  if (!p) return errorReply(Error::of(Err::NoSuchPlayer));
  std::map<std::string, std::string> names;
  for (const ArenaPlayer& q : board->players) names[q.account_id] = q.name;
  std::vector<std::size_t> index;
  const auto finished = board->finished(&index);
  Json games = Json::array();
  for (const arena::ScoredGame& s : arena::scoredGames(p->account_id, finished)) {
    const ArenaGame& g = board->games[index[s.game]];
    const bool black = g.black == p->account_id;
    const std::string& opponent = black ? g.white : g.black;
    const Json result = Json::parse(g.result, nullptr, false);
    games.push_back(Json{{"table", g.table_id},
                         {"color", colorWord(black)},
                         {"opponent", names.count(opponent) ? Json(names[opponent]) : Json()},
                         {"result", result.is_discarded() ? Json() : result},
                         {"points", s.points},
                         {"doubled", s.doubled},
                         {"paired_at", g.paired_at},
                         {"finished_at", *g.finished_at}});
  }
  Json playing = nullptr;
  if (const ArenaGame* g = board->currentGame(p->account_id)) {
    const bool black = g->black == p->account_id;
    const std::string& opponent = black ? g->white : g->black;
    playing = Json{{"table", g->table_id},
                   {"color", colorWord(black)},
                   {"opponent", names.count(opponent) ? Json(names[opponent]) : Json()}};
  }
  int score = 0;
  for (const arena::Standing& s : board->standings())
    if (s.player == p->account_id) score = s.score;
  return jsonReply(200, Json{{"arena", id},
                             {"name", p->name},
                             {"state", arenaPlayerStateName(p->state)},
                             {"score", score},
                             {"games", games},
                             {"playing", playing}});
}

}  // namespace pg
