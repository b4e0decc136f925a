// pg_arena_players: the whole-arena fault test's players and checks (tools/arena_test.sh,
// docs/arena.md "The whole-arena test"). It signs up `--players` accounts (each from a loopback
// address of its own, so the limits per address hold as for real players) with a software
// authenticator, creates one arena, and has every player join it and play every game it is paired
// through the real protocol (random tries, another point after "illegal", a pass after a few
// stones), each player picking a node and moving to the next on a lost connection. The script kills
// nodes meanwhile. At the end it reads the stored rows over libpq and checks:
//   - every paired game finished, with a result (or none: aborted; counted);
//   - no player was ever in two games at once (paired_at .. finished_at intervals);
//   - games were paired after the kill (the time given in --kill-file);
//   - the standings the API shows equal a recomputation in SQL from the stored rows (window
//     functions over the tables' results: not the server's C++ scoring);
// and prints its figures as one JSON object. Exit status 0 only when every check holds.
#include <libpq-fe.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../../tests/passkey/soft_authenticator.h"
#include "client/seat_tracker.h"
#include "client/ws_client.h"

namespace {

using namespace std::chrono_literals;
using pg::HttpResult;
using pg::Json;
using Clock = std::chrono::steady_clock;

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

struct Options {
  std::vector<uint16_t> ports;
  std::string site = "http://arena.test";
  std::string rp = "arena.test";
  std::string db;
  int players = 40;
  int duration_s = 90;
  int start_in_ms = 3000;
  int size = 5;
  std::string arena_file;  // written with the arena's id once created
  std::string kill_file;   // read at the end: the kill's time (ms since the epoch)
};

std::mutex log_mutex;
void note(const std::string& line) {
  std::lock_guard lock(log_mutex);
  std::cerr << "pg_arena_players: " << line << "\n";
}

/// One simulated player: their address, their session, the node they use now.
class Player {
 public:
  Player(const Options& o, int index) : o_(o), index_(index), rng_(static_cast<unsigned>(index)) {
    address_ = "127.0." + std::to_string(1 + index / 200) + "." + std::to_string(10 + index % 200);
    node_ = static_cast<std::size_t>(index) % o.ports.size();
  }
  const std::string& name() const { return name_; }

  /// An HTTP request from the site's page (Origin, cookie), to the current node, moving to the
  /// next one when the connection fails. Throws after every node failed twice.
  HttpResult call(const std::string& method, const std::string& target, const Json& body) {
    for (std::size_t attempt = 0; attempt < 2 * o_.ports.size(); ++attempt) {
      try {
        std::vector<std::pair<std::string, std::string>> h{{"Origin", o_.site}};
        if (!cookie_.empty()) h.emplace_back("Cookie", cookie_);
        return pg::httpRequest("127.0.0.1", o_.ports[node_], method, target,
                               method == "GET" ? "" : body.dump(), "application/json", h, address_);
      } catch (const std::exception&) {
        node_ = (node_ + 1) % o_.ports.size();
        std::this_thread::sleep_for(200ms);
      }
    }
    throw std::runtime_error("no node answers");
  }

  bool signUp() {
    name_ = "Arena" + std::to_string(index_);
    const HttpResult begun = call("POST", "/api/account/sign-up/begin", Json{{"name", name_}});
    if (begun.status != 200) return fail("sign-up begin: " + begun.body);
    const Json b = begun.json();
    const auto challenge =
        pg::passkey::fromBase64url(b.at("options").at("challenge").get<std::string>());
    const auto reg = key_.create(o_.rp, o_.site, *challenge);
    const Json cred{
        {"id", pg::passkey::base64url(key_.id)},
        {"type", "public-key"},
        {"response", Json{{"clientDataJSON", pg::passkey::base64url(reg.client_data_json)},
                          {"attestationObject", pg::passkey::base64url(reg.attestation_object)}}}};
    const HttpResult done = call("POST", "/api/account/sign-up/finish",
                                 Json{{"ceremony", b.at("ceremony")}, {"credential", cred}});
    if (done.status != 201) return fail("sign-up finish: " + done.body);
    const auto it = done.headers.find("set-cookie");
    if (it == done.headers.end()) return fail("no session cookie");
    cookie_ = it->second.substr(0, it->second.find(';'));
    return true;
  }

