// Who may read what beside the game's events (referee/disclosure.h): one test per row of its
// table, which docs/protocol.md "Who may read what" repeats. Through the real server the same
// rows are tested end to end (chat_test, rematch_test, game_test, belief_test).
#include <gtest/gtest.h>

#include "referee/disclosure.h"
#include "referee/referee.h"
#include "referee_helpers.h"

namespace pg {
namespace {

using namespace pg::testing;

TEST(Disclosure, APlayersChatLineIsThePlayersUntilTheEnd) {
  EXPECT_TRUE(disclosure::mayReadChatLine(/*reader_is_spectator=*/false, false, false));
  EXPECT_FALSE(disclosure::mayReadChatLine(true, false, false));
  EXPECT_TRUE(disclosure::mayReadChatLine(true, false, /*over=*/true));
}

TEST(Disclosure, ASpectatorsChatLineIsTheSpectatorsUntilTheEnd) {
  EXPECT_TRUE(disclosure::mayReadChatLine(true, /*spectators_line=*/true, false));
  EXPECT_FALSE(disclosure::mayReadChatLine(false, true, false));
  EXPECT_TRUE(disclosure::mayReadChatLine(false, true, true));
}

TEST(Disclosure, AGuessMarkIsItsOwnersAloneEvenAfterTheEnd) {
  EXPECT_TRUE(disclosure::mayReadMark(Audience::Black, Color::Black));
  EXPECT_FALSE(disclosure::mayReadMark(Audience::White, Color::Black));
  EXPECT_FALSE(disclosure::mayReadMark(Audience::Spectator, Color::White));
  EXPECT_FALSE(disclosure::recordShows(EventKind::Mark)) << "the record never holds a mark";
  // And the referee's streams follow the rule: White's mark reaches White's stream only.
  Referee r{Rules{}};
  ASSERT_TRUE(r.mark(Color::White, pt("C3"), true).accepted());
  EXPECT_EQ(r.version(Audience::White), 1);
  EXPECT_EQ(r.version(Audience::Black), 0);
  EXPECT_EQ(r.version(Audience::Spectator), 0);
}

TEST(Disclosure, TheRecordIsNobodysUntilTheEndThenAnyones) {
  EXPECT_FALSE(disclosure::mayReadRecord(false));
  EXPECT_TRUE(disclosure::mayReadRecord(true));
  for (EventKind k : {EventKind::Try, EventKind::Pass, EventKind::Resign, EventKind::Timeout,
                      EventKind::Abandon, EventKind::Abort, EventKind::NoShow})
    EXPECT_TRUE(disclosure::recordShows(k)) << eventKindName(k);
}

TEST(Disclosure, TheBeliefMapIsReadOnlyWhenTheRecordIs) {
  EXPECT_FALSE(disclosure::mayReadBelief(false));
  EXPECT_TRUE(disclosure::mayReadBelief(true));
}

TEST(Disclosure, ARematchSeatGoesToAPlayerNeverToASpectator) {
  EXPECT_TRUE(disclosure::mayHoldRematchSeat(/*holder_is_spectator=*/false));
  EXPECT_FALSE(disclosure::mayHoldRematchSeat(true));
}

}  // namespace
}  // namespace pg
