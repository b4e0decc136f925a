// Every error the server answers, in one catalog: its code (an `error` frame's `code`, or an HTTP
// error body's), its HTTP status where it is an HTTP answer, and its English text. A code means
// one thing wherever it is sent; docs/protocol.md's table and web/errors.js (six languages)
// follow this list, and tests/protocol/errors_test.cpp holds them to it.
//
// A few codes stand for a family whose cause the text names (a malformed field, which limit,
// which method): they take a text of the caller's (Error::detail). The others always carry the
// catalog's text, so that the same code never reads two ways.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "referee/referee.h"

namespace pg {

enum class Err : uint8_t {
  // A message's shape (protocol/client_message.h) and the connection.
  BadJson,
  BadRequest,  ///< takes a detail: which field, and what is wrong with it
  UnknownCommand,
  RateLimited,  ///< takes a detail: which limit
  TooLarge,
  // Joining.
  NotJoined,
  AlreadyJoined,
  NoSuchTable,
  TableExpired,
  ServerFull,
  ServerBusy,
  WrongTable,
  TableElsewhere,
  BadToken,
  // A seat's commands.
  Spectator,
  NotYourSeat,
  NotStarted,
  // The referee's refusals (Refusal).
  GameOver,
  NotYourTurn,
  OffBoard,
  OccupiedVisible,
  AlreadyTried,
  MarkUnchanged,
  TooLateToAbort,
  // The table's features.
  NotAbandoned,
  NameUnchanged,
  HotSeatNames,
  NotOver,
  RematchOffered,
  NoRematchOffer,
  NoChat,
  ChatFull,
  StoreFailed,
  // HTTP only.
  NotFound,
  MethodNotAllowed,  ///< takes a detail: the methods the endpoint answers
  BadSeat,
  NoSuchChallenge,
  ChallengeTaken,
  ChallengeExpired,
  ChallengeGone,
  BadSecret,
  // Accounts (docs/protocol.md, "Accounts").
  BadOrigin,
  NotSignedIn,
  BadName,
  NameTaken,
  CeremonyExpired,
  PasskeyRefused,
  RecoveryFailed,
  LastPasskey,
  NoSuchPasskey,
  // Ratings (docs/protocol.md, "Rated games").
  NoSuchPlayer,
  SeatTaken,
  SamePlayer,
  // Mail (docs/protocol.md, "E-mail").
  MailOff,
  BadAddress,
  AddressTaken,
  NoAddress,
  LinkExpired,
};

struct ErrorEntry {
  Err err;
  std::string_view code;
  int http_status;  ///< the status of an HTTP answer with this code (frames ignore it)
  std::string_view text;
  bool detailed;  ///< whether a caller's text replaces `text`
};

/// The whole catalog, in the order of Err.
std::span<const ErrorEntry> errorCatalog();
const ErrorEntry& errorEntry(Err e);

/// One error to answer: the catalog's code with its text, or a detailed code with the caller's.
struct Error {
  Err err;
  std::string text;
  /// Precondition: !errorEntry(e).detailed.
  static Error of(Err e);
  /// Precondition: errorEntry(e).detailed.
  static Error detail(Err e, std::string text);
  std::string_view code() const { return errorEntry(err).code; }
  int httpStatus() const { return errorEntry(err).http_status; }
  bool operator==(const Error&) const = default;
};

/// The error of a referee's refusal.
Err errorOf(Refusal r);

}  // namespace pg