  /// Joins the arena and plays every game it pairs this player into, until it is over.
  void play(const std::string& arena, int64_t give_up_at) {
    const HttpResult joined = call("POST", "/api/arenas/" + arena + "/join", nullptr);
    if (joined.status != 200) fail("join: " + joined.body);
    while (nowMs() < give_up_at) {
      Json page;
      try {
        page = call("GET", "/api/arenas/" + arena, nullptr).json();
      } catch (const std::exception& e) {
        fail(e.what());
        std::this_thread::sleep_for(1s);
        continue;
      }
      if (!page.is_object() || !page.contains("me")) {
        std::this_thread::sleep_for(500ms);
        continue;
      }
      const Json game = page.at("me").is_object() ? page.at("me").value("game", Json()) : Json();
      if (game.is_object() && !done_.count(game.at("table").get<std::string>())) {
        playGame(game, give_up_at);
        continue;
      }
      if (page.value("status", "") == "finished") return;
      std::this_thread::sleep_for(1500ms);  // the arena page polls every 2 s
    }
  }

  int games() const { return static_cast<int>(done_.size()); }
  int reconnects() const { return reconnects_; }
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  bool fail(const std::string& what) {
    errors_.push_back(name_ + ": " + what);
    return false;
  }

  /// Plays one game to its end over WebSocket, reconnecting (to the next node) when the
  /// connection is lost.
  void playGame(const Json& game, int64_t give_up_at) {
    const std::string table = game.at("table").get<std::string>();
    const std::string seat = game.at("color").get<std::string>();
    const Json join{{"type", "join"}, {"table", table}, {"token", game.at("token")}};
    // A game's connections start at the node its id hashes to, as a proxy routes them, so
    // that both players usually meet on one node; the next one after a lost connection.
    node_ = std::hash<std::string>{}(table) % o_.ports.size();
    std::uniform_int_distribution<int> stones_before_pass(2, 7);
    const int pass_after = stones_before_pass(rng_);
    int stones = 0;
    int elsewhere = 0;  // answers that this node does not serve the table
    while (nowMs() < give_up_at) {
      std::unique_ptr<pg::WsClient> ws;
      try {
        ws = std::make_unique<pg::WsClient>("127.0.0.1", o_.ports[node_], "/ws", address_);
      } catch (const std::exception&) {
        node_ = (node_ + 1) % o_.ports.size();
        std::this_thread::sleep_for(300ms);
        continue;
      }
      ws->send(join);
      pg::SeatTracker tracker(seat, o_.size);
      bool moving = false;  // a command is out, its answer not yet in
      bool stay = false;    // try this node again
      while (true) {
        const auto m = ws->recvJson(3s);
        if (!m) {
          if (ws->closed()) break;  // lost: reconnect
          moving = false;           // nothing came: ask again
        } else {
          const std::string type = m->value("type", "");
          if (type == "error") {
            const std::string code = m->value("code", "");
            if (code == "table-elsewhere" || code == "server-busy" || code == "no-such-table") {
              // This node does not serve the table yet (it asked its holder for it, or the
              // lease of a dead holder has not expired): ask it again.
              std::this_thread::sleep_for(300ms);
              stay = ++elsewhere % 10 != 0;  // every 3 s, another node
              break;
            }
            moving = false;  // refused (not-your-turn, ...): decide again
          }
          if (type == "snapshot" || type == "event") {
            try {
              tracker.apply(*m);
            } catch (const std::exception& e) {
              fail(std::string("a gap in the events: ") + e.what());
              break;
            }
            if (type == "event") moving = false;
            if (type == "event" && m->at("event").value("kind", "") == "try" &&
                m->at("event").value("legal", false) && m->at("event").value("player", "") == seat)
              ++stones;
          }
        }
        if (tracker.synced() && tracker.over()) {
          done_.insert(table);
          return;
        }
        if (!moving && tracker.synced() && tracker.toMove() == seat) {
          const auto options = tracker.candidates();
          Json cmd{{"type", "pass"}};
          if (stones < pass_after && !options.empty()) {
            std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
            cmd = Json{{"type", "try"}, {"point", options[pick(rng_)]}};
          }
          moving = ws->send(cmd);
        }
      }
      ++reconnects_;
      if (!stay) node_ = (node_ + 1) % o_.ports.size();
    }
    fail("game " + table + " did not end in time");
  }

