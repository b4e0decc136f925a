#include "protocol/errors.h"

#include <array>

#include "rules/assert.h"

namespace pg {

namespace {

constexpr std::array<ErrorEntry, 58> kCatalog{{
    {Err::BadJson, "bad-json", 400, "A message must be one JSON object.", false},
    {Err::BadRequest, "bad-request", 400, "The request is malformed.", true},
    {Err::UnknownCommand, "unknown-command", 400, "Unknown command.", false},
    {Err::RateLimited, "rate-limited", 429, "Too many requests from your address; wait a moment.",
     true},
    {Err::TooLarge, "too-large", 413, "The request is too large.", false},
    {Err::NotJoined, "not-joined", 400, "Join a table first.", false},
    {Err::AlreadyJoined, "already-joined", 400,
     "This connection has already joined a table: open another for another table.", false},
    {Err::NoSuchTable, "no-such-table", 404, "There is no such table.", false},
    {Err::TableExpired, "table-expired", 410,
     "Nobody joined this table in time; it has been closed.", false},
    {Err::ServerFull, "server-full", 503, "The server is full; try again later.", false},
    {Err::ServerBusy, "server-busy", 503, "The server is busy; try again in a moment.", false},
    {Err::WrongTable, "wrong-table", 400, "This connection was opened for another table.", false},
    {Err::TableElsewhere, "table-elsewhere", 503,
     "Another server holds this table now; connect again.", false},
    {Err::BadToken, "bad-token", 403, "That token holds no seat at this table.", false},
    {Err::Spectator, "spectator", 403, "Spectators watch: they cannot play or name a seat.", false},
    {Err::NotYourSeat, "not-your-seat", 403, "This connection does not hold that seat.", false},
    {Err::NotStarted, "not-started", 409, "The game starts when every seat has joined.", false},
    {Err::GameOver, "game-over", 409, "The game is over.", false},
    {Err::NotYourTurn, "not-your-turn", 409, "It is not your turn.", false},
    {Err::OffBoard, "off-board", 400, "That point is not on the board.", false},
    {Err::OccupiedVisible, "occupied-visible", 409, "You can see a stone on that point already.",
     false},
    {Err::AlreadyTried, "already-tried", 409, "You already tried that point this turn.", false},
    {Err::MarkUnchanged, "no-change", 409, "That guess mark is already as you asked.", false},
    {Err::TooLateToAbort, "too-late-to-abort", 409,
     "Each side has moved: the game can no longer be aborted.", false},
    {Err::NotAbandoned, "not-abandoned", 409,
     "Your opponent is not on turn and away for long enough: the game goes on.", false},
    {Err::NameUnchanged, "name-unchanged", 409, "That is the name already.", false},
    {Err::HotSeatNames, "hotseat-names", 403,
     "A hot seat's names are chosen when the table is made.", false},
    {Err::NotOver, "not-over", 403,
     "The game is not over yet: a rematch, and the game's record, wait for the end.", false},
    {Err::RematchOffered, "rematch-offered", 409, "You have offered a rematch already.", false},
    {Err::NoRematchOffer, "no-rematch-offer", 409, "There is no rematch offer to take back.",
     false},
    {Err::NoChat, "no-chat", 403,
     "There is no chat here: an online table's players chat with each other, and its spectators.",
     false},
    {Err::ChatFull, "chat-full", 409, "This chat is full.", false},
    {Err::StoreFailed, "store-failed", 500,
     "The server could not save or read this; nothing changed. Try again.", false},
    {Err::NotFound, "not-found", 404, "No such endpoint.", false},
    {Err::MethodNotAllowed, "method-not-allowed", 405, "That method is not allowed here.", true},
    {Err::BadSeat, "bad-seat", 400,
     "Name the seat whose beliefs to show: ?seat=black or ?seat=white.", false},
    {Err::NoSuchChallenge, "no-such-challenge", 404, "There is no such challenge.", false},
    {Err::ChallengeTaken, "taken", 409, "Someone else has taken this challenge.", false},
    {Err::ChallengeExpired, "expired", 410, "This challenge has expired.", false},
    {Err::ChallengeGone, "gone", 410, "This challenge was already taken, cancelled or expired.",
     false},
    {Err::BadSecret, "bad-secret", 403, "That is not this challenge's cancel secret.", false},
    {Err::BadOrigin, "bad-origin", 403, "This request did not come from this site's own pages.",
     false},
    {Err::NotSignedIn, "not-signed-in", 401, "Sign in first.", false},
    {Err::BadName, "bad-name", 400,
     "A name has 2 to 24 characters, no space at either end or two in a row, and none of "
     "/ \\ ? # % @ < > \" ' ` & +.",
     false},
    {Err::NameTaken, "name-taken", 409, "That name is taken; choose another.", false},
    {Err::CeremonyExpired, "ceremony-expired", 410,
     "That took too long, or was already used; start again.", false},
    {Err::PasskeyRefused, "passkey-refused", 403, "This passkey was not accepted.", false},
    {Err::RecoveryFailed, "recovery-failed", 403,
     "That name and recovery code do not open an account.", false},
    {Err::LastPasskey, "last-passkey", 409,
     "This is the account's last passkey: add another before removing it.", false},
    {Err::NoSuchPasskey, "no-such-passkey", 404, "This account has no such passkey.", false},
    {Err::NoSuchPlayer, "no-such-player", 404, "There is no player of that name.", false},
    {Err::SeatTaken, "seat-taken", 409, "This seat of a rated game is another player's.", false},
    {Err::SamePlayer, "same-player", 409,
     "You hold the other seat of this rated game already: a rated game is between two players.",
     false},
    {Err::MailOff, "mail-off", 404, "This site sends no e-mail.", false},
    {Err::BadAddress, "bad-address", 400, "That is not an e-mail address this site can use.",
     false},
    {Err::AddressTaken, "address-taken", 409, "That address is another account's.", false},
    {Err::NoAddress, "no-address", 404, "This account has no e-mail address.", false},
    {Err::LinkExpired, "link-expired", 410, "This link has expired or was already used.", false},
}};

}  // namespace

std::span<const ErrorEntry> errorCatalog() {
  return kCatalog;
}

const ErrorEntry& errorEntry(Err e) {
  const auto i = static_cast<std::size_t>(e);
  PG_ASSERT(i < kCatalog.size() && kCatalog[i].err == e, "the catalog is in the order of Err");
  return kCatalog[i];
}

Error Error::of(Err e) {
  PG_ASSERT(!errorEntry(e).detailed, "this code's text is the catalog's");
  return Error{e, std::string(errorEntry(e).text)};
}

Error Error::detail(Err e, std::string text) {
  PG_ASSERT(errorEntry(e).detailed, "this code always carries the catalog's text");
  return Error{e, std::move(text)};
}

Err errorOf(Refusal r) {
  switch (r) {
    case Refusal::GameOver:
      return Err::GameOver;
    case Refusal::NotYourTurn:
      return Err::NotYourTurn;
    case Refusal::OffBoard:
      return Err::OffBoard;
    case Refusal::OwnStone:
      return Err::OccupiedVisible;
    case Refusal::AlreadyTried:
      return Err::AlreadyTried;
    case Refusal::NoChange:
      return Err::MarkUnchanged;
    case Refusal::TooLateToAbort:
      return Err::TooLateToAbort;
  }
  return Err::GameOver;
}

}  // namespace pg
