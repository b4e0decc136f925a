#include "server/table/rated_end.h"

namespace pg {

std::optional<RatedEnd> ratedEndOf(const TableSetup& setup, const Result& result) {
  const auto category = ratingCategoryOf(setup);
  if (!category) return std::nullopt;
  double black = 0.5;
  if (result.winner == Color::Black) {
    black = 1.0;
  } else if (result.winner == Color::White) {
    black = 0.0;
  } else if (result.reason != EndReason::TwoPasses && result.reason != EndReason::TurnCap) {
    return std::nullopt;  // no result: aborted, or abandoned before the second turn
  }
  return RatedEnd{*category, black};
}

}  // namespace pg
