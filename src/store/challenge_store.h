// The lobby's storage: open challenges that any visitor may take. It lives in the same database
// as the tables (the SQLite file or the PostgreSQL database that every node shares), so every
// node of a cluster sees the same lobby, takes a challenge atomically in the database (exactly
// one taker wins, whichever nodes they reached), and counts each address's challenges there
// (the rate limit holds across nodes).
//
// A challenge row is first reserved (counted, not listed), then given its table (listed until
// it is taken, cancelled or expires). The store knows nothing of Go: `listing` is JSON text
// written by the server.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace pg {

/// A new challenge, as the server reserves it.
struct NewChallenge {
  std::string id;
  std::string address;        ///< the creator's address (the rate limit's key)
  int64_t created_at = 0;     ///< milliseconds since the Unix epoch
  int64_t expires_at = 0;     ///< idem; the challenge is gone after this
  std::string listing;        ///< JSON text of what the lobby shows (no secret)
  std::string cancel_secret;  ///< held by the creator
};

/// One open challenge, as the lobby lists it.
struct OpenChallenge {
  std::string id;
  int64_t created_at = 0;
  int64_t expires_at = 0;
  std::string listing;

  bool operator==(const OpenChallenge&) const = default;
};

/// How many challenges one address may have.
struct ChallengeLimits {
  int max_open = 3;       ///< open (reserved or listed, not taken, cancelled or expired) at once
  int max_per_hour = 10;  ///< created within the last hour, whatever became of them
};

/// The answer to a reservation: reserved, or refused with the time until one is allowed.
struct Reservation {
  /// Which limit refused (the one with the longest wait when several did).
  enum class Limit : uint8_t { None, Open, PerMinute, PerHour, Waiting };
  bool reserved = false;
  int64_t retry_after_ms = 0;  ///< when refused: until the oldest counted one stops counting
  Limit refused_by = Limit::None;
};

/// The answer to a take.
struct TakeResult {
  enum class Status : uint8_t { Taken, AlreadyTaken, Expired, Unknown };
  Status status = Status::Unknown;
  std::string table_id;    ///< when Taken
  std::string seat_token;  ///< when Taken: the other seat's token
  std::string listing;     ///< when Taken
};

enum class CancelResult : uint8_t { Cancelled, WrongSecret, Gone, Unknown };

/// Every method is safe to call from several threads and throws StoreError on failure.
class ChallengeStore {
 public:
  virtual ~ChallengeStore() = default;

  /// Reserves `c` if its address has fewer than `limits.max_open` open challenges and fewer
  /// than `limits.max_per_hour` created in the hour before `c.created_at`; the count and the
  /// insert are one transaction (serialized per address), so two nodes cannot both pass the
  /// limit. Also forgets challenges older than a day. Precondition: no challenge has this id.
  virtual Reservation reserve(const NewChallenge& c, const ChallengeLimits& limits) = 0;
  /// Gives a reserved challenge its table and the seat that the taker will get: from now on
  /// it is listed.
  virtual void attach(const std::string& id, const std::string& table_id,
                      const std::string& seat_token) = 0;
  /// Removes a reserved challenge whose table could not be created (it stops counting).
  virtual void discard(const std::string& id) = 0;
  /// The challenges open at `now` (attached, not taken, not cancelled, not expired), oldest
  /// first, at most `limit`.
  virtual std::vector<OpenChallenge> open(int64_t now, int limit) = 0;
  /// Takes the challenge at `now` in one statement: exactly one of any number of takers, on
  /// any node, gets Taken; the others learn why not.
  virtual TakeResult take(const std::string& id, int64_t now) = 0;
  /// Cancels an open challenge whose cancel secret is `secret` (compared in constant time).
  /// Gone: taken, cancelled or expired already.
  virtual CancelResult cancel(const std::string& id, const std::string& secret, int64_t now) = 0;
};

/// Whether a and b are equal, in a time that depends on their lengths only.
inline bool sameSecret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    diff |= static_cast<unsigned char>(static_cast<unsigned char>(a[i]) ^
                                       static_cast<unsigned char>(b[i]));
  return diff == 0;
}

}  // namespace pg
