// The HTTP side of the server, without Beast: the JSON API, /healthz, /metrics, and the static
// files. See docs/protocol.md for every endpoint.
#pragma once

#include <functional>
#include <memory>

#include "server/challenge_api.h"
#include "server/http_types.h"
#include "server/metrics.h"
#include "server/server_settings.h"
#include "server/static_files.h"
#include "server/table_registry.h"
#include "store/challenge_store.h"
#include "store/store.h"

namespace pg {

class HttpApi {
 public:
  /// Everything referred to outlives the HttpApi. Without `metrics`, /metrics is 404 and
  /// nothing is counted; without `challenges`, the lobby's endpoints are 404.
  HttpApi(TableRegistry& registry, Store& store, const ServerSettings& settings,
          Metrics* metrics = nullptr, ChallengeStore* challenges = nullptr);
  /// Answers one request. Safe from any thread. A creation waits here for the store.
  HttpReply handle(const HttpRequest& req) const;
  using ReplyFn = std::function<void(HttpReply)>;
  /// Answers one request through `reply`, called once: at once for most requests; for a
  /// creation (POST /api/tables) once the store has the table, possibly on the store's writer
  /// thread, so the caller's thread does not wait for the disk. Safe from any thread.
  void handleAsync(const HttpRequest& req, ReplyFn reply) const;

 private:
  HttpReply createTable(const HttpRequest& req) const;
  void createTableAsync(const HttpRequest& req, ReplyFn reply) const;
  HttpReply tableInfo(const std::string& id) const;
  HttpReply game(const std::string& id, bool sgf) const;
  std::string origin(const HttpRequest& req) const;
  HttpReply metricsPage() const;
  /// A 500 store-failed answer, counted.
  HttpReply storeFailed(std::string_view message) const;

  TableRegistry& registry_;
  Store& store_;
  const ServerSettings& settings_;
  Metrics* metrics_;
  StaticFiles files_;
  std::unique_ptr<ChallengeApi> lobby_;  // null without a ChallengeStore
};

}  // namespace pg
