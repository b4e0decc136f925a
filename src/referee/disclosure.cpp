#include "referee/disclosure.h"

namespace pg::disclosure {

bool mayReadChatLine(bool reader_is_spectator, bool spectators_line, bool over) {
  return over || spectators_line == reader_is_spectator;
}

bool mayReadMark(Audience reader, Color owner) {
  return isStone(owner) && reader == audienceOf(owner);
}

bool mayReadRecord(bool over) {
  return over;
}

bool recordShows(EventKind kind) {
  return kind != EventKind::Mark;
}

bool mayReadBelief(bool over) {
  return mayReadRecord(over);
}

bool mayHoldRematchSeat(bool holder_is_spectator) {
  return !holder_is_spectator;
}

}  // namespace pg::disclosure
