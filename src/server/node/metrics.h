// The node's counters and their Prometheus text (GET /metrics, docs/server.md "Metrics"). One
// object per server; the parts that count hold a pointer to it, which may be null (tests, fuzz
// fixtures). Counting is an atomic add on a metric object found once, at construction: nothing
// is looked up per event. Nothing counted here names a table, a seat, a token or a point.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace prometheus {
class Registry;
class Counter;
class Gauge;
class Histogram;
}  // namespace prometheus

namespace pg {

class Metrics {
 public:
  /// A game action the referee answered and the store holds.
  enum class Action { Try, Pass, Resign, Abort };
  /// Who answered `store-failed`: a table (an action or a start not stored) or the HTTP API.
  enum class StoreErrorAt { Table, Http };

  /// A limit per client address that refused something (`429 rate-limited`), or the message
  /// rate of one connection.
  enum class Limit {
    Connections,      ///< connections open at once
    Joins,            ///< WebSocket joins a second
    ApiRequests,      ///< /api/ requests a second
    TablesPerMinute,  ///< tables created within a minute
    TablesPerHour,    ///< tables created within an hour
    WaitingTables,    ///< waiting tables at once
    Spectators,       ///< spectators of one table
    Chat,             ///< chat lines (per connection, and per address among spectators)
    Challenges,       ///< the lobby's open challenges and challenges an hour
    Messages,         ///< WebSocket messages a second on one connection (not per address)
    Accounts,         ///< sign-ups, sign-ins, name checks and recoveries (per address)
  };
  static constexpr std::size_t kLimits = 11;
  /// The `kind` label of a limit ("connections", "tables_per_minute", ...).
  static std::string_view limitName(Limit limit);

  Metrics();
  ~Metrics();
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  /// The gauges read at scrape time (either may be empty: the gauge then stays 0). Set once,
  /// before the first scrape; each must stay callable for as long as text() may be called.
  void readAtScrape(std::function<std::size_t()> live_tables,
                    std::function<std::size_t()> open_connections,
                    std::function<double()> oldest_write_seconds = nullptr,
                    std::function<bool()> lease_live = nullptr);

  /// The connection limit in force (`--max-connections`, or the one derived from the fd limit).
  void setMaxConnections(std::size_t n);

  void actionPlayed(Action kind);
  /// A connection refused because the node holds its maximum (answered 503 or closed).
  void connectionRefused();
  /// From a table's commit start to the store's answer (stored or failed).
  void commitLatency(std::chrono::steady_clock::duration d);
  /// One thinking job of a computer player.
  void botThinking(std::chrono::steady_clock::duration d);
  void storeError(StoreErrorAt where);

  /// A request, connection or message refused by a limit per address.
  void rateLimited(Limit limit);
  /// Waiting tables that expired (closed with no result and deleted from the store).
  void tablesExpired(std::size_t n);

  /// Table ownership among nodes sharing a store (called by the TableRegistry).
  void tableClaimed();
  void claimRefused();
  void tablesDropped(std::size_t n);

  /// Every metric in Prometheus' text format (version 0.0.4). Safe from any thread.
  std::string text() const;

 private:
  std::unique_ptr<prometheus::Registry> registry_;
  std::function<std::size_t()> live_tables_fn_;
  std::function<double()> oldest_write_fn_;
  std::function<bool()> lease_live_fn_;
  prometheus::Gauge* oldest_write_;
  prometheus::Gauge* lease_live_;
  std::function<std::size_t()> connections_fn_;
  prometheus::Gauge* live_tables_;
  prometheus::Gauge* connections_;
  prometheus::Gauge* max_connections_;
  prometheus::Counter* connections_refused_;
  prometheus::Counter* tries_;
  prometheus::Counter* passes_;
  prometheus::Counter* resigns_;
  prometheus::Counter* aborts_;
  prometheus::Histogram* commit_seconds_;
  prometheus::Histogram* bot_seconds_;
  prometheus::Counter* store_errors_table_;
  prometheus::Counter* store_errors_http_;
  prometheus::Counter* claims_;
  prometheus::Counter* claims_refused_;
  prometheus::Counter* tables_dropped_;
  std::array<prometheus::Counter*, kLimits> rate_limited_{};
  prometheus::Counter* tables_expired_;
};

}  // namespace pg
