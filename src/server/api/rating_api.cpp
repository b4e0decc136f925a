#include "server/api/rating_api.h"

#include <spdlog/spdlog.h>

#include <map>

#include "rating/category.h"
#include "server/api/account_name.h"
#include "server/api/http_reply.h"
#include "server/node/tokens.h"
#include "server/table/table_setup.h"

namespace pg {

namespace {

constexpr std::string_view kComputerPrefix = "computer:";
constexpr int64_t kLeaderboardDays = 30;
constexpr int kMostAttached = 200;  // games attached by one request at most

bool isComputer(const std::string& player) {
  return player.rfind(kComputerPrefix, 0) == 0;
}

/// The seat colour a token holds at the table (0 black, 1 white), or nullopt.
std::optional<int> seatOfToken(const StoredTable& t, const std::string& token) {
  if (!t.black_token.empty() && constantTimeEquals(t.black_token, token)) return kBlackSeat;
  if (!t.white_token.empty() && constantTimeEquals(t.white_token, token)) return kWhiteSeat;
  return std::nullopt;
}

const char* colorWord(int color) {
  return color == kBlackSeat ? "black" : "white";
}

Json parsedOrNull(const std::string& text) {
  if (text.empty()) return nullptr;
  Json j = Json::parse(text, nullptr, false);
  return j.is_discarded() ? Json(nullptr) : j;
}

bool provisional(double deviation) {
  return deviation > rating::kProvisionalDeviation;
}

}  // namespace

RatingApi::RatingApi(Store& tables, AccountStore& accounts, RatingStore& ratings,
                     const AccountSessions& sessions)
    : tables_(tables), accounts_(accounts), ratings_(ratings), sessions_(sessions) {}

Json RatingApi::who(const std::string& player) const {
  if (isComputer(player))
    return Json{{"name", nullptr}, {"computer", player.substr(kComputerPrefix.size())}};
  const auto a = accounts_.accountById(player);
  return Json{{"name", a ? Json(a->name) : Json(nullptr)}, {"computer", nullptr}};
}

HttpReply RatingApi::takeSeat(const HttpRequest& req, const std::string& table_id) const {
  const Json body = req.body.empty() ? Json::object() : Json::parse(req.body, nullptr, false);
  if (!body.is_object() || !body.contains("token") || !body.at("token").is_string() ||
      body.size() != 1)
    return errorReply(
        Error::detail(Err::BadRequest, "The body must be {\"token\": <seat token>}."));
  const auto a = sessions_.signedIn(req);
  if (!a) return errorReply(Error::of(Err::NotSignedIn));
  const auto t = tables_.table(table_id);
  if (!t) return errorReply(Error::of(Err::NoSuchTable));
  const auto color = seatOfToken(*t, body.at("token").get<std::string>());
  if (!color) return errorReply(Error::of(Err::BadToken));
  const Json setup = parsedOrNull(t->setup);
  if (!setup.is_object() || !setup.value("rated", false))
    return errorReply(Error::detail(Err::BadRequest, "This table is not rated."));
  if (ratings_.seatPlayer(table_id, 1 - *color) == a->id)
    return errorReply(Error::of(Err::SamePlayer));
  if (!ratings_.bindSeat(table_id, *color, a->id, unixMsNow()))
    return errorReply(Error::of(Err::SeatTaken));
  return jsonReply(200, Json{{"table", table_id}, {"seat", colorWord(*color)}, {"name", a->name}});
}

HttpReply RatingApi::mySeat(const HttpRequest& req, const std::string& table_id) const {
  const auto a = sessions_.signedIn(req);
  if (!a) return errorReply(Error::of(Err::NotSignedIn));
  const auto t = isTableId(table_id) ? tables_.table(table_id) : std::nullopt;
  if (t)
    for (const int c : {kBlackSeat, kWhiteSeat})
      if (ratings_.seatPlayer(table_id, c) == a->id)
        return jsonReply(200, Json{{"table", table_id},
                                   {"seat", colorWord(c)},
                                   {"token", c == kBlackSeat ? t->black_token : t->white_token}});
  return errorReply(Error::of(Err::NoSuchTable));
}

HttpReply RatingApi::attachGames(const HttpRequest& req) const {
  const Json body = req.body.empty() ? Json::object() : Json::parse(req.body, nullptr, false);
  if (!body.is_object() || body.size() != 1 || !body.contains("games") ||
      !body.at("games").is_array() || body.at("games").size() > kMostAttached)
    return errorReply(Error::detail(
        Err::BadRequest,
        "The body must be {\"games\": [{\"table\", \"token\"}, ...]} (200 at most)."));
  const auto a = sessions_.signedIn(req);
  if (!a) return errorReply(Error::of(Err::NotSignedIn));
  Json attached = Json::array();
  for (const Json& g : body.at("games")) {
    if (!g.is_object() || !g.contains("table") || !g.at("table").is_string() ||
        !g.contains("token") || !g.at("token").is_string())
      return errorReply(Error::detail(Err::BadRequest, "Each game is {\"table\", \"token\"}."));
    const std::string id = g.at("table").get<std::string>();
    if (!isTableId(id)) continue;
    const auto t = tables_.table(id);
    if (!t) continue;
    const auto color = seatOfToken(*t, g.at("token").get<std::string>());
    if (!color) continue;
    // Both seats of one game are not one player's (a game against oneself on one device).
    if (ratings_.seatPlayer(id, 1 - *color) == a->id) continue;
    if (ratings_.bindSeat(id, *color, a->id, unixMsNow()))
      attached.push_back(Json{{"table", id}, {"seat", colorWord(*color)}});
  }
  spdlog::info("account {}: attached {} games", a->id, attached.size());
  return jsonReply(200, Json{{"attached", attached}});
}

void RatingApi::bindComputer(const std::string& table_id, int color,
                             const std::string& level) const {
  ratings_.bindSeat(table_id, color, computerPlayerKey(level), unixMsNow());
}

Json RatingApi::seatPlayers(const std::string& table_id) const {
  Json out = Json::object();
  for (int c : {kBlackSeat, kWhiteSeat}) {
    const auto p = ratings_.seatPlayer(table_id, c);
    out[colorWord(c)] = p ? who(*p) : Json(nullptr);
  }
  return out;
}

Json RatingApi::changesOf(const std::string& table_id) const {
  Json out = Json::array();
  const auto changes = ratings_.changesOf(table_id);
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const RatingChange& c = changes[i];
    Json j = who(c.player);
    j["color"] = colorWord(i == 0 ? kBlackSeat : kWhiteSeat);
    j["category"] = c.category;
    j["before"] = c.rating_before;
    j["after"] = c.rating;
    j["deviation"] = c.deviation;
    j["provisional"] = provisional(c.deviation);
    out.push_back(j);
  }
  return out;
}

