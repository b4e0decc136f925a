#include "server/api/challenge_api.h"

#include <spdlog/spdlog.h>

#include "server/api/challenge_request.h"
#include "server/api/http_reply.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

constexpr std::string_view kRoot = "/api/challenges";

/// A seat's link, as POST /api/tables gives it.
Json seatLink(const std::string& origin, const std::string& table, const std::string& token) {
  return Json{{"token", token}, {"url", origin + "/#table=" + table + "&token=" + token}};
}

/// The body of a take (empty or {}) or a cancel ({"cancel_secret": "..."}); throws
/// ProtocolError for anything else.
std::string cancelSecretOf(const std::string& body, bool needed) {
  const Json j = body.empty() ? Json::object() : Json::parse(body, nullptr, false);
  if (j.is_discarded()) throw ProtocolError("The body is not valid JSON.");
  if (!j.is_object()) throw ProtocolError("the body must be a JSON object");
  for (const auto& [k, v] : j.items())
    if (!needed || k != "cancel_secret") throw ProtocolError("unknown field '" + k + "'");
  if (!needed) return {};
  if (!j.contains("cancel_secret") || !j.at("cancel_secret").is_string())
    throw ProtocolError("'cancel_secret' must be the secret given at creation");
  return j.at("cancel_secret").get<std::string>();
}

HttpReply rateLimited(int64_t retry_after_ms) {
  return rateLimitedReply("Too many open challenges from your address; try again later.",
                          retry_after_ms);
}

HttpReply noSuchChallenge() {
  return errorReply(Error::of(Err::NoSuchChallenge));
}

}  // namespace

ChallengeApi::ChallengeApi(TableRegistry& registry, ChallengeStore& store,
                           const ServerSettings& settings, CreationGate* creations,
                           Metrics* metrics, const AccountSessions* sessions)
    : registry_(registry),
      store_(store),
      settings_(settings),
      creations_(creations),
      metrics_(metrics),
      sessions_(sessions) {}

HttpReply ChallengeApi::handle(const HttpRequest& req, std::string_view path) const {
  const bool get = req.method == "GET" || req.method == "HEAD";
  try {
    if (path == kRoot) {
      if (get) return list();
      if (req.method == "POST") return create(req);
      return errorReply(Error::detail(Err::MethodNotAllowed, "Use GET or POST."));
    }
    std::string_view rest = path.substr(kRoot.size());
    if (rest.empty() || rest.front() != '/') return errorReply(Error::of(Err::NotFound));
    rest.remove_prefix(1);
    const bool taking = rest.size() > 5 && rest.substr(rest.size() - 5) == "/take";
    if (taking) rest.remove_suffix(5);
    const std::string id(rest);
    if (taking) {
      if (req.method != "POST")
        return errorReply(Error::detail(Err::MethodNotAllowed, "Use POST."));
      if (!isTableId(id))
        return errorReply(Error::detail(Err::BadRequest, "That is not a challenge id."));
      return take(req, id);
    }
    if (req.method != "DELETE")
      return errorReply(Error::detail(Err::MethodNotAllowed, "Use DELETE."));
    if (!isTableId(id))
      return errorReply(Error::detail(Err::BadRequest, "That is not a challenge id."));
    return cancel(req, id);
  } catch (const ProtocolError& e) {
    return errorReply(Error::detail(Err::BadRequest, e.what()));
  }
}

HttpReply ChallengeApi::list() const {
  Json out = Json::array();
  for (const OpenChallenge& c : store_.open(nowMs(), settings_.limits.challenges_listed)) {
    Json entry = Json::parse(c.listing, nullptr, false);
    if (!entry.is_object()) continue;  // never the case: the server wrote it
    entry["id"] = c.id;
    entry["created_at"] = c.created_at;
    entry["expires_at"] = c.expires_at;
    out.push_back(std::move(entry));
  }
  return jsonReply(200, Json{{"challenges", out}});
}

