// The HTTP side of the server, without Beast: the JSON API, /healthz, /metrics, and the static
// files. See docs/protocol.md for every endpoint.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>

#include "server/api/account_api.h"
#include "server/api/arena_api.h"
#include "server/api/belief_api.h"
#include "server/api/challenge_api.h"
#include "server/api/creation_gate.h"
#include "server/api/email_api.h"
#include "server/api/http_types.h"
#include "server/api/rating_api.h"
#include "server/api/static_files.h"
#include "server/node/metrics.h"
#include "server/node/server_settings.h"
#include "server/table/table_registry.h"
#include "store/challenge_store.h"
#include "store/store.h"

namespace pg {

class HttpApi {
 public:
  /// Runs a job off the network threads (the server's pool for slow work).
  using Offload = std::function<void(std::function<void()>)>;
  /// Everything referred to outlives the HttpApi. Without `metrics`, /metrics is 404 and
  /// nothing is counted; without `challenges`, the lobby's endpoints are 404. With `offload`,
  /// handleAsync computes beliefs (GET /api/games/<id>/belief) there; with `reads`, it answers
  /// there every request that reads the store (a table's info, which may load the table; the
  /// archive; the lobby), so that no network thread waits for the store. The jobs it is given
  /// must all have run or been dropped before the HttpApi goes.
  /// Without `creations`, creating tables has no limit per address. Without `accounts`, the
  /// account endpoints are 404; with them, a sign-up's end and a recovery (Argon2id) run in
  /// `offload`, the other account requests in `reads`. With both `accounts` and `ratings`,
  /// rated games, the players' pages and the leaderboard are served; with `accounts` and
  /// `arenas`, the arena tournaments (/api/arenas). With `accounts` and `mail`, the e-mail
  /// endpoints are served (`mail_queued` is called after a mail was queued); with `accounts`
  /// alone they answer `mail-off`.
  HttpApi(TableRegistry& registry, Store& store, const ServerSettings& settings,
          Metrics* metrics = nullptr, ChallengeStore* challenges = nullptr,
          CreationGate* creations = nullptr, Offload offload = nullptr, Offload reads = nullptr,
          AccountStore* accounts = nullptr, RatingStore* ratings = nullptr,
          ArenaStore* arenas = nullptr, MailStore* mail = nullptr,
          std::function<void()> mail_queued = nullptr);
  /// Answers one request. Safe from any thread. A creation waits here for the store.
  HttpReply handle(const HttpRequest& req) const;
  using ReplyFn = std::function<void(HttpReply)>;
  /// Answers one request through `reply`, called once: at once for most requests; for a
  /// creation (POST /api/tables) once the store has the table, possibly on the store's writer
  /// thread, so the caller's thread does not wait for the disk; for a belief that is not in the
  /// cache, from the offload job; for a request that reads the store, from the reads job. Safe
  /// from any thread.
  void handleAsync(const HttpRequest& req, ReplyFn reply) const;
  /// GET /readyz: 200 while the node can read its store, else 503 (a proxy or an orchestrator
  /// then sends it nothing). /healthz only says that the process answers. Safe from any
  /// thread; on SQLite it reads the store.
  HttpReply readiness() const;

 private:
  HttpReply createTable(const HttpRequest& req) const;
  /// A rated table's creation: needs a signed-in player; the computer's seat is its level's.
  /// Runs with the reads (it reads the session); then as createTableAsync.
  void createRatedAsync(const HttpRequest& req, ReplyFn reply) const;
  void createTableAsync(const HttpRequest& req, ReplyFn reply) const;
  HttpReply tableInfo(const std::string& id) const;
  HttpReply game(const std::string& id, bool sgf) const;
  /// The finished game's stored record, or the refusal /api/games/<id> answers (no such table,
  /// or not over: the same bytes for every endpoint under it).
  struct Finished;
  /// Loads a finished game into `out`, or the refusal: no such table, or not readable yet
  /// (referee/disclosure.h: the record, or with `belief` the belief map).
  std::optional<HttpReply> refuseUnfinished(const std::string& id, Finished& out,
                                            bool belief = false) const;
  HttpReply belief(const std::string& id, std::string_view target) const;
  /// The answer a belief request gets without computing anything (a bad seat, a cached map).
  std::optional<HttpReply> beliefAtOnce(std::string_view target) const;
  std::string origin(const HttpRequest& req) const;
  /// The bad-origin answer to a request that changes something (a POST, a DELETE) from another
  /// site's page, or with a session cookie and no Origin (site_origin.h); else nullopt. The
  /// account endpoints ask more of their requests themselves.
  std::optional<HttpReply> refuseOrigin(const HttpRequest& req) const;
  HttpReply metricsPage() const;
  /// A 500 store-failed answer, counted.
  HttpReply storeFailed() const;

  TableRegistry& registry_;
  Store& store_;
  const ServerSettings& settings_;
  Metrics* metrics_;
  CreationGate* creations_;
  StaticFiles files_;
  std::unique_ptr<AccountApi> accounts_;  // null without an AccountStore
  std::unique_ptr<RatingApi> ratings_;    // null without an AccountStore and a RatingStore
  std::unique_ptr<EmailApi> email_;       // null without an AccountStore
  std::unique_ptr<ChallengeApi> lobby_;   // null without a ChallengeStore
  std::unique_ptr<ArenaApi> arenas_;      // null without an AccountStore and an ArenaStore
  Offload offload_;
  Offload reads_;
  mutable BeliefCache belief_cache_{16};
  mutable std::atomic<int> belief_jobs_{0};  // computations under way
};

}  // namespace pg
