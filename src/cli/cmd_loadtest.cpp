// `phantomgo loadtest`: loopback latency of the server. Two WebSocket clients play random online
// games; each try is timed from sending it until both players have their answer.
#include <spdlog/spdlog.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "cli/commands.h"
#include "client/latency_probe.h"
#include "server/server.h"

namespace pg {

void addLoadtestCommand(CLI::App& app) {
  auto cfg = std::make_shared<LatencyConfig>();
  auto sync = std::make_shared<std::string>("full");
  auto db = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand(
      "loadtest",
      "Measure try-to-answer latency over loopback (median and 99th percentile); starts its own "
      "server unless --port is given");
  sub->add_option("--moves", cfg->moves, "tries to time")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  sub->add_option("--size", cfg->size, "board size")
      ->check(CLI::Range(5, 19))
      ->capture_default_str();
  sub->add_option("--port", cfg->port,
                  "an already running server on 127.0.0.1 (its --rate must allow the pace)");
  sub->add_option("--seed", cfg->seed, "random seed")->capture_default_str();
  sub->add_option("--sync", *sync, "the in-process server's store durability: full or normal")
      ->check(CLI::IsMember({"full", "normal"}))
      ->capture_default_str();
  sub->add_option("--db", *db, "the in-process server's database (default: a temporary file)");
  sub->callback([cfg, sync, db] {
    std::optional<Server> server;
    std::string path = *db;
    if (cfg->port == 0) {
      if (path.empty())
        path = (std::filesystem::temp_directory_path() /
                ("phantomgo-loadtest-" + std::to_string(::getpid()) + ".db"))
                   .string();
      ServerSettings s;
      s.port = 0;
      s.db_path = path;
      s.durability = *sync == "normal" ? Durability::Normal : Durability::Full;
      s.limits.messages_per_second = 1e9;
      s.limits.message_burst = 1e9;
      s.limits.liftPerAddress();  // every simulated player comes from this machine
      server.emplace(s);
      cfg->port = server->start();
    }
    const auto level = spdlog::get_level();
    spdlog::set_level(spdlog::level::warn);  // one info line per event would dominate
    const LatencyResult r = runLatencyProbe(*cfg);
    spdlog::set_level(level);
    std::printf(
        "moves: %d in %d game(s), %.1f s\n"
        "latency from try sent to both answers received (ms): median %.3f, p99 %.3f, max %.3f, "
        "mean %.3f\n",
        r.moves, r.games, r.seconds, r.median_ms, r.p99_ms, r.max_ms, r.mean_ms);
    if (server) {
      server->stop();
      server.reset();
      if (db->empty())
        for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
    }
  });
}

}  // namespace pg