HttpReply ChallengeApi::create(const HttpRequest& req) const {
  const ChallengeRequest r = parseChallengeRequest(req.body);  // 400 before anything is stored
  // A rated game is chosen by a signed-in player (each player's seat becomes theirs when their
  // page takes it: POST /api/tables/<id>/seat).
  if (r.listing.value("rated", false)) {
    if (!sessions_) throw ProtocolError("this server has no accounts: no game is rated");
    if (!sessions_->signedIn(req)) return errorReply(Error::of(Err::NotSignedIn));
  }
  const ServerLimits& l = settings_.limits;
  NewChallenge c;
  c.id = newTableId();
  c.address = req.client_key;
  c.created_at = nowMs();
  c.expires_at = c.created_at + l.challenge_ttl.count();
  c.listing = r.listing.dump();
  c.cancel_secret = newSeatToken();
  const Reservation reserved = store_.reserve(
      c, ChallengeLimits{l.challenges_open_per_address, l.challenges_per_hour_per_address});
  if (!reserved.reserved) {
    if (metrics_) metrics_->rateLimited(Metrics::Limit::Challenges);
    return rateLimited(reserved.retry_after_ms);
  }
  // The challenge's table counts among its creator's tables as any other.
  TableRegistry::NewTable options;
  options.id = newTableId();
  TableRegistry::Created created;
  try {
    if (creations_) {
      if (auto refused = creations_->admit(c.address, options.id)) {
        store_.discard(c.id);
        return std::move(*refused);
      }
    }
    created = registry_.create(r.table_request, options);
  } catch (const ServerFull& e) {
    store_.discard(c.id);
    if (creations_) creations_->discard(options.id);
    return errorReply(Error::of(Err::ServerFull));
  } catch (...) {
    store_.discard(c.id);
    if (creations_) creations_->discard(options.id);
    throw;
  }
  const StoredTable& t = created.record;
  const bool black = r.creator == Color::Black;
  store_.attach(c.id, t.id, black ? t.white_token : t.black_token);
  spdlog::info("table {}: listed in the lobby as challenge {}", t.id, c.id);
  const std::string origin = linkOrigin(req, settings_);
  return jsonReply(201,
                   Json{{"challenge", c.id},
                        {"cancel_secret", c.cancel_secret},
                        {"expires_at", c.expires_at},
                        {"table", t.id},
                        {"color", r.listing.at("color")},
                        {"seat", seatLink(origin, t.id, black ? t.black_token : t.white_token)},
                        {"watch_url", origin + "/#table=" + t.id},
                        {"info", created.info}});
}

HttpReply ChallengeApi::take(const HttpRequest& req, const std::string& id) const {
  cancelSecretOf(req.body, false);
  const TakeResult t = store_.take(id, nowMs());
  switch (t.status) {
    case TakeResult::Status::Taken: {
      spdlog::info("table {}: challenge {} taken", t.table_id, id);
      const std::string origin = linkOrigin(req, settings_);
      const Json listing = Json::parse(t.listing, nullptr, false);
      const bool creator_black = listing.is_object() && listing.value("color", "") == "black";
      // Not the table's info: on a cluster, reading the table here would claim it on this
      // node, which is not the one its id routes to.
      return jsonReply(200, Json{{"challenge", id},
                                 {"table", t.table_id},
                                 {"color", creator_black ? "white" : "black"},
                                 {"seat", seatLink(origin, t.table_id, t.seat_token)},
                                 {"watch_url", origin + "/#table=" + t.table_id}});
    }
    case TakeResult::Status::AlreadyTaken:
      return errorReply(Error::of(Err::ChallengeTaken));
    case TakeResult::Status::Expired:
      return errorReply(Error::of(Err::ChallengeExpired));
    case TakeResult::Status::Unknown:
      break;
  }
  return noSuchChallenge();
}

HttpReply ChallengeApi::cancel(const HttpRequest& req, const std::string& id) const {
  const std::string secret = cancelSecretOf(req.body, true);
  switch (store_.cancel(id, secret, nowMs())) {
    case CancelResult::Cancelled:
      spdlog::info("challenge {}: cancelled", id);
      return jsonReply(200, Json{{"challenge", id}, {"cancelled", true}});
    case CancelResult::WrongSecret:
      return errorReply(Error::of(Err::BadSecret));
    case CancelResult::Gone:
      return errorReply(Error::of(Err::ChallengeGone));
    case CancelResult::Unknown:
      break;
  }
  return noSuchChallenge();
}

}  // namespace pg
