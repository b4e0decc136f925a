// The match referee: games between two players on the real Referee, alternating colours, with
// the measurements the issue asks for (win rate and its 95% interval, time and tries per move,
// playouts per second inside the search, and the belief figure).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/player.h"
#include "rules/game.h"
#include "rules/rules.h"

namespace pg {

struct MatchConfig {
  std::string a = "bot:default";  ///< bot:NAME or cmd:SHELL COMMAND
  std::string b = "bot:random";
  int games = 10;
  Rules rules;
  SearchLimits limits;  ///< given to both players for every action
  uint64_t seed = 1;
  double engine_timeout = 0;  ///< seconds per answer of a cmd: engine; 0: 10 + 3 x seconds
};

/// Per player (A or B) totals over the match.
struct SideStats {
  int64_t moves = 0;                 ///< turns ended by a stone or a pass
  int64_t tries = 0;                 ///< stone tries, legal or not
  double seconds = 0;                ///< time inside choose()
  int64_t actions = 0;               ///< calls of choose()
  int64_t playouts = 0;              ///< in the search
  double search_thread_seconds = 0;  ///< search seconds x threads
  double belief_sum = 0;   ///< sum over decisions of the share of sample weight on true stones
  double uniform_sum = 0;  ///< the same for a uniform guess (hidden / unknown points)
  int64_t belief_n = 0;
  /// The same by game phase (gamePhase): opening, middle game, end.
  std::array<double, 3> phase_belief_sum{}, phase_uniform_sum{};
  std::array<int64_t, 3> phase_n{};
  /// Playouts and search seconds x threads by the game phase of the decision. A search whose
  /// try is occupied on nearly every board counts a determinization a playout: the end's
  /// figures run far above the others, and a match's total of playouts follows how its games
  /// ended (docs/bot.md, "Matches"). The opening and middle game compare search speeds.
  std::array<int64_t, 3> phase_playouts{};
  std::array<double, 3> phase_search_thread_seconds{};
  int64_t failures = 0;  ///< games lost by misbehaving (bad input, engine failure)

  double secondsPerMove() const { return moves ? seconds / double(moves) : 0; }
  double triesPerMove() const { return moves ? double(tries) / double(moves) : 0; }
  double playoutsPerSecondPerThread() const {
    return search_thread_seconds > 0 ? double(playouts) / search_thread_seconds : 0;
  }
  double phasePlayoutsPerSecondPerThread(int k) const {
    const double t = phase_search_thread_seconds[size_t(k)];
    return t > 0 ? double(phase_playouts[size_t(k)]) / t : 0;
  }
  double belief() const { return belief_n ? belief_sum / double(belief_n) : 0; }
  double beliefUniform() const { return belief_n ? uniform_sum / double(belief_n) : 0; }
  double phaseBelief(int k) const {
    return phase_n[size_t(k)] ? phase_belief_sum[size_t(k)] / double(phase_n[size_t(k)]) : 0;
  }
  double phaseUniform(int k) const {
    return phase_n[size_t(k)] ? phase_uniform_sum[size_t(k)] / double(phase_n[size_t(k)]) : 0;
  }
};

/// The phase of a game at `turn` (completed turns): 0 the opening (the first quarter of the
/// board's points in turns: 20 on 9x9), 1 the middle game (up to five eighths: 50), 2 the end.
int gamePhase(int turn, int num_points);
inline constexpr const char* kPhaseNames[3] = {"opening", "middle", "end"};

struct GameSummary {
  int index = 0;  ///< 0-based
  Color a_color = Color::Black;
  Result result;
  int turns = 0;
  std::string note;    ///< why a player lost by misbehaving, if one did
  int aScore() const;  ///< 2 win, 1 draw, 0 loss (for A)
};

struct MatchStats {
  int games = 0, a_wins = 0, b_wins = 0, draws = 0;
  SideStats a, b;
  std::vector<GameSummary> summaries;
  double aWinRate() const { return games ? (a_wins + 0.5 * draws) / games : 0; }
  /// A's wins in the games A played as `c` (Black or White).
  int aWinsAs(Color c) const;
  /// Wilson 95% interval of A's win rate (draws count half).
  std::pair<double, double> aCi95() const;
};

/// Makes a player from a spec (bot:NAME, cmd:COMMAND). Throws std::invalid_argument on a bad
/// spec.
std::unique_ptr<Player> makePlayerFromSpec(const std::string& spec, uint64_t seed,
                                           double engine_timeout);

/// Plays the games; A is Black in even games (0, 2, ...). on_game is called after each game.
/// Throws std::invalid_argument on a bad spec or invalid rules.
MatchStats runMatch(const MatchConfig& cfg,
                    const std::function<void(const GameSummary&)>& on_game = {});

}  // namespace pg
