// A server without sockets for the fuzz targets: an io_context polled by hand, an in-memory
// SQLite store, the real TableRegistry, Tables and HttpApi, and peers that keep every frame.
#pragma once

#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/api/http_api.h"
#include "server/node/metrics.h"
#include "server/table/table.h"
#include "server/table/table_registry.h"
#include "store/sqlite_store.h"

namespace pg::fuzz {

class FakePeer : public Peer, public std::enable_shared_from_this<FakePeer> {
 public:
  void send(std::shared_ptr<const std::string> frame) override { frames.push_back(*frame); }
  void joined() override { was_joined = true; }
  void close() override { was_closed = true; }
  const std::string& label() const override { return label_; }
  std::vector<std::string> frames;
  bool was_joined = false;
  bool was_closed = false;

 private:
  std::string label_ = "fuzz";
};

/// The web folder the static files come from, with a secret file beside it that no request may
/// ever read; the process removes both when it exits.
inline const std::string& fuzzWebDir() {
  struct Owned {
    std::filesystem::path base =
        std::filesystem::temp_directory_path() / ("pg-fuzz-" + std::to_string(::getpid()));
    std::string web = (base / "web").string();
    Owned() {
      std::filesystem::create_directories(base / "web" / "sub");
      std::ofstream(base / "web" / "index.html") << "<!doctype html><title>pg</title>";
      std::ofstream(base / "web" / "app.js") << "export const x = 1;\n";
      std::ofstream(base / "web" / "sub" / "a.css") << "body{}\n";
      std::ofstream(base / "secret.txt") << "TOP-SECRET-OUTSIDE-WEB\n";
    }
    ~Owned() {
      std::error_code ec;
      std::filesystem::remove_all(base, ec);
    }
  };
  static const Owned owned;
  return owned.web;
}

struct Fixture {
  /// Without `computers`, no thread pool is started (under ASan a thread's start and end cost
  /// more than the rest of a short input); the caller then creates no table with a computer.
  explicit Fixture(bool computers = true)
      : store(":memory:", Durability::Normal, /*group_commit=*/false) {
    spdlog::set_level(spdlog::level::off);
    settings.web_dir = fuzzWebDir();
    settings.bot_seconds = 0.001;
    if (computers) bots.emplace(1);
    TableContext ctx;
    ctx.io = &io;
    ctx.store = &store;
    ctx.bots = bots ? &*bots : nullptr;
    ctx.settings = &settings;
    ctx.metrics = &metrics;
    registry = std::make_unique<TableRegistry>(ctx);
    api = std::make_unique<HttpApi>(*registry, store, settings, &metrics);
    metrics.readAtScrape([r = registry.get()] { return r->size(); }, {});
  }
  ~Fixture() {
    registry->shutdown();
    poll();
    api.reset();
    registry.reset();
    if (bots) bots->join();
  }
  void poll() {
    io.restart();
    io.poll();
  }

  // Destroyed in reverse order: the io_context outlives the tables that post into it.
  ServerSettings settings;
  Metrics metrics;  // outlives everything that counts
  boost::asio::io_context io;
  SqliteStore store;
  std::optional<boost::asio::thread_pool> bots;
  std::unique_ptr<TableRegistry> registry;
  std::unique_ptr<HttpApi> api;
};

}  // namespace pg::fuzz
