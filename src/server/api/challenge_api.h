// The lobby's HTTP endpoints (docs/protocol.md, "The lobby"): POST /api/challenges creates an
// online table at once, through the TableRegistry as POST /api/tables does, and lists it as an
// open challenge; GET /api/challenges lists the open ones (never a token or a secret); POST
// /api/challenges/<id>/take gives the other seat to exactly one taker; DELETE
// /api/challenges/<id> with the cancel secret withdraws it. The challenges and the limits per
// client address live in the ChallengeStore, so that every node shares them.
#pragma once

#include <string_view>

#include "server/api/account_sessions.h"
#include "server/api/creation_gate.h"
#include "server/api/http_types.h"
#include "server/node/server_settings.h"
#include "server/table/table_registry.h"
#include "store/challenge_store.h"

namespace pg {

class ChallengeApi {
 public:
  /// Everything referred to outlives the ChallengeApi. Without `creations`, a challenge's table
  /// is not counted among its creator's tables; `metrics` may be null.
  ChallengeApi(TableRegistry& registry, ChallengeStore& store, const ServerSettings& settings,
               CreationGate* creations = nullptr, Metrics* metrics = nullptr,
               const AccountSessions* sessions = nullptr);
  /// Answers a request whose path is /api/challenges or under it. A creation waits here for
  /// the store. Throws StoreError (the caller answers store-failed).
  HttpReply handle(const HttpRequest& req, std::string_view path) const;

 private:
  HttpReply create(const HttpRequest& req) const;
  HttpReply list() const;
  HttpReply take(const HttpRequest& req, const std::string& id) const;
  HttpReply cancel(const HttpRequest& req, const std::string& id) const;

  TableRegistry& registry_;
  ChallengeStore& store_;
  const ServerSettings& settings_;
  CreationGate* creations_;
  Metrics* metrics_;
  const AccountSessions* sessions_;
};

}  // namespace pg
