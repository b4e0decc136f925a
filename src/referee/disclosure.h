// Who may read what, beside the game's own events, before and after the end: the one place for
// the rules that are not an event's projection (which is visibility.h's project()). The table
// in docs/protocol.md, "Who may read what", is this file row by row, and
// tests/referee/disclosure_test.cpp has a test for each row.
//
//  | what                                   | before the end          | after the end          |
//  |----------------------------------------|-------------------------|------------------------|
//  | a game event                           | project(): per audience | the reveal, to all     |
//  | a line of the players' chat            | the players             | everyone at the table  |
//  | a line of the spectators' chat         | the spectators          | everyone at the table  |
//  | a player's guess marks                 | their owner             | their owner, never the |
//  |                                        |                         | record                 |
//  | the game's record and SGF (the archive) | nobody                 | anyone                 |
//  | the computer's belief map of a seat    | nobody                  | anyone                 |
//  | a rematch's new seat token             | (no rematch yet)        | the one who held the   |
//  |                                        |                         | other colour; none to  |
//  |                                        |                         | a spectator            |
#pragma once

#include "referee/event.h"
#include "referee/seen.h"

namespace pg::disclosure {

/// Whether a reader (a spectator, or a player: a seat or a hot seat) may read a chat line said in
/// the spectators' channel (`spectators_line`) or the players'.
bool mayReadChatLine(bool reader_is_spectator, bool spectators_line, bool over);

/// Whether `owner`'s guess mark may be told to `reader`: its owner alone, at any time.
bool mayReadMark(Audience reader, Color owner);

/// Whether the game's record (its events, the reveal, the SGF) may be read by anyone.
bool mayReadRecord(bool over);

/// Whether the record shows an event of this kind: everything but the private guess marks.
bool recordShows(EventKind kind);

/// Whether the computer's belief map of either seat may be read by anyone: it is computed from
/// every try of the game, so only once the record is public.
bool mayReadBelief(bool over);

/// Whether a connection that held a seat at the old table gets a seat (its token) at the
/// rematch: a player does, a spectator does not (it gets the new table's id only).
bool mayHoldRematchSeat(bool holder_is_spectator);

}  // namespace pg::disclosure
