// `phantomgo serve`: the game server (HTTP, WebSocket, static web files) on one port.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/log_format.h"
#include "server/net/client_address.h"
#include "server/node/exception_text.h"
#include "server/server.h"

namespace pg {

void addServeCommand(CLI::App& app) {
  auto settings = std::make_shared<ServerSettings>();
  auto sync = std::make_shared<std::string>("full");
  auto idle_seconds = std::make_shared<int>(120);
  auto first_move_seconds = std::make_shared<int>(30);
  auto ttl_minutes = std::make_shared<int>(24 * 60);
  auto your_move_seconds = std::make_shared<int>(300);
  auto mail_claim_seconds = std::make_shared<int>(60);
  auto lift = std::make_shared<bool>(false);
  auto proxies = std::make_shared<std::vector<std::string>>();
  auto node = std::make_shared<std::string>();  // --node-name
  CLI::App* sub = app.add_subcommand(
      "serve", "Run the game server: create tables, play live in the browser, watch, replay");
  sub->add_option("--port", settings->port, "TCP port (0: any free port)")->capture_default_str();
  sub->add_option("--bind", settings->bind, "address to listen on")->capture_default_str();
  sub->add_option("--db", settings->db_path,
                  "SQLite file (created if missing), or postgresql://... connection URI")
      ->check([](const std::string& db) {
        // SQLite would take an empty name for a private temporary file: games that vanish.
        return db.empty() ? std::string("--db needs a SQLite file or a postgresql:// URI")
                          : std::string();
      })
      ->capture_default_str();
  sub->add_option("--web", settings->web_dir, "folder of the web client's static files")
      ->capture_default_str();
  sub->add_option("--public-url", settings->public_url,
                  "origin used in seat and watch links (default: the request's Host)");
  sub->add_option("--threads", settings->threads, "network threads")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--bot-threads", settings->bot_threads, "threads for the computer players")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--bot-seconds", settings->bot_seconds,
                  "computer player's time budget per action (each strength uses its share)")
      ->check(CLI::Range(0.0, 60.0))
      ->capture_default_str();
  sub->add_option("--sync", *sync,
                  "full: fsync every commit (survives power loss); normal: WAL without fsync "
                  "per commit (survives a process crash)")
      ->check(CLI::IsMember({"full", "normal"}))
      ->capture_default_str();
  sub->add_option("--group-commit", settings->group_commit,
                  "gather the commits of all tables into one transaction per disk flush; false "
                  "stores each action alone on its table's strand (for diagnosis)")
      ->capture_default_str();
  sub->add_option("--hand-over-after-ms", settings->hand_over_after_ms,
                  "on PostgreSQL: a table claimed less than this long ago stays here when "
                  "another node asks for it")
      ->check(CLI::Range(0, 600000))
      ->capture_default_str();
  sub->add_option("--arena-min-seconds", settings->arena_min_seconds,
                  "the shortest duration an arena may be created with, in seconds")
      ->check(CLI::Range(60, 14400))
      ->capture_default_str();
  sub->add_option("--arenas-per-account-per-day", settings->arenas_per_account_per_day,
                  "how many arenas one account may create in 24 hours")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  sub->add_option("--health-port", settings->health_port,
                  "a port of its own for /readyz and /healthz, answered on a thread of its "
                  "own, for the proxy's checks (-1: none)")
      ->check(CLI::Range(-1, 65535))
      ->capture_default_str();
  sub->add_option("--drain-ms", settings->drain_ms,
                  "on PostgreSQL: after SIGTERM, how long the node serves on while /readyz "
                  "answers 503 (the proxy takes it out), before it hands its tables over")
      ->check(CLI::Range(0, 60000))
      ->capture_default_str();
  sub->add_option("--abandon-after-ms", settings->abandon_after_ms,
                  "on an online table without a clock: how long the player on turn may be away "
                  "before the opponent may end the game")
      ->check(CLI::Range(int64_t{1000}, int64_t{7} * 24 * 3600 * 1000))
      ->capture_default_str();
  sub->add_option("--first-move-seconds", *first_move_seconds,
                  "on an online table with a live clock: the time for each side's first move, "
                  "after which the game is aborted without a result (0: no limit)")
      ->check(CLI::Range(0, 3600))
      ->capture_default_str();
  sub->add_option("--trusted-proxy", *proxies,
                  "a proxy (IP address) whose X-Real-IP or X-Forwarded-For names the client, "
                  "for the lobby's limits per address; repeat for several, 'none' for none "
                  "(default: 127.0.0.1 and ::1)")
      ->check([](const std::string& a) {
        return a == "none" || !normalizedAddress(a).empty()
                   ? std::string()
                   : std::string("--trusted-proxy needs an IP address or 'none'");
      });
  sub->add_option("--max-connections", settings->limits.max_connections,
                  "open connections at most (default: the open-file limit, raised to its hard "
                  "limit, less 64; a larger value is lowered to that)");
  sub->add_option("--max-frame-bytes", settings->limits.max_frame_bytes,
                  "largest WebSocket message a client may send")
      ->capture_default_str();
  sub->add_option("--rate", settings->limits.messages_per_second,
                  "messages per second per connection (bursts of twice that)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  // The limits per client address (docs/security.md lists them with their reasons;
  // docs/deploy.md says when to raise them).
  ServerLimits& l = settings->limits;
  sub->add_option("--connections-per-address", l.connections_per_address,
                  "open connections (HTTP and WebSocket) from one client address at once")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub->add_option("--joins-per-second-per-address", l.joins_per_second_per_address,
                  "WebSocket joins a second from one address (bursts of six times that)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--api-requests-per-second-per-address", l.api_requests_per_second_per_address,
                  "requests to /api/ a second from one address (bursts of five times that)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--tables-per-minute-per-address", l.tables_per_minute_per_address,
                  "tables one address may create within a minute")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub->add_option("--tables-per-hour-per-address", l.tables_per_hour_per_address,
                  "tables one address may create within an hour")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub->add_option("--waiting-tables-per-address", l.waiting_tables_per_address,
                  "tables of one address waiting for their players at once")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub->add_option("--spectators-per-address", l.spectators_per_table_per_address,
                  "spectator connections from one address on one table")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  sub->add_flag("--lift-limits-per-address", *lift,
                "no limits per client address (for a load test whose clients all come from one "
                "machine; never on a public site)");
  sub->add_option("--waiting-table-ttl-minutes", *ttl_minutes,
                  "a table not started this long after its creation is closed and deleted")
      ->check(CLI::Range(1, 60 * 24 * 365))
      ->capture_default_str();
  sub->add_option("--idle-timeout", *idle_seconds,
                  "seconds before a connection that answers no ping is closed")
      ->check(CLI::Range(5, 86400))
      ->capture_default_str();
  // Mail (docs/server.md, "Mail"; docs/deploy.md, "Mail"). The relay's user and password come
  // from the environment only (PHANTOMGO_SMTP_USER, PHANTOMGO_SMTP_PASSWORD): a command line
  // is readable by every user of the machine.
  sub->add_option("--smtp-url", settings->smtp_url,
                  "SMTP relay for the mails (smtp://host:port, STARTTLS when offered, or "
                  "smtps://host:port); none: no mail");
  sub->add_option("--mail-from", settings->mail_from,
                  "sender's address of the mails (needed with --smtp-url)");
  sub->add_option("--your-move-after-seconds", *your_move_seconds,
                  "on a game without a correspondence clock: a seat on turn with no connection "
                  "this long gets a \"your move\" mail")
      ->check(CLI::Range(1, 86400 * 30))
      ->capture_default_str();
  sub->add_option("--mail-claim-seconds", *mail_claim_seconds,
                  "how long a node holds the mails it is sending; a crashed node's are sent by "
                  "another (or by it, restarted) after this")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  addLogFormatOption(*sub);
  sub->add_option("--node-name", *node,
                  "this node's name in JSON log lines (default: the host name and the port, "
                  "host:8081)");
  sub->callback([settings, sync, idle_seconds, first_move_seconds, ttl_minutes, lift, proxies, node,
                 your_move_seconds, mail_claim_seconds] {
    if (!settings->smtp_url.empty()) {
      if (settings->mail_from.find('@') == std::string::npos)
        throw CLI::ValidationError("--mail-from", "--smtp-url needs --mail-from an address");
      if (settings->public_url.empty())
        throw CLI::ValidationError("--public-url",
                                   "--smtp-url needs --public-url: the links in the mails");
      if (const char* u = std::getenv("PHANTOMGO_SMTP_USER")) settings->smtp_user = u;
      if (const char* p = std::getenv("PHANTOMGO_SMTP_PASSWORD")) settings->smtp_password = p;
    }
    settings->your_move_after_ms = int64_t{1000} * *your_move_seconds;
    settings->mail_claim_ms = int64_t{1000} * *mail_claim_seconds;
    if (!proxies->empty()) {
      settings->trusted_proxies.clear();
      for (const std::string& a : *proxies)
        if (a != "none") settings->trusted_proxies.push_back(a);
    }
    settings->durability = *sync == "normal" ? Durability::Normal : Durability::Full;
    settings->limits.message_burst = 2 * settings->limits.messages_per_second;
    settings->limits.idle_timeout = std::chrono::seconds(*idle_seconds);
    settings->first_move_ms = int64_t{1000} * *first_move_seconds;
    settings->limits.join_burst_per_address = 6 * settings->limits.joins_per_second_per_address;
    settings->limits.api_burst_per_address =
        5 * settings->limits.api_requests_per_second_per_address;
    settings->limits.waiting_table_ttl = std::chrono::minutes(*ttl_minutes);
    if (*lift) settings->limits.liftPerAddress();
    // Nodes of one cluster on one machine differ by their port; on several, by their host.
    const auto name = [&](uint16_t port) {
      return node->empty() ? hostName() + ":" + std::to_string(port) : *node;
    };
    applyLogFormat(name(settings->port));
    try {
      Server server(*settings);
      server.stopOnSignals();
      const uint16_t port = server.start();
      // Port 0 is known once listening: the lines before it say host:0.
      if (settings->port == 0) applyLogFormat(name(port));
      spdlog::info("node {}", name(port));
      server.wait();
    } catch (const std::exception& e) {
      spdlog::critical("serve: {}", exceptionText(e));
      throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace pg
