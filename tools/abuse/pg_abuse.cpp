// pg_abuse: the hostile-client test's clients (issue #34, tools/abuse_test.sh). Every
// connection is bound to a loopback source address of its own (every 127.x.y.z is loopback on
// Linux), so that one machine plays an attacker and an honest player the server tells apart by
// address:
//   pg_abuse attack --port P --from 127.0.0.2 --seconds S [--threads N] [--json]
//   pg_abuse honest --port P --from 127.0.0.3 --seconds S [--p99-limit-ms 50] [--json]
//   pg_abuse probe  --port P --from 127.0.0.3 --timeout-ms 5000 [--json]
// See attack.h and honest.h for what each does and prints.
#include <CLI/CLI.hpp>

#include "abuse/attack.h"
#include "abuse/honest.h"

int main(int argc, char** argv) {
  CLI::App app{"pg_abuse: a hostile client and an honest one against phantomgo serve"};
  app.require_subcommand(1);

  pg::abuse::AttackOptions attack;
  auto* a = app.add_subcommand("attack", "open connections, create tables, flood chat and joins");
  a->add_option("--host", attack.host, "server address (loopback)")->capture_default_str();
  a->add_option("--port", attack.port, "server port")->required();
  a->add_option("--from", attack.from, "source address of every connection")->capture_default_str();
  a->add_option("--seconds", attack.seconds, "how long (SIGINT/SIGTERM stop it sooner)")
      ->capture_default_str();
  a->add_option("--threads", attack.threads, "threads (1 or 2)")->capture_default_str();
  a->add_option("--max-open", attack.max_open, "WebSocket connections open at once, at most")
      ->capture_default_str();
  a->add_option("--holders", attack.holders, "per thread: openers of bare connections")
      ->capture_default_str();
  a->add_option("--creators", attack.creators, "per thread: table creators")->capture_default_str();
  a->add_option("--spectators", attack.spectators, "per thread: spectator joiners")
      ->capture_default_str();
  a->add_option("--hammers", attack.hammers, "per thread: GET /api/info and /api/tables/<id>")
      ->capture_default_str();
  a->add_option("--retry-ms", attack.retry_ms, "pause after a failed connection")
      ->capture_default_str();
  a->add_flag("--json", attack.json, "one JSON object instead of lines");

  pg::abuse::HonestOptions honest;
  auto* h = app.add_subcommand("honest", "play whole online games and time every answer");
  h->add_option("--host", honest.host, "server address")->capture_default_str();
  h->add_option("--port", honest.port, "server port")->required();
  h->add_option("--from", honest.from, "source address of every connection")->capture_default_str();
  h->add_option("--seconds", honest.seconds, "no new game after this")->capture_default_str();
  h->add_option("--size", honest.size, "board size")->capture_default_str();
  h->add_option("--think-ms", honest.think_ms, "mean pause before each action")
      ->capture_default_str();
  h->add_option("--max-turns", honest.max_turns, "both pass from this turn on")
      ->capture_default_str();
  h->add_option("--p99-limit-ms", honest.p99_limit_ms, "fail at or above this p99")
      ->capture_default_str();
  h->add_option("--timeout-ms", honest.timeout_ms, "an answer later than this is an error")
      ->capture_default_str();
  h->add_option("--seed", honest.seed, "random seed")->capture_default_str();
  h->add_flag("--json", honest.json, "one JSON object instead of lines");

  pg::abuse::ProbeOptions probe;
  auto* p = app.add_subcommand("probe", "create a table and join it, until that works");
  p->add_option("--host", probe.host, "server address")->capture_default_str();
  p->add_option("--port", probe.port, "server port")->required();
  p->add_option("--from", probe.from, "source address of every connection")->capture_default_str();
  p->add_option("--timeout-ms", probe.timeout_ms, "fail if not served within this")
      ->capture_default_str();
  p->add_flag("--json", probe.json, "one JSON object instead of lines");

  CLI11_PARSE(app, argc, argv);
  if (a->parsed()) return pg::abuse::runAttack(attack);
  if (h->parsed()) return pg::abuse::runHonest(honest);
  return pg::abuse::runProbe(probe);
}