  const Options& o_;
  int index_;
  std::mt19937 rng_;
  std::string address_;
  std::size_t node_;
  std::string name_;
  std::string cookie_;
  pg::passkey::test::SoftAuthenticator key_{pg::passkey::Alg::ES256};
  std::set<std::string> done_;
  int reconnects_ = 0;
  std::vector<std::string> errors_;
};

/// A libpq result, freed on destruction.
struct Rows {
  PGresult* r = nullptr;
  ~Rows() { PQclear(r); }
  int count() const { return PQntuples(r); }
  std::string text(int row, int col) const { return PQgetvalue(r, row, col); }
  bool null(int row, int col) const { return PQgetisnull(r, row, col) != 0; }
  int64_t num(int row, int col) const { return std::stoll(text(row, col)); }
};

std::unique_ptr<Rows> query(PGconn* c, const std::string& sql, const std::string& arena) {
  const char* params[] = {arena.c_str()};
  auto rows = std::make_unique<Rows>();
  rows->r = PQexecParams(c, sql.c_str(), 1, nullptr, params, nullptr, nullptr, 0);
  if (PQresultStatus(rows->r) != PGRES_TUPLES_OK)
    throw std::runtime_error(std::string("query failed: ") + PQerrorMessage(c));
  return rows;
}

// The standings recomputed in SQL from the stored rows: each player's games with a result in
// the order they finished (the tables' finished_at, then paired_at, then table id), a win worth
// 4 when the two results before it were wins, else 2; a draw 1 (no winner after two passes or
// the turn cap); an aborted game (no winner otherwise) nothing.
constexpr const char* kStandingsSql = R"sql(
WITH g AS (
  SELECT ag.table_id, ag.black, ag.white, ag.paired_at, t.finished_at,
         (nullif(t.result, '')::json)->>'winner' AS winner, (nullif(t.result, '')::json)->>'reason' AS reason
  FROM arena_games ag JOIN tables t ON t.id = ag.table_id
  WHERE ag.arena_id = $1 AND t.finished_at IS NOT NULL),
sides AS (
  SELECT black AS player, table_id, paired_at, finished_at,
         CASE WHEN winner = 'black' THEN 'W' WHEN winner = 'white' THEN 'L'
              WHEN reason IN ('two-passes', 'turn-cap') THEN 'D' END AS r FROM g
  UNION ALL
  SELECT white, table_id, paired_at, finished_at,
         CASE WHEN winner = 'white' THEN 'W' WHEN winner = 'black' THEN 'L'
              WHEN reason IN ('two-passes', 'turn-cap') THEN 'D' END FROM g),
scored AS (
  SELECT player, r, lag(r, 1) OVER w AS r1, lag(r, 2) OVER w AS r2 FROM sides
  WHERE r IS NOT NULL
  WINDOW w AS (PARTITION BY player ORDER BY finished_at, paired_at, table_id COLLATE "C"))
SELECT a.name,
       coalesce(sum(CASE WHEN s.r = 'W' AND s.r1 = 'W' AND s.r2 = 'W' THEN 4
                         WHEN s.r = 'W' THEN 2 WHEN s.r = 'D' THEN 1 ELSE 0 END), 0) AS score,
       count(s.r) AS games, count(*) FILTER (WHERE s.r = 'W') AS wins
FROM arena_players p JOIN accounts a ON a.id = p.account_id
LEFT JOIN scored s ON s.player = p.account_id
WHERE p.arena_id = $1 GROUP BY a.name ORDER BY a.name
)sql";

