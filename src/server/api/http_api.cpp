#include "server/api/http_api.h"

#include <spdlog/spdlog.h>

#include <ctime>
#include <future>

#include "ai/levels.h"
#include "referee/disclosure.h"
#include "rules/fnv1a.h"
#include "server/api/http_reply.h"
#include "server/api/level_texts.h"
#include "server/api/query_param.h"
#include "server/api/site_origin.h"
#include "server/node/exception_text.h"
#include "server/node/tokens.h"
#include "server/table/table_chat.h"
#include "server/table/table_setup.h"
#include "store/sgf_writer.h"
#include "version.h"

namespace pg {

namespace {

/// /readyz fails while a write has waited longer than this for its commit.
constexpr std::chrono::milliseconds kStalledWrites{5000};

/// A 500 store-failed answer, counted in `metrics` (may be null).
HttpReply storeFailedReply(Metrics* metrics) {
  if (metrics) metrics->storeError(Metrics::StoreErrorAt::Http);
  return errorReply(Error::of(Err::StoreFailed));
}

std::string_view pathOf(std::string_view target) {
  const auto q = target.find('?');
  return q == std::string_view::npos ? target : target.substr(0, q);
}

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string utcDate(int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
  return buf;
}

bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() > suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

/// Whether `path` is /api/account or under it.
bool isAccountPath(std::string_view path) {
  return path == "/api/account" || startsWith(path, "/api/account/");
}

/// Whether `path` is /api/arenas or under it.
bool isArenaPath(std::string_view path) {
  return path == "/api/arenas" || startsWith(path, "/api/arenas/");
}

/// Whether answering `path` may read the store: a table's info (the table may have to be
/// loaded), the archive, the lobby (its listing, a challenge made or taken), the accounts and
/// ratings, and the readiness check (HttpApi::readiness says when it does not).
bool readsTheStore(std::string_view path) {
  return startsWith(path, "/api/tables/") || startsWith(path, "/api/games/") ||
         path == "/api/challenges" || startsWith(path, "/api/challenges/") || isAccountPath(path) ||
         startsWith(path, "/api/email/") || startsWith(path, "/api/players/") ||
         path == "/api/leaderboard" || startsWith(path, "/api/leaderboard/") || isArenaPath(path) ||
         path == "/readyz";
}

/// "/api/tables/<id>/seat" -> "<id>"; nullopt for any other path.
std::optional<std::string> seatTable(std::string_view path) {
  if (!startsWith(path, "/api/tables/") || !endsWith(path, "/seat")) return std::nullopt;
  return std::string(path.substr(12, path.size() - 12 - 5));
}

/// Whether a creation's body asks for a rated game (a malformed body is refused later).
bool asksRated(const std::string& body) {
  const Json j = Json::parse(body, nullptr, false);
  return j.is_object() && j.contains("rated") && j.at("rated") == true;
}

/// "/api/games/<id>/belief" -> "<id>"; nullopt for any other path.
std::optional<std::string> beliefGame(std::string_view path) {
  if (!startsWith(path, "/api/games/") || !endsWith(path, "/belief")) return std::nullopt;
  return std::string(path.substr(11, path.size() - 11 - 7));
}

/// The seat named by ?seat=, or nullopt if it names none.
std::optional<Color> beliefSeat(std::string_view target) {
  const auto seat = queryParam(target, "seat");
  if (seat == "black") return Color::Black;
  if (seat == "white") return Color::White;
  return std::nullopt;
}

HttpReply badSeat() {
  return errorReply(Error::of(Err::BadSeat));
}

std::string beliefKey(const std::string& id, Color seat) {
  return id + (seat == Color::Black ? "/black" : "/white");
}

HttpReply beliefBody(const std::shared_ptr<const std::string>& body) {
  HttpReply r;
  r.content_type = "application/json";
  r.body = *body;
  r.headers.emplace_back("Cache-Control", "no-store");  // as every JSON answer (jsonReply)
  return r;
}

/// FNV-1a: the same seed for the same game on every build, so a map is reproducible.
uint64_t seedOf(const std::string& key) {
  return fnv1a(key);
}

/// Belief computations under way at most; a request past them is answered 503 server-busy.
constexpr int kMaxBeliefJobs = 2;

}  // namespace

struct HttpApi::Finished {
  StoredTable rec;
  TableSetup setup;
  std::vector<StoredEvent> stored;
  std::vector<Event> log;
};

HttpApi::HttpApi(TableRegistry& registry, Store& store, const ServerSettings& settings,
                 Metrics* metrics, ChallengeStore* challenges, CreationGate* creations,
                 Offload offload, Offload reads, AccountStore* accounts, RatingStore* ratings,
                 ArenaStore* arenas, MailStore* mail, std::function<void()> mail_queued)
    : registry_(registry),
      store_(store),
      settings_(settings),
      metrics_(metrics),
      creations_(creations),
      files_(settings.web_dir, vendorFolderFor(settings.web_dir)),
      offload_(std::move(offload)),
      reads_(std::move(reads)) {
  if (accounts) {
    accounts_ = std::make_unique<AccountApi>(*accounts, settings, metrics);
    email_ = std::make_unique<EmailApi>(*accounts, mail, settings, accounts_->sessions(), metrics,
                                        std::move(mail_queued));
    accounts_->showEmail(email_.get());
  }
  if (accounts && ratings)
    ratings_ = std::make_unique<RatingApi>(store, *accounts, *ratings, accounts_->sessions());
  if (accounts && arenas)
    arenas_ =
        std::make_unique<ArenaApi>(store, *accounts, *arenas, accounts_->sessions(), settings);
  if (challenges)
    lobby_ = std::make_unique<ChallengeApi>(registry, *challenges, settings, creations, metrics,
                                            ratings_ ? &accounts_->sessions() : nullptr);
}

std::string HttpApi::origin(const HttpRequest& req) const {
  return linkOrigin(req, settings_);
}

HttpReply HttpApi::handle(const HttpRequest& req) const {
  const std::string_view path = pathOf(req.target);
  const bool get = req.method == "GET" || req.method == "HEAD";
  try {
    if (auto refused = refuseOrigin(req)) return std::move(*refused);
    if (path == "/healthz") {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      HttpReply r;
      r.body = "ok\n";
      r.headers.emplace_back("Cache-Control", "no-store");
      return r;
    }
    if (path == "/readyz") {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      return readiness();
    }
    if (path == "/metrics" && metrics_) {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      return metricsPage();
    }
    if (path == "/api/info") {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      const ServerLimits& l = settings_.limits;
      return jsonReply(
          200, Json{{"name", "phantomgo"},
                    {"version", kVersion},
                    {"commit", kGitCommit},
                    {"strengths", computerStrengths()},
                    {"levels", levelTexts()},
                    {"limits", Json{{"max_frame_bytes", l.max_frame_bytes},
                                    {"messages_per_second", l.messages_per_second},
                                    {"message_burst", l.message_burst},
                                    {"join_timeout_ms", l.join_timeout.count()},
                                    {"idle_timeout_ms", l.idle_timeout.count()},
                                    {"max_body_bytes", l.max_body_bytes}}},
                    // What one client address may do (docs/protocol.md, Limits).
                    {"per_address",
                     Json{{"connections", l.connections_per_address},
                          {"joins_per_second", l.joins_per_second_per_address},
                          {"join_burst", l.join_burst_per_address},
                          {"api_requests_per_second", l.api_requests_per_second_per_address},
                          {"api_burst", l.api_burst_per_address},
                          {"tables_per_minute", l.tables_per_minute_per_address},
                          {"tables_per_hour", l.tables_per_hour_per_address},
                          {"waiting_tables", l.waiting_tables_per_address},
                          {"spectators_per_table", l.spectators_per_table_per_address},
                          {"waiting_table_ttl_ms", l.waiting_table_ttl.count()}}},
                    // What this node holds: another node may hold other numbers.
                    {"node",
                     Json{{"max_connections", l.max_connections}, {"max_tables", l.max_tables}}}});
    }
    if (path == "/api/tables") {
      if (req.method != "POST")
        return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
      return createTable(req);
    }
    if (const auto seat = seatTable(path); seat && ratings_) {
      if (req.method != "POST")
        return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
      if (!isTableId(*seat)) return errorReply(Error::of(Err::NoSuchTable));
      return ratings_->takeSeat(req, *seat);
    }
    if (startsWith(path, "/api/tables/")) {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      return tableInfo(std::string(path.substr(12)));
    }
    if (ratings_ && startsWith(path, "/api/players/")) {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      const auto decoded = staticPath(path);  // percent-decoded: "api/players/<name>"
      if (!decoded || decoded->size() <= 12 || decoded->find('/', 12) != std::string::npos)
        return errorReply(Error::of(Err::NoSuchPlayer));
      return ratings_->player(std::string_view(*decoded).substr(12));
    }
    if (ratings_ && (path == "/api/leaderboard" || startsWith(path, "/api/leaderboard/"))) {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      return ratings_->leaderboard(path.size() > 17 ? path.substr(17) : std::string_view{});
    }
    if (ratings_ && startsWith(path, "/api/account/seat/")) {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      return ratings_->mySeat(req, std::string(path.substr(18)));
    }
    if (ratings_ && path == "/api/account/games") {
      if (req.method != "POST")
        return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
      if (req.origin.empty() || req.origin != origin(req))
        return errorReply(Error::of(Err::BadOrigin));
      return ratings_->attachGames(req);
    }
    if (arenas_ && isArenaPath(path)) return arenas_->handle(req, path);
    if (lobby_ && (path == "/api/challenges" || startsWith(path, "/api/challenges/")))
      return lobby_->handle(req, path);
    if (startsWith(path, "/api/games/")) {
      if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
      if (const auto id = beliefGame(path)) return belief(*id, req.target);
      std::string id(path.substr(11));
      const bool sgf = id.size() > 4 && id.substr(id.size() - 4) == "/sgf";
      if (sgf) id.resize(id.size() - 4);
      return game(id, sgf);
    }
    if (email_ && EmailApi::owns(path)) return email_->handle(req, path);
    if (accounts_ && isAccountPath(path)) return accounts_->handle(req, path);
    if (path == "/api" || startsWith(path, "/api/")) return errorReply(Error::of(Err::NotFound));
    if (!get) return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET."));
    return files_.serve(req.target, req.if_none_match, req.accept_language);
  } catch (const StoreError& e) {
    spdlog::error("store failure on {} {}: {}", req.method, path, e.what());
    return storeFailed();
  }
}

HttpReply HttpApi::metricsPage() const {
  HttpReply r;
  r.content_type = "text/plain; version=0.0.4; charset=utf-8";
  r.body = metrics_->text();
  r.headers.emplace_back("Cache-Control", "no-store");
  return r;
}

HttpReply HttpApi::readiness() const {
  HttpReply r;
  r.headers.emplace_back("Cache-Control", "no-store");
  if (registry_.draining()) {
    // Stopping: the proxy is to take this node out before its tables are handed over.
    r.status = 503;
    r.body = "not ready: this node is stopping\n";
    return r;
  }
  if (const auto waited = store_.oldestWrite(); waited > kStalledWrites) {
    // The database takes connections but does not finish commits (a synchronous standby that
    // is not there, a full disk): nothing sent here would be stored in time.
    r.status = 503;
    r.body = "not ready: a write has waited " + std::to_string(waited.count()) + " ms\n";
    return r;
  }
  if (!store_.claimsLive()) {
    // Its ownership of its tables could not be renewed: send it nothing until it can.
    r.status = 503;
    r.body = "not ready: this node's lease of the store is not renewed\n";
    return r;
  }
  // A shared store's lease is renewed every 500 ms on a connection of its own: alive, it says
  // the database answered within the last few seconds, without a read here.
  if (store_.shared()) {
    r.body = "ready\n";
    return r;
  }
  try {
    // A read of a table no id can name: one round trip to the database, whatever it holds.
    store_.table("readiness");
    r.body = "ready\n";
  } catch (const StoreError& e) {
    spdlog::warn("not ready: {}", e.what());
    r.status = 503;
    r.body = "not ready: the store cannot be read\n";
  }
  return r;
}

HttpReply HttpApi::storeFailed() const {
  return storeFailedReply(metrics_);
}

namespace {

/// The creator's answer: the table, its seat links (with their tokens) and the watch link.
HttpReply createdReply(const std::string& origin, const TableRegistry::Created& created) {
  const StoredTable& t = created.record;
  const std::string base = origin + "/#table=" + t.id;
  Json seats = Json::object();
  auto seat = [&](const char* name, const std::string& token) {
    if (!token.empty()) seats[name] = Json{{"token", token}, {"url", base + "&token=" + token}};
  };
  seat("black", t.black_token);
  seat("white", t.white_token);
  seat("hotseat", t.hotseat_token);
  return jsonReply(201, Json{{"table", t.id},
                             {"mode", created.info.at("mode")},
                             {"seats", seats},
                             {"watch_url", base},
                             {"info", created.info}});
}

}  // namespace

HttpReply HttpApi::createTable(const HttpRequest& req) const {
  // The same path as handleAsync, waiting here for the store's answer.
  std::promise<HttpReply> promise;
  std::future<HttpReply> reply = promise.get_future();
  createTableAsync(req, [&promise](HttpReply r) { promise.set_value(std::move(r)); });
  return reply.get();
}

std::optional<HttpReply> HttpApi::refuseOrigin(const HttpRequest& req) const {
  if (req.method == "GET" || req.method == "HEAD") return std::nullopt;
  const bool cookie = accounts_ && accounts_->sessions().hasCookie(req);
  if (mayChangeState(req, origin(req), cookie)) return std::nullopt;
  return errorReply(Error::of(Err::BadOrigin));
}

void HttpApi::handleAsync(const HttpRequest& req, ReplyFn reply) const {
  if (auto refused = refuseOrigin(req)) return reply(std::move(*refused));
  if (req.method == "POST" && pathOf(req.target) == "/api/tables") {
    if (ratings_ && reads_ && asksRated(req.body))
      return reads_([this, req, reply = std::move(reply)] { createRatedAsync(req, reply); });
    return createTableAsync(req, std::move(reply));
  }
  if (offload_ && (req.method == "GET" || req.method == "HEAD") && beliefGame(pathOf(req.target))) {
    if (auto quick = beliefAtOnce(req.target)) return reply(std::move(*quick));
    // Reading the log and sampling take a while: not on the network thread.
    return offload_([this, req, reply = std::move(reply)] { reply(handle(req)); });
  }
  if (offload_ && accounts_ && AccountApi::slow(req, pathOf(req.target)))
    return offload_([this, req, reply = std::move(reply)] { reply(handle(req)); });
  // On a shared store the readiness check reads nothing (the lease's renewals are its round
  // trips): answered at once, never queued behind the table loads of a node taking over.
  if (reads_ && readsTheStore(pathOf(req.target)) &&
      !(pathOf(req.target) == "/readyz" && store_.shared()))
    return reads_([this, req, reply = std::move(reply)] { reply(handle(req)); });
  reply(handle(req));
}

void HttpApi::createRatedAsync(const HttpRequest& req, ReplyFn reply) const {
  std::optional<Account> who;
  try {
    who = accounts_->sessions().signedIn(req);
  } catch (const StoreError& e) {
    spdlog::error("store failure on POST /api/tables: {}", e.what());
    return reply(storeFailed());
  }
  if (!who) return reply(errorReply(Error::of(Err::NotSignedIn)));
  // The computer's seat is its level's from the start; a person's seat becomes theirs when
  // they take it (POST /api/tables/<id>/seat).
  createTableAsync(req, [this, reply](HttpReply r) {
    if (r.status != 201) return reply(std::move(r));
    const Json created = Json::parse(r.body, nullptr, false);
    const Json computer =
        created.is_object() ? created.at("info").value("computer", Json()) : Json();
    if (!computer.is_object()) return reply(std::move(r));
    // Not on the store's writer thread, which answered the creation.
    reads_([this, created, computer, r = std::move(r), reply]() mutable {
      try {
        ratings_->bindComputer(created.at("table").get<std::string>(),
                               computer.at("color") == "black" ? kBlackSeat : kWhiteSeat,
                               computer.at("strength").get<std::string>());
      } catch (const StoreError& e) {
        spdlog::error("store failure binding a computer seat: {}", e.what());
        return reply(storeFailed());
      }
      reply(std::move(r));
    });
  });
}

void HttpApi::createTableAsync(const HttpRequest& req, ReplyFn reply) const {
  Json body = req.body.empty() ? Json::object() : Json::parse(req.body, nullptr, false);
  if (body.is_discarded())
    return reply(errorReply(Error::detail(Err::BadRequest, "The body is not valid JSON.")));
  std::optional<HttpReply> refused;
  TableRegistry::NewTable options;
  try {
    if (creations_) {
      setupFromJson(body);  // a bad request is answered 400 before anything is counted
      options.id = newTableId();
      refused = creations_->admit(req.client_key, options.id);
      if (refused) return reply(std::move(*refused));
    }
    // May run after this HttpApi is gone (the registry waits for it, not the API): no `this`.
    registry_.createAsync(
        body,
        [metrics = metrics_, gate = creations_, id = options.id, origin = origin(req), reply](
            std::exception_ptr error, TableRegistry::Created created) {
          if (!error) return reply(createdReply(origin, created));
          if (gate) gate->discard(id);
          spdlog::error("store failure on POST /api/tables: {}", exceptionText(error));
          reply(storeFailedReply(metrics));
        },
        options);
  } catch (const ProtocolError& e) {
    refused = errorReply(Error::detail(Err::BadRequest, e.what()));
  } catch (const ServerFull& e) {
    refused = errorReply(Error::of(Err::ServerFull));
  } catch (const StoreError& e) {
    spdlog::error("store failure on POST /api/tables: {}", e.what());
    refused = storeFailed();
  }
  if (refused && creations_ && !options.id.empty()) creations_->discard(options.id);
  if (refused) reply(std::move(*refused));
}

HttpReply HttpApi::tableInfo(const std::string& id) const {
  std::shared_ptr<Table> table;
  try {
    table = registry_.find(id);
  } catch (const TableElsewhere&) {
    HttpReply r = errorReply(Error::of(Err::TableElsewhere));
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
  if (!table) return errorReply(Error::of(Err::NoSuchTable));
  Json info = table->info();
  if (ratings_ && info.value("rated", false)) info["players"] = ratings_->seatPlayers(id);
  return jsonReply(200, info);
}

std::optional<HttpReply> HttpApi::refuseUnfinished(const std::string& id, Finished& out,
                                                   bool belief) const {
  auto rec = isTableId(id) ? store_.table(id) : std::nullopt;
  if (!rec) return errorReply(Error::of(Err::NoSuchTable));
  const bool over = rec->finished_at.has_value();
  if (!(belief ? disclosure::mayReadBelief(over) : disclosure::mayReadRecord(over)))
    return errorReply(Error::of(Err::NotOver));
  out.rec = std::move(*rec);
  out.setup = setupFromJson(Json::parse(out.rec.setup));
  out.stored = store_.events(id);
  for (const StoredEvent& s : out.stored)
    out.log.push_back(eventFromJson(Json::parse(s.event), out.setup.rules.size));
  return std::nullopt;
}

std::optional<HttpReply> HttpApi::beliefAtOnce(std::string_view target) const {
  const auto seat = beliefSeat(target);
  if (!seat) return badSeat();
  const auto id = beliefGame(pathOf(target));
  if (!id) return std::nullopt;
  if (auto body = belief_cache_.find(beliefKey(*id, *seat))) return beliefBody(body);
  return std::nullopt;
}

HttpReply HttpApi::belief(const std::string& id, std::string_view target) const {
  const auto seat = beliefSeat(target);
  if (!seat) return badSeat();
  const std::string key = beliefKey(id, *seat);
  if (auto body = belief_cache_.find(key)) return beliefBody(body);
  Finished f;
  if (auto refused = refuseUnfinished(id, f, /*belief=*/true)) return std::move(*refused);
  if (belief_jobs_.fetch_add(1) >= kMaxBeliefJobs) {
    belief_jobs_.fetch_sub(1);
    HttpReply r = errorReply(Error::of(Err::ServerBusy));
    r.headers.emplace_back("Retry-After", "2");
    return r;
  }
  BeliefSteps steps;
  try {
    // The belief of the level that played; between people, the strongest level's.
    const std::string level = f.setup.computer ? f.setup.computer->strength : "hard";
    steps = computeBeliefSteps(f.setup.rules, f.log, *seat, seedOf(key),
                               beliefModelPower(level, f.setup.rules.size),
                               beliefGuidePower(level, f.setup.rules.size));
  } catch (const std::invalid_argument&) {
    belief_jobs_.fetch_sub(1);
    return storeFailed();
  } catch (...) {
    belief_jobs_.fetch_sub(1);
    throw;
  }
  belief_jobs_.fetch_sub(1);
  const auto body = std::make_shared<const std::string>(Json{
      {"table", id},
      {"seat", *seat == Color::Black ? "black" : "white"},
      {"samples", steps.samples},
      {"steps", steps.steps}}.dump());
  belief_cache_.put(key, body);
  return beliefBody(body);
}

HttpReply HttpApi::game(const std::string& id, bool sgf) const {
  Finished f;
  if (auto refused = refuseUnfinished(id, f)) return std::move(*refused);
  const TableSetup& setup = f.setup;
  const std::vector<Event>& log = f.log;
  const auto& rec = f.rec;
  Json record = Json::array();
  for (size_t i = 0; i < f.stored.size(); ++i) {
    const StoredEvent& s = f.stored[i];
    if (!disclosure::recordShows(log[i].kind)) continue;  // guess marks stay private
    record.push_back(Json{{"seq", s.seq}, {"at", s.at}, {"event", Json::parse(s.event)}});
  }
  const Referee referee = Referee::replay(setup.rules, log);
  if (!referee.over()) return storeFailed();
  const Reveal reveal = referee.buildReveal();
  if (sgf) {
    SgfGame g;
    g.rules = setup.rules;
    g.reveal = reveal;
    g.black_name = setup.black_name;
    g.white_name = setup.white_name;
    g.date = utcDate(rec.created_at);
    g.game_name = "Phantom Go " + id;
    g.application = std::string("phantomgo:") + kVersion;
    HttpReply r;
    r.content_type = "application/x-go-sgf; charset=utf-8";
    r.body = writeSgf(g);
    r.headers.emplace_back("Content-Disposition",
                           "attachment; filename=\"phantomgo-" + id + ".sgf\"");
    return r;
  }
  Json chat = Json::array();
  for (const StoredChat& c : store_.chat(id)) chat.push_back(ChatLine::fromStored(c).toJson());
  return jsonReply(200,
                   Json{{"table", id},
                        {"mode", std::string(tableModeName(setup.mode))},
                        {"rules", rulesToJson(setup.rules)},
                        {"clock", clockSetupToJson(setup.clock)},
                        {"names", Json{{"black", setup.black_name}, {"white", setup.white_name}}},
                        {"computer", computerToJson(setup)},
                        {"result", resultToJson(reveal.result)},
                        {"reveal", revealToJson(reveal, setup.rules.size)},
                        {"record", record},
                        {"chat", chat},
                        {"rated", setup.rated},
                        {"rating_changes", ratings_ ? ratings_->changesOf(id) : Json::array()},
                        {"created_at", rec.created_at},
                        {"finished_at", *rec.finished_at}});
}

}  // namespace pg