HttpReply RatingApi::player(std::string_view name) const {
  const auto a = validAccountName(name) ? accounts_.accountByName(std::string(name)) : std::nullopt;
  if (!a) return errorReply(Error::of(Err::NoSuchPlayer));
  Json ratings = Json::array();
  for (const PlayerRating& r : ratings_.ratings(a->id))
    ratings.push_back(Json{{"category", r.category},
                           {"rating", r.rating},
                           {"deviation", r.deviation},
                           {"provisional", provisional(r.deviation)},
                           {"games", r.games},
                           {"last_game_at", r.last_game_at}});
  // The history, oldest first for the chart; the change of each recent game by its table.
  Json history = Json::array();
  std::map<std::string, const RatingChange*> by_table;
  const auto changes = ratings_.history(a->id, 500);
  for (auto it = changes.rbegin(); it != changes.rend(); ++it) {
    history.push_back(Json{{"category", it->category},
                           {"at", it->at},
                           {"rating", it->rating},
                           {"deviation", it->deviation},
                           {"table", it->table_id}});
    by_table[it->table_id] = &*it;
  }
  Json games = Json::array();
  std::map<std::string, std::array<int, 3>> versus;  // level -> wins, losses, draws
  for (const PlayerGame& g : ratings_.recentGames(a->id, 50)) {
    const Json result = parsedOrNull(g.result);
    const Json setup = parsedOrNull(g.setup);
    Json opponent = g.opponent.empty() ? Json(nullptr) : who(g.opponent);
    const std::string mine = colorWord(g.color);
    const std::string winner =
        result.is_object() && result.contains("winner") && result.at("winner").is_string()
            ? result.at("winner").get<std::string>()
            : "";
    Json entry{
        {"table", g.table_id},
        {"color", mine},
        {"opponent", opponent},
        {"result", result},
        {"rules", setup.is_object() && setup.contains("rules") ? setup.at("rules") : Json(nullptr)},
        {"rated", setup.is_object() && setup.value("rated", false)},
        {"finished_at", g.finished_at}};
    if (const auto c = by_table.find(g.table_id); c != by_table.end())
      entry["rating_change"] =
          Json{{"before", c->second->rating_before}, {"after", c->second->rating}};
    games.push_back(entry);
    if (isComputer(g.opponent)) {
      auto& v = versus[g.opponent.substr(kComputerPrefix.size())];
      if (winner.empty() && result.is_object() && result.value("reason", "") != "aborted")
        ++v[2];
      else if (winner == mine)
        ++v[0];
      else if (!winner.empty())
        ++v[1];
    }
  }
  Json computer = Json::array();
  for (const auto& [level, v] : versus)
    computer.push_back(Json{{"level", level}, {"wins", v[0]}, {"losses", v[1]}, {"draws", v[2]}});
  return jsonReply(200, Json{{"name", a->name},
                             {"created_at", a->created_at},
                             {"ratings", ratings},
                             {"history", history},
                             {"games", games},
                             {"computer", computer}});
}

