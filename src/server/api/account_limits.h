// The limits per client address on the account endpoints (docs/protocol.md, "Accounts"):
// sign-ups, sign-ins and name checks begun, recoveries tried, e-mail addresses set and sign-in
// links asked for. Each is a count in a window,
// kept in the store (AccountStore::admitAttempt), so every node of a cluster counts the same;
// the address is the one a trusted proxy names (net/client_address.h). A refusal is
// `429 rate-limited` with Retry-After, counted in /metrics as kind "accounts".
#pragma once

#include <optional>
#include <string>

#include "server/api/http_types.h"
#include "server/node/metrics.h"
#include "server/node/server_limits.h"
#include "store/account_store.h"

namespace pg {

class AccountLimits {
 public:
  enum class Kind { SignUp, SignIn, NameCheck, Recover, EmailChange, EmailSignIn };
  /// Everything referred to outlives the AccountLimits; `metrics` may be null.
  AccountLimits(AccountStore& store, const ServerLimits& limits, Metrics* metrics);
  /// Counts one attempt of `kind` by `address` (a limitKey): nullopt when it may go on, else
  /// the 429 answer. Throws StoreError.
  std::optional<HttpReply> admit(Kind kind, const std::string& address) const;

 private:
  AccountStore& store_;
  const ServerLimits& limits_;
  Metrics* metrics_;
};

}  // namespace pg
