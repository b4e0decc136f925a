#include "arena/scoring.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace pg::arena {

namespace {

/// What a game was for one of its players.
enum class Side : uint8_t { Win, Draw, Loss, None };

Side sideOf(const FinishedGame& g, const std::string& player) {
  if (g.outcome == Outcome::NoResult) return Side::None;
  if (g.outcome == Outcome::Draw) return Side::Draw;
  const bool black_won = g.outcome == Outcome::BlackWins;
  return (player == g.black) == black_won ? Side::Win : Side::Loss;
}

/// A player's running tally while the games are read in order.
struct Tally {
  int score = 0, games = 0, wins = 0, draws = 0, losses = 0;
  int streak = 0;  ///< wins in a row, up to the last game with a result

  /// Counts one game; returns its points and whether they were doubled.
  ScoredGame add(Side s) {
    ScoredGame out;
    switch (s) {
      case Side::None:
        return out;
      case Side::Win:
        out.doubled = streak >= 2;
        out.points = out.doubled ? kFireWinPoints : kWinPoints;
        ++wins;
        ++streak;
        break;
      case Side::Draw:
        out.points = kDrawPoints;
        ++draws;
        streak = 0;
        break;
      case Side::Loss:
        ++losses;
        streak = 0;
        break;
    }
    ++games;
    score += out.points;
    return out;
  }
};

}  // namespace

std::vector<Standing> standings(const std::vector<Entrant>& players,
                                const std::vector<FinishedGame>& games) {
  std::map<std::string, Tally> tallies;
  for (const Entrant& e : players) tallies[e.player];
  for (const FinishedGame& g : games)
    for (const std::string* p : {&g.black, &g.white})
      if (const auto it = tallies.find(*p); it != tallies.end()) it->second.add(sideOf(g, *p));
  std::vector<Standing> out;
  out.reserve(players.size());
  for (const Entrant& e : players) {
    const Tally& t = tallies.at(e.player);
    out.push_back(
        Standing{e.player, e.name, 0, t.score, t.games, t.wins, t.draws, t.losses, t.streak >= 2});
  }
  const auto key = [](const Standing& s) { return std::tuple(-s.score, -s.wins, s.games); };
  std::sort(out.begin(), out.end(), [&](const Standing& a, const Standing& b) {
    return std::tuple(key(a), a.name, a.player) < std::tuple(key(b), b.name, b.player);
  });
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i].rank =
        i > 0 && key(out[i]) == key(out[i - 1]) ? out[i - 1].rank : static_cast<int>(i) + 1;
  return out;
}

std::vector<ScoredGame> scoredGames(const std::string& player,
                                    const std::vector<FinishedGame>& games) {
  Tally t;
  std::vector<ScoredGame> out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const FinishedGame& g = games[i];
    if (g.black != player && g.white != player) continue;
    ScoredGame s = t.add(sideOf(g, player));
    s.game = i;
    out.push_back(s);
  }
  return out;
}

}  // namespace pg::arena