HttpReply RatingApi::leaderboard(std::string_view category) const {
  const int64_t since = unixMsNow() - kLeaderboardDays * 24 * 3600 * 1000;
  auto rows = [&](const std::string& name, int limit) {
    Json players = Json::array();
    int rank = 0;
    for (const LeaderboardRow& r :
         ratings_.leaderboard(name, since, rating::kSettledDeviation, limit)) {
      Json j = who(r.player);
      j["rank"] = ++rank;
      j["rating"] = r.rating;
      j["deviation"] = r.deviation;
      j["games"] = r.games;
      players.push_back(j);
    }
    return players;
  };
  // Where the computer's levels stand, settled or not, in every category they have played.
  Json levels = Json::array();
  for (const std::string& level : computerStrengths())
    for (const PlayerRating& r : ratings_.ratings(computerPlayerKey(level)))
      if (category.empty() || r.category == category)
        levels.push_back(Json{{"computer", level},
                              {"category", r.category},
                              {"rating", r.rating},
                              {"deviation", r.deviation},
                              {"provisional", provisional(r.deviation)},
                              {"games", r.games}});
  if (!category.empty()) {
    if (!rating::categoryFromName(category)) return errorReply(Error::of(Err::NotFound));
    return jsonReply(200, Json{{"category", category},
                               {"players", rows(std::string(category), 100)},
                               {"computer", levels}});
  }
  Json all = Json::array();
  for (auto board : {rating::Board::Small, rating::Board::Thirteen, rating::Board::Nineteen})
    for (auto speed :
         {rating::Speed::Rapid, rating::Speed::Classical, rating::Speed::Correspondence}) {
      const std::string name = rating::categoryName(rating::Category{board, speed});
      all.push_back(Json{{"category", name}, {"players", rows(name, 10)}});
    }
  return jsonReply(200, Json{{"categories", all}, {"computer", levels}});
}

}  // namespace pg
