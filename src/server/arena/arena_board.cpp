#include "server/arena/arena_board.h"

#include "protocol/json.h"

namespace pg {

const char* arenaStatusName(ArenaStatus s) {
  switch (s) {
    case ArenaStatus::Upcoming:
      return "upcoming";
    case ArenaStatus::Running:
      return "running";
    case ArenaStatus::Finishing:
      return "finishing";
    case ArenaStatus::Finished:
      return "finished";
  }
  return "finished";
}

arena::Outcome outcomeOfResult(const std::string& result) {
  const Json j = Json::parse(result, nullptr, false);
  if (!j.is_object()) return arena::Outcome::NoResult;
  const Json winner = j.value("winner", Json());
  if (winner == "black") return arena::Outcome::BlackWins;
  if (winner == "white") return arena::Outcome::WhiteWins;
  const std::string reason = j.value("reason", "");
  if (reason == "two-passes" || reason == "turn-cap") return arena::Outcome::Draw;
  return arena::Outcome::NoResult;
}

ArenaStatus ArenaBoard::status(int64_t now) const {
  if (now < arena.starts_at) return ArenaStatus::Upcoming;
  if (now < arena.ends_at) return ArenaStatus::Running;
  for (const ArenaGame& g : games)
    if (!g.finished_at) return ArenaStatus::Finishing;
  return ArenaStatus::Finished;
}

std::vector<arena::FinishedGame> ArenaBoard::finished(std::vector<std::size_t>* index) const {
  std::vector<arena::FinishedGame> out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const ArenaGame& g = games[i];
    if (!g.finished_at) continue;
    out.push_back(arena::FinishedGame{g.black, g.white, outcomeOfResult(g.result)});
    if (index) index->push_back(i);
  }
  return out;
}

std::vector<arena::Standing> ArenaBoard::standings() const {
  std::vector<arena::Entrant> entrants;
  entrants.reserve(players.size());
  for (const ArenaPlayer& p : players) entrants.push_back(arena::Entrant{p.account_id, p.name});
  return arena::standings(entrants, finished());
}

const ArenaGame* ArenaBoard::currentGame(const std::string& account_id) const {
  for (const ArenaGame& g : games)
    if (!g.finished_at && (g.black == account_id || g.white == account_id)) return &g;
  return nullptr;
}

const ArenaPlayer* ArenaBoard::player(const std::string& account_id) const {
  for (const ArenaPlayer& p : players)
    if (p.account_id == account_id) return &p;
  return nullptr;
}

std::optional<ArenaBoard> readArena(ArenaStore& store, const std::string& id) {
  auto a = store.arena(id);
  if (!a) return std::nullopt;
  ArenaBoard b{std::move(*a), store.players(id), store.games(id)};
  return b;
}

}  // namespace pg