int run(const Options& o) {
  std::vector<std::unique_ptr<Player>> players;
  for (int i = 0; i < o.players; ++i) players.push_back(std::make_unique<Player>(o, i));
  {
    // Side by side: each node hashes a sign-up's recovery codes on its own pool.
    std::vector<std::thread> signing;
    std::atomic<int> failed{0};
    for (auto& p : players)
      signing.emplace_back([&p, &failed] {
        if (!p->signUp()) ++failed;
      });
    for (std::thread& t : signing) t.join();
    if (failed > 0) {
      for (auto& p : players)
        for (const std::string& e : p->errors()) note("a sign-up failed: " + e);
      return 2;
    }
  }
  note(std::to_string(players.size()) + " players signed up");
  const int64_t starts_at = nowMs() + o.start_in_ms;
  const HttpResult made =
      players[0]->call("POST", "/api/arenas",
                       Json{{"name", "Fault test"},
                            {"starts_at", starts_at},
                            {"duration_s", o.duration_s},
                            {"size", o.size},
                            {"clock", Json{{"main_seconds", 30}, {"increment_seconds", 1}}}});
  if (made.status != 201) {
    note("creating the arena failed: " + made.body);
    return 2;
  }
  const std::string arena = made.json().at("id").get<std::string>();
  const int64_t ends_at = made.json().at("ends_at").get<int64_t>();
  if (!o.arena_file.empty()) std::ofstream(o.arena_file) << arena << "\n";
  note("arena " + arena + " from " + std::to_string(starts_at) + " to " + std::to_string(ends_at));

  const int64_t give_up_at = ends_at + 60000;
  std::vector<std::thread> threads;
  for (auto& p : players)
    threads.emplace_back([&p, &arena, give_up_at] { p->play(arena, give_up_at); });
  for (std::thread& t : threads) t.join();
  note("every player is done");

  // The checks, from the stored rows.
  bool ok = true;
  const auto check = [&](bool holds, const std::string& what) {
    note(std::string(holds ? "ok: " : "FAILED: ") + what);
    ok = ok && holds;
  };
  PGconn* c = PQconnectdb(o.db.c_str());
  if (PQstatus(c) != CONNECTION_OK) {
    note(std::string("cannot connect to the database: ") + PQerrorMessage(c));
    PQfinish(c);
    return 2;
  }
  const auto games =
      query(c,
            "SELECT g.table_id, g.black, g.white, g.paired_at, t.finished_at, "
            "coalesce((nullif(t.result, '')::json)->>'winner', ''), "
            "coalesce((nullif(t.result, '')::json)->>'reason', '') FROM arena_games g JOIN "
            "tables t ON t.id = g.table_id WHERE g.arena_id = $1 ORDER BY "
            "g.paired_at",
            arena);
  int unfinished = 0, no_result = 0;
  std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> spans;
  std::vector<int64_t> paired_at;
  for (int i = 0; i < games->count(); ++i) {
    paired_at.push_back(games->num(i, 3));
    if (games->null(i, 4)) {
      ++unfinished;
      continue;
    }
    const std::string reason = games->text(i, 6);
    if (games->text(i, 5).empty() && reason != "two-passes" && reason != "turn-cap") ++no_result;
    for (int side : {1, 2})
      spans[games->text(i, side)].push_back({games->num(i, 3), games->num(i, 4)});
  }
  check(games->count() > 0, std::to_string(games->count()) + " games were paired");
  check(unfinished == 0, std::to_string(unfinished) + " paired games unfinished");
  int overlaps = 0;
  for (auto& [player, s] : spans) {
    std::sort(s.begin(), s.end());
    for (std::size_t i = 1; i < s.size(); ++i)
      if (s[i].first < s[i - 1].second) {
        ++overlaps;
        note("overlap: " + player + " in a game from " + std::to_string(s[i - 1].first) + " to " +
             std::to_string(s[i - 1].second) + " and one from " + std::to_string(s[i].first));
      }
  }
  check(overlaps == 0,
        "no player in two games at once (" + std::to_string(overlaps) + " overlaps)");
  int64_t paired_in_time = 0;
  for (int64_t at : paired_at) paired_in_time += at >= starts_at && at < ends_at ? 1 : 0;
  check(paired_in_time == static_cast<int64_t>(paired_at.size()),
        "every pairing within the arena's time");

  Json figures{{"players", o.players},
               {"duration_s", o.duration_s},
               {"games", games->count()},
               {"games_without_result", no_result},
               {"pairings_per_minute", static_cast<double>(games->count()) * 60000.0 /
                                           static_cast<double>(ends_at - starts_at)}};
  if (!o.kill_file.empty()) {
    std::ifstream in(o.kill_file);
    int64_t kill_at = 0;
    if (in >> kill_at && kill_at > 0) {
      int64_t next = 0, after = 0;
      for (int64_t at : paired_at)
        if (at > kill_at) {
          ++after;
          if (!next || at < next) next = at;
        }
      check(after > 0, std::to_string(after) + " games paired after the kill");
      figures["kill_at_s"] = static_cast<double>(kill_at - starts_at) / 1000.0;
      figures["games_after_kill"] = after;
      if (next) figures["kill_to_next_pairing_ms"] = next - kill_at;
    } else {
      check(false, "the kill's time in " + o.kill_file);
    }
  }
  // The API's standings against the SQL recomputation.
  const Json page = players[0]->call("GET", "/api/arenas/" + arena, nullptr).json();
  const auto recomputed = query(c, kStandingsSql, arena);
  std::map<std::string, std::string> api, sql;
  for (const Json& l : page.value("standings", Json::array()))
    api[l.at("name").get<std::string>()] = std::to_string(l.at("score").get<int>()) + "/" +
                                           std::to_string(l.at("games").get<int>()) + "/" +
                                           std::to_string(l.at("wins").get<int>());
  for (int i = 0; i < recomputed->count(); ++i)
    sql[recomputed->text(i, 0)] =
        recomputed->text(i, 1) + "/" + recomputed->text(i, 2) + "/" + recomputed->text(i, 3);
  int differ = 0;
  for (const auto& [name, line] : sql)
    if (api[name] != line) {
      ++differ;
      note(name + ": api " + api[name] + ", sql " + line);
    }
  check(api.size() == sql.size() && differ == 0,
        "the API's standings equal the SQL recomputation (" + std::to_string(sql.size()) +
            " players, score/games/wins)");
  check(page.value("status", "") == "finished", "the arena is finished");
  PQfinish(c);

  int reconnects = 0, played = 0;
  std::size_t errors = 0;
  for (auto& p : players) {
    reconnects += p->reconnects();
    played += p->games();
    errors += p->errors().size();
    for (const std::string& e : p->errors()) note(e);
  }
  figures["player_games_played"] = played;
  figures["reconnects"] = reconnects;
  figures["client_errors"] = errors;
  if (!page.value("podium", Json::array()).empty()) figures["winner"] = page.at("podium")[0];
  figures["ok"] = ok;
  std::cout << figures.dump() << std::endl;
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"pg_arena_players: 40 simulated players through one arena, and its checks"};
  Options o;
  std::string ports;
  app.add_option("--ports", ports, "the nodes' ports, comma-separated")->required();
  app.add_option("--db", o.db, "the database (libpq URI) for the checks")->required();
  app.add_option("--site", o.site, "the nodes' --public-url");
  app.add_option("--rp", o.rp, "its host (the passkeys' RP id)");
  app.add_option("--players", o.players)->check(CLI::Range(2, 2000));
  app.add_option("--duration", o.duration_s, "the arena's duration, in seconds");
  app.add_option("--start-in-ms", o.start_in_ms);
  app.add_option("--arena-file", o.arena_file, "written with the arena's id");
  app.add_option("--kill-file", o.kill_file, "holds the kill's time (ms) at the end");
  CLI11_PARSE(app, argc, argv);
  std::stringstream in(ports);
  for (std::string p; std::getline(in, p, ',');)
    o.ports.push_back(static_cast<uint16_t>(std::stoi(p)));
  if (o.ports.empty()) return 2;
  try {
    return run(o);
  } catch (const std::exception& e) {
    note(std::string("failed: ") + e.what());
    return 2;
  }
}
