// The time a searching player saves on clear moves, kept for later ones. Over a game the player
// never spends more than its budget: each action's time is its share of the budget plus a
// part of what earlier actions left unused.
#pragma once

namespace pg {

class TimeBank {
 public:
  /// The time of an action whose share of the budget is `share` seconds: the share and a
  /// quarter of the balance, which is taken from the balance at once. With `most` > 0 the
  /// grant takes no more from the balance than brings it to `most`.
  double grant(double share, double most = 0);
  /// After the action: it was granted `granted` seconds and took `used`; what it did not use
  /// goes into the balance (an overrun comes out of it, down to nothing).
  void settle(double granted, double used);
  double balance() const { return balance_; }

 private:
  double balance_ = 0;
};

}  // namespace pg
