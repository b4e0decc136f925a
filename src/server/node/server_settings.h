// Everything `phantomgo serve` can be told, with its defaults.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/node/server_limits.h"
#include "store/sqlite_store.h"

namespace pg {

struct ServerSettings {
  std::string bind = "127.0.0.1";
  uint16_t port = 8080;  ///< 0: any free port (see Server::port())
  std::string db_path = "phantomgo.db";
  std::string web_dir = "web";
  /// Origin used in seat and watch links ("https://go.example.org"); empty: taken from the
  /// request's Host header.
  std::string public_url;
  int threads = 2;      ///< network threads
  int bot_threads = 1;  ///< threads for the computer players (never a network thread)
  /// The computer player's time budget per action, in seconds (SearchLimits::seconds); each
  /// strength uses its own share of it (easy a small part, hard all). With a clock, also
  /// bounded by a twentieth of the time left.
  double bot_seconds = 1.0;
  Durability durability = Durability::Full;
  /// Off: every commit is stored on the table's own strand before anyone is told, one
  /// transaction per action (the path before group commit; kept for diagnosis, see
  /// docs/reliability.md problem 4).
  bool group_commit = true;
  /// On a shared store: a table claimed less than this long ago is not handed over when
  /// another node asks for it (when two nodes are asked for one table at once, as while a
  /// proxy's view of the nodes changes, the table moves at most this often).
  int hand_over_after_ms = 1500;
  /// On a shared store: after SIGTERM, how long the node goes on serving while /readyz answers
  /// 503, before it hands its tables over and stops, so that a proxy with active checks
  /// (deploy/haproxy.cfg: out after two failed checks, 0.7 s at most) has taken it out of its
  /// ring and sends the reconnecting clients of a table to one node, the next on its ring.
  int drain_ms = 1000;
  /// A port of its own for /readyz and /healthz, answered on a thread of its own
  /// (net/health_listener.h): the proxy's checks, which then never wait for a busy network
  /// thread. -1: none (they are answered on the main port only); 0: any free port (tests).
  int health_port = -1;
  /// On an online table without a clock: how long the player on turn may be away (no
  /// connection) before the opponent may end the game (docs/protocol.md, "Abandoned games").
  int64_t abandon_after_ms = 120000;
  /// On an online table with a live clock, whose clock waits until each side has moved once
  /// (TableSetup::clockWaitsForFirstMoves): how long the player on turn has for that first move
  /// before the game is aborted without a result. 0: no limit.
  int64_t first_move_ms = 30000;
  /// Proxies whose X-Real-IP / X-Forwarded-For name the client (client_address.h); a request
  /// from any other peer is the peer's own. Empty: trust no one.
  std::vector<std::string> trusted_proxies = {"127.0.0.1", "::1"};
  /// Arena tournaments (docs/arena.md): the shortest duration an arena may be created with, in
  /// seconds (300; the whole-arena test runs 90 s arenas), and how many arenas one account may
  /// create in 24 hours.
  int arena_min_seconds = 300;
  int arenas_per_account_per_day = 5;
  ServerLimits limits;

  // Mail (docs/server.md, "Mail").
  /// The SMTP relay: "smtp://host:port" or "smtps://host:port". Empty: the node sends no mail,
  /// and the mail endpoints answer `mail-off`.
  std::string smtp_url;
  std::string mail_from;      ///< the sender's address of every mail
  std::string smtp_user;      ///< from PHANTOMGO_SMTP_USER; empty: no authentication
  std::string smtp_password;  ///< from PHANTOMGO_SMTP_PASSWORD; never logged
  /// On a game without a correspondence clock: how long a seat on turn must have had no
  /// connection before its "your move" mail is queued.
  int64_t your_move_after_ms = 5 * 60 * 1000;
  /// How long a node's sender holds the mails it claimed: another node (or this one restarted)
  /// takes a mail whose claim ran out. More than the SMTP timeout (30 s).
  int64_t mail_claim_ms = 60 * 1000;
  /// Whether this node sends mail.
  bool mailOn() const { return !smtp_url.empty(); }
};

}  // namespace pg
