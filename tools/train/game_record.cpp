#include "game_record.h"

#include <stdexcept>

#include "ai/belief_map.h"
#include "ai/net_features.h"
#include "ai/player.h"
#include "referee/referee.h"
#include "rules/random.h"

namespace pg::train {

namespace {

template <typename T>
T* grow(std::vector<T>& v, size_t n) {
  v.resize(v.size() + n);
  return v.data() + v.size() - n;
}

}  // namespace

uint64_t gameSeed(uint64_t seed, int game) {
  return mix64(seed * 1000003ULL + static_cast<uint64_t>(game));
}

GameSamples playGame(const GenConfig& cfg, int game) {
  const Rules& rules = cfg.rules;
  const int n = rules.numPoints();
  const uint64_t seed = gameSeed(cfg.seed, game);
  Rng pick(seed);
  GameSamples s;
  s.game = game;
  s.black = cfg.bots[pick.below(static_cast<uint32_t>(cfg.bots.size()))];
  s.white = cfg.bots[pick.below(static_cast<uint32_t>(cfg.bots.size()))];
  auto black = makePlayer(s.black, mix64(seed + 1)), white = makePlayer(s.white, mix64(seed + 2));
  if (!black || !white) throw std::invalid_argument("unknown bot " + (black ? s.white : s.black));
  BeliefMapper mappers[2] = {BeliefMapper(cfg.particles, mix64(seed + 3), 0, cfg.model_power),
                             BeliefMapper(cfg.particles, mix64(seed + 4), 0, cfg.model_power)};
  SearchLimits limits;
  limits.seconds = 0;
  limits.playouts = cfg.playouts;
  limits.threads = 1;

  Referee ref(rules);
  std::vector<Color> pv_side;  // the side to move of each pv row
  int pv_turn = -1;            // the turn of the last pv row, whose move is still to come
  while (!ref.over()) {
    const Color c = ref.toMove();
    const View& view = ref.view(audienceOf(c));
    const Board& real = ref.realGame().board();
    if (ref.turn() != pv_turn) {  // the first try of a turn: the position before it
      pv_turn = ref.turn();
      encodeBoardInput(real, c, rules, ref.realGame().consecutivePasses() > 0,
                       grow(s.pv_x, static_cast<size_t>(kBoardPlanes * n)),
                       grow(s.pv_g, kBoardGlobals));
      s.pv_move.push_back(static_cast<int16_t>(n));
      pv_side.push_back(c);
      ++s.pv_rows;
    }
    const std::vector<float> occ = mappers[c == Color::Black ? 0 : 1].next(view);
    encodeBeliefInput(view, occ, grow(s.belief_x, static_cast<size_t>(kBeliefPlanes * n)),
                      grow(s.belief_g, kBeliefGlobals));
    encodeBeliefLabels(view, real, grow(s.belief_y, static_cast<size_t>(kBeliefLabels * n)));
    ++s.belief_rows;

    const Action act = (c == Color::Black ? *black : *white).choose(view, limits);
    Answer answer;
    if (act.kind == Action::Kind::Try) {
      answer = ref.tryPoint(c, act.point);
      if (answer.legal) s.pv_move.back() = static_cast<int16_t>(act.point);
    } else if (act.kind == Action::Kind::Pass) {
      answer = ref.pass(c);
    } else {
      answer = ref.resign(c);
      // No move ends this turn: its pv row goes.
      s.pv_x.resize(s.pv_x.size() - static_cast<size_t>(kBoardPlanes * n));
      s.pv_g.resize(s.pv_g.size() - kBoardGlobals);
      s.pv_move.pop_back();
      pv_side.pop_back();
      --s.pv_rows;
    }
    if (!answer.accepted())
      throw std::logic_error("bot " + (c == Color::Black ? s.black : s.white) +
                             " made a refused input");
  }
  s.winner = ref.result().winner;
  s.log = ref.log();
  for (Color side : pv_side)
    s.pv_value.push_back(s.winner == Color::Empty ? 0.5f : s.winner == side ? 1.0f : 0.0f);
  return s;
}

}  // namespace pg::train
