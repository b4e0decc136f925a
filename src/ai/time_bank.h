// The time a searching player saves on clear moves, kept for the unclear ones. Over a game the
// player never spends more than its budget: each action's time is its share of the budget plus
// at most what earlier actions left unused.
#pragma once

namespace pg {

class TimeBank {
 public:
  /// The time of an action whose share of the budget is `share` seconds: the share, with a
  /// spread of the savings (a quarter of the balance, taken from it at once), and how much
  /// more the search may take if its choice is still unsettled (at most the rest of the
  /// balance, and at most the action's own time again).
  struct Grant {
    double seconds = 0;
    double extra_seconds = 0;
  };
  Grant grant(double share);
  /// After the action: it was granted `grant` and took `used` seconds in all.
  void settle(const Grant& grant, double used);
  double balance() const { return balance_; }

 private:
  double balance_ = 0;
};

}  // namespace pg
