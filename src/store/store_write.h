// What a store writes, as one type: each kind of write the server makes is one alternative of
// StoreWrite. Both backends (sqlite_store.h, pg_store.h) turn a batch of them into a transaction,
// and everything else about a write (its queue, its group commit, its retry, its answer) is
// shared. Adding a kind of write is one alternative here and a branch in each backend's batch.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "store/mail_store.h"
#include "store/stored.h"

namespace pg {

/// A new table with its setup and seat tokens. Needs no claim.
struct CreateTable {
  StoredTable table;
};
/// A rated game's end: the category and black's score (1 win, 0.5 draw, 0 loss).
struct RatedEnd {
  std::string category;  ///< a rating::categoryName ("small-rapid", ...)
  double black_score = 0.0;
};
/// Events that continue a table's log and, with `end` set, the end of its game: all or nothing.
/// With `rated` set too (meaningless without `end`), the same transaction updates the ratings of
/// the table's two seat players (rating_store.h) when both seats are bound to different players;
/// with a seat unbound, or one player in both, the end is stored and no rating changes.
struct AppendEvents {
  std::string table_id;
  std::vector<StoredEvent> events;
  std::optional<StoredEnd> end;
  std::optional<RatedEnd> rated{};  ///< (`{}`: a write that leaves it out is not rated)
};
/// When the table's game started (every human seat joined once). Does nothing if started.
struct StartTable {
  std::string table_id;
  int64_t at = 0;
};
/// One line that continues the table's chat.
struct AppendChat {
  std::string table_id;
  StoredChat line;
};
/// The table's new setup (JSON text: a player named their seat).
struct SetSetup {
  std::string table_id;
  std::string setup;
};

/// One game an arena pairs: its new table and its two players (account ids).
struct ArenaPairing {
  StoredTable table;
  std::string black;
  std::string white;
};
/// An arena's pairing (docs/arena.md): the new tables, each with its two seats bound to its
/// players (seat_players, as a rated seat is bound), and the arena's rows of these games, all in
/// one transaction at `at`. Needs the arena's claim (its key, arenaClaimKey, is the write's
/// "table"), so only the node holding it can pair. Refused whole (StoreError, nothing stored)
/// when any of the players is already in an unfinished game of an arena.
struct PairArena {
  std::string table_id;  ///< the arena's claim key, "arena:<id>"
  std::string arena_id;
  int64_t at = 0;
  std::vector<ArenaPairing> games;
};

/// A mail a table queues ("your move", docs/server.md "Mail"): into the outbox unless a mail with
/// its dedupe key was queued before (then nothing, the token included). Through the table's
/// writer, so it needs the table's claim like any write of the table: a node that lost the
/// table queues nothing.
struct QueueMail {
  std::string table_id;
  MailDraft mail;
  std::optional<EmailToken> token;  ///< stored with the mail (its link that turns mails off)
  int64_t at = 0;                   ///< when it is queued
};

using StoreWrite =
    std::variant<CreateTable, AppendEvents, StartTable, AppendChat, SetSetup, PairArena, QueueMail>;

/// Starts an asynchronous write or job with `start(done)`, waits until `done` is called, and
/// rethrows the error it was given. Must not be called on the thread that calls `done`.
void waitForAnswer(const std::function<void(std::function<void(std::exception_ptr)>)>& start);

/// The table a write is about.
const std::string& tableOf(const StoreWrite& w);
/// Whether the write needs this node's claim of its table (all but a creation).
bool needsClaim(const StoreWrite& w);
/// What the write does, for errors and logs ("appending events").
const char* describe(const StoreWrite& w);

/// One lambda per alternative, for std::visit over a StoreWrite: a kind of write nobody handles
/// does not compile.
template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace pg
