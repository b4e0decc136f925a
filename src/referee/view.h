// A player's or a spectator's knowledge of a game: the fold of the events that audience was
// told. Built only from SeenEvents, so it cannot hold anything the audience may not know.
// This is also the computer player's input.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "referee/seen.h"
#include "rules/assert.h"
#include "rules/rules.h"

namespace pg {

class View {
 public:
  /// The view at the start of a game: handicap stones are public.
  View(const Rules& rules, Audience audience);

  /// Folds the next event this audience was told. Precondition: the events come in order.
  void apply(const SeenEvent& e);

  const Rules& rules() const { return rules_; }
  Audience audience() const { return audience_; }
  /// The player this view belongs to; Empty for a spectator.
  Color self() const { return colorOf(audience_); }
  /// Number of events folded: the audience's version.
  int version() const { return static_cast<int>(events_.size()); }
  const std::vector<SeenEvent>& events() const { return events_; }

  /// Stones this audience can see, index = point: its own stones, and Black's handicap stones
  /// while they stand. After the end, the whole real board.
  const std::vector<Color>& board() const { return board_; }
  Color at(Point p) const { return board_[static_cast<size_t>(p)]; }
  /// Points where this player's tries were rejected (kept across turns until a capture
  /// announced at the point clears them or the player plays there).
  const std::vector<uint8_t>& rejected() const { return rejected_; }
  /// This player's private guess marks.
  const std::vector<uint8_t>& marks() const { return marks_; }
  /// Points this player already tried in the current turn (empty when not on turn).
  const std::vector<Point>& triedThisTurn() const { return tried_; }
  /// Stones of colour c on the real board: exact for both colours, from public announcements.
  int stoneCount(Color c) const { return c == Color::Black ? black_count_ : white_count_; }
  /// Rejected tries of the player on turn in the current turn (public).
  int rejectionsThisTurn() const { return rejections_this_turn_; }

  const std::vector<Point>& handicap() const { return handicap_; }
  Color toMove() const { return to_move_; }
  int turn() const { return turn_; }
  bool over() const { return reveal_ != nullptr; }
  /// Precondition: over().
  const Reveal& reveal() const {
    PG_ASSERT(over(), "the reveal exists only after the end");
    return *reveal_;
  }

 private:
  void removeCaptured(const std::vector<Point>& captured, Color colour);

  Rules rules_;
  Audience audience_;
  std::vector<Color> board_;
  std::vector<uint8_t> rejected_;
  std::vector<uint8_t> marks_;
  std::vector<Point> tried_;
  std::vector<Point> handicap_;
  int black_count_ = 0;
  int white_count_ = 0;
  int rejections_this_turn_ = 0;
  Color to_move_ = Color::Black;
  int turn_ = 0;
  std::vector<SeenEvent> events_;
  std::shared_ptr<const Reveal> reveal_;
};

}  // namespace pg
