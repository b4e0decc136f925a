// Sequential halving at the root (Karnin, Koren and Somekh 2013): the budget is cut into rounds
// of equal length; each round plays the surviving moves in turn, and at its end the better half
// by mean goes on to the next. For a fixed budget it spends the playouts on telling the best
// moves apart (simple regret), where UCB also keeps down the playouts spent on poor moves
// (cumulative regret), which a search that plays only its final choice does not need.
#pragma once

#include <cstddef>
#include <vector>

namespace pg {

struct RootStats;

class SequentialHalving {
 public:
  /// `moves`: the root moves (indices into RootStats). Precondition: not empty.
  explicit SequentialHalving(std::vector<int> moves);

  /// The number of rounds: enough halvings to leave one or two moves.
  int rounds() const { return rounds_; }
  /// The moves still in play.
  const std::vector<int>& alive() const { return alive_; }
  /// The move of the next playout: the surviving moves in turn.
  int next();
  /// `spent`: the share of the budget used so far (0 to 1). At the end of a round, keeps the
  /// better half of the moves by their mean in `stats` (ties: the earlier in `moves`).
  void advance(double spent, const RootStats& stats);

 private:
  std::vector<int> alive_;
  int rounds_ = 1;
  int round_ = 0;
  std::size_t turn_ = 0;
};

}  // namespace pg
