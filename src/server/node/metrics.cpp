#include "server/node/metrics.h"

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include "version.h"

namespace pg {

namespace {

using Seconds = std::chrono::duration<double>;

prometheus::Counter& counter(prometheus::Registry& r, const std::string& name,
                             const std::string& help, const prometheus::Labels& labels = {}) {
  return prometheus::BuildCounter().Name(name).Help(help).Register(r).Add(labels);
}

prometheus::Gauge& gauge(prometheus::Registry& r, const std::string& name, const std::string& help,
                         const prometheus::Labels& labels = {}) {
  return prometheus::BuildGauge().Name(name).Help(help).Register(r).Add(labels);
}

prometheus::Histogram& histogram(prometheus::Registry& r, const std::string& name,
                                 const std::string& help,
                                 const prometheus::Histogram::BucketBoundaries& buckets) {
  return prometheus::BuildHistogram().Name(name).Help(help).Register(r).Add({}, buckets);
}

}  // namespace

Metrics::Metrics() : registry_(std::make_unique<prometheus::Registry>()) {
  prometheus::Registry& r = *registry_;
  gauge(r, "phantomgo_build_info", "The version and commit of this node's binary (always 1).",
        {{"version", kVersion}, {"commit", kGitCommit}})
      .Set(1);
  live_tables_ = &gauge(r, "phantomgo_tables", "Tables held in memory on this node.");
  oldest_write_ = &gauge(r, "phantomgo_store_oldest_write_seconds",
                         "How long the oldest write not yet stored has waited (0: none): a "
                         "commit that stalls shows here.");
  lease_live_ = &gauge(r, "phantomgo_store_lease_live",
                       "1 while this node may answer for its tables (its lease of a shared "
                       "store is renewed; always 1 on SQLite), else 0.");
  connections_ =
      &gauge(r, "phantomgo_connections", "Open TCP connections (HTTP and WebSocket) on this node.");
  max_connections_ = &gauge(r, "phantomgo_connections_max",
                            "The node's connection limit (--max-connections or the fd limit).");
  connections_refused_ =
      &counter(r, "phantomgo_connections_refused_total",
               "Connections refused because the node held its maximum (503 or closed).");
  auto& actions = prometheus::BuildCounter()
                      .Name("phantomgo_actions_total")
                      .Help(
                          "Game actions answered by the referee and stored (players and "
                          "computer): try (a stone try, legal or illegal), pass, resign.")
                      .Register(r);
  tries_ = &actions.Add({{"kind", "try"}});
  passes_ = &actions.Add({{"kind", "pass"}});
  resigns_ = &actions.Add({{"kind", "resign"}});
  aborts_ = &actions.Add({{"kind", "abort"}});
  commit_seconds_ = &histogram(
      r, "phantomgo_commit_seconds", "Seconds from a table's commit start to the store's answer.",
      {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2});
  bot_seconds_ = &histogram(
      r, "phantomgo_bot_thinking_seconds", "Seconds a computer player thought for one action.",
      {0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60});
  auto& store_errors = prometheus::BuildCounter()
                           .Name("phantomgo_store_errors_total")
                           .Help(
                               "Store failures answered store-failed (or a game start not "
                               "stored), by who met them: table or http.")
                           .Register(r);
  store_errors_table_ = &store_errors.Add({{"where", "table"}});
  store_errors_http_ = &store_errors.Add({{"where", "http"}});
  claims_ = &counter(r, "phantomgo_table_claims_total",
                     "Tables this node claimed in a store shared with other nodes.");
  claims_refused_ = &counter(r, "phantomgo_table_claims_refused_total",
                             "Table claims refused because another node holds the table.");
  tables_dropped_ = &counter(r, "phantomgo_tables_dropped_total",
                             "Tables dropped from memory because their claim was lost.");
  auto& limited = prometheus::BuildCounter()
                      .Name("phantomgo_rate_limited_total")
                      .Help(
                          "Requests, connections and messages refused by a limit per client "
                          "address (429 rate-limited), or by a connection's message rate "
                          "(messages), by the limit that refused them.")
                      .Register(r);
  for (std::size_t i = 0; i < kLimits; ++i)
    rate_limited_[i] = &limited.Add({{"kind", std::string(limitName(static_cast<Limit>(i)))}});
  tables_expired_ = &counter(r, "phantomgo_tables_expired_total",
                             "Waiting tables nobody joined in time, closed with no result.");
}

std::string_view Metrics::limitName(Limit limit) {
  switch (limit) {
    case Limit::Connections:
      return "connections";
    case Limit::Joins:
      return "joins";
    case Limit::ApiRequests:
      return "api_requests";
    case Limit::TablesPerMinute:
      return "tables_per_minute";
    case Limit::TablesPerHour:
      return "tables_per_hour";
    case Limit::WaitingTables:
      return "waiting_tables";
    case Limit::Spectators:
      return "spectators";
    case Limit::Chat:
      return "chat";
    case Limit::Challenges:
      return "challenges";
    case Limit::Messages:
      return "messages";
    case Limit::Accounts:
      return "accounts";
  }
  return "unknown";
}

void Metrics::rateLimited(Limit limit) {
  rate_limited_[static_cast<std::size_t>(limit)]->Increment();
}

void Metrics::tablesExpired(std::size_t n) {
  tables_expired_->Increment(static_cast<double>(n));
}

Metrics::~Metrics() = default;

void Metrics::readAtScrape(std::function<std::size_t()> live_tables,
                           std::function<std::size_t()> open_connections,
                           std::function<double()> oldest_write_seconds,
                           std::function<bool()> lease_live) {
  live_tables_fn_ = std::move(live_tables);
  connections_fn_ = std::move(open_connections);
  oldest_write_fn_ = std::move(oldest_write_seconds);
  lease_live_fn_ = std::move(lease_live);
}

void Metrics::setMaxConnections(std::size_t n) {
  max_connections_->Set(static_cast<double>(n));
}

void Metrics::actionPlayed(Action kind) {
  switch (kind) {
    case Action::Try:
      return tries_->Increment();
    case Action::Pass:
      return passes_->Increment();
    case Action::Resign:
      return resigns_->Increment();
    case Action::Abort:
      return aborts_->Increment();
  }
}

void Metrics::connectionRefused() {
  connections_refused_->Increment();
}

void Metrics::commitLatency(std::chrono::steady_clock::duration d) {
  commit_seconds_->Observe(std::chrono::duration_cast<Seconds>(d).count());
}

void Metrics::botThinking(std::chrono::steady_clock::duration d) {
  bot_seconds_->Observe(std::chrono::duration_cast<Seconds>(d).count());
}

void Metrics::storeError(StoreErrorAt where) {
  (where == StoreErrorAt::Table ? store_errors_table_ : store_errors_http_)->Increment();
}

void Metrics::tableClaimed() {
  claims_->Increment();
}

void Metrics::claimRefused() {
  claims_refused_->Increment();
}

void Metrics::tablesDropped(std::size_t n) {
  tables_dropped_->Increment(static_cast<double>(n));
}

std::string Metrics::text() const {
  if (live_tables_fn_) live_tables_->Set(static_cast<double>(live_tables_fn_()));
  if (connections_fn_) connections_->Set(static_cast<double>(connections_fn_()));
  if (oldest_write_fn_) oldest_write_->Set(oldest_write_fn_());
  if (lease_live_fn_) lease_live_->Set(lease_live_fn_() ? 1.0 : 0.0);
  return prometheus::TextSerializer().Serialize(registry_->Collect());
}

}  // namespace pg
