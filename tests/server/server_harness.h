// The server under test, in-process on a free loopback port with its own database file and web
// folder, and test clients that fold what each seat receives (SeatTracker) and keep every byte.
#pragma once

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "client/seat_tracker.h"
#include "client/ws_client.h"
#include "server/server.h"

namespace pg::test {

using namespace std::chrono_literals;

/// A fresh temporary folder, removed at the end.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("pg-server-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline ServerSettings testSettings(const TempDir& dir) {
  ServerSettings s;
  s.port = 0;
  s.db_path = (dir.path() / "test.db").string();
  s.web_dir = (dir.path() / "web").string();
  s.bot_seconds = 0.02;
  s.durability = Durability::Normal;  // the kill test uses the real default (full) itself
  s.limits.messages_per_second = 10000;
  s.limits.message_burst = 10000;
  // Every test client comes from 127.0.0.1: the limits per address are out of the way except
  // in the tests of those limits (address_limits_test.cpp), which set their own.
  s.limits.liftPerAddress();
  std::filesystem::create_directories(s.web_dir);
  std::ofstream(s.web_dir + "/index.html") << "<!doctype html><title>phantomgo</title>";
  std::ofstream(s.web_dir + "/app.js") << "export const x = 1;\n";
  std::ofstream(s.web_dir + "/mod.mjs") << "export const y = 2;\n";
  std::ofstream(s.web_dir + "/style.css") << "body{}\n";
  std::ofstream(dir.path() / "secret.txt") << "outside the web folder\n";
  return s;
}

/// One connection and the seats it receives.
class Client {
 public:
  /// `from`: the connection's source address (any 127.x.y.z), or empty for the system's choice.
  Client(uint16_t port, int size, const std::string& from = "") : size_(size) {
    ws_ = std::make_unique<WsClient>("127.0.0.1", port, "/ws", from);
  }

  WsClient& ws() { return *ws_; }
  bool send(const Json& j) { return ws_->send(j); }

  /// Sends a join and reads up to the snapshots or resumed events; returns the joined message.
  Json join(const Json& join_msg) {
    send(join_msg);
    Json joined = until([](const Json& m) {
      return m.value("type", "") == "joined" || m.value("type", "") == "error";
    });
    if (joined.value("type", "") != "joined") return joined;
    for (const Json& s : joined.at("seats")) {
      const std::string seat = s.get<std::string>();
      if (!trackers_.count(seat)) trackers_.emplace(seat, SeatTracker(seat, size_));
    }
    // A presence message closes every join reply.
    until([](const Json& m) { return m.value("type", "") == "presence"; });
    return joined;
  }

  SeatTracker& seat(const std::string& name) { return trackers_.at(name); }
  /// Starts from what a previous connection had folded (for a resume with last_version).
  void adopt(const SeatTracker& t) { trackers_.insert_or_assign(t.seat(), t); }
  bool holds(const std::string& name) const { return trackers_.count(name) > 0; }

  /// Reads (folding snapshots and events) until pred holds for a message; fails the test on a
  /// timeout and returns null.
  Json until(const std::function<bool(const Json&)>& pred,
             std::chrono::milliseconds timeout = 10s) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      auto m = left.count() > 0 ? ws_->recvJson(left) : std::nullopt;
      if (!m) {
        ADD_FAILURE() << "no expected message before the timeout";
        return nullptr;
      }
      received_.push_back(*m);
      const std::string type = m->value("type", "");
      if (type == "snapshot" || type == "event") {
        const std::string seat = m->value("seat", "");
        if (trackers_.count(seat)) trackers_.at(seat).apply(*m);
      }
      if (pred(*m)) return *m;
    }
  }
  /// The next event for `seat`.
  Json nextEvent(const std::string& seat) {
    return until([&](const Json& m) {
      return m.value("type", "") == "event" && m.value("seat", "") == seat;
    });
  }
  Json nextError() {
    return until([](const Json& m) { return m.value("type", "") == "error"; });
  }
  /// The next public info (the `info` object) for which pred holds; null after a timeout.
  Json nextInfo(const std::function<bool(const Json&)>& pred,
                std::chrono::milliseconds timeout = 10s) {
    const Json got =
        until([&](const Json& m) { return m.value("type", "") == "info" && pred(m.at("info")); },
              timeout);
    return got.is_null() ? got : got.at("info");
  }
  /// Whether any frame this connection received holds `text`.
  bool heard(const std::string& text) {
    for (const std::string& f : ws_->history())
      if (f.find(text) != std::string::npos) return true;
    return false;
  }
  /// Every message received through until(), parsed.
  const std::vector<Json>& received() const { return received_; }
  void drop() { ws_->drop(); }

 private:
  int size_;
  std::unique_ptr<WsClient> ws_;
  std::map<std::string, SeatTracker> trackers_;
  std::vector<Json> received_;
};

/// A tracker that has folded the first v of `events` (the "event" objects of one seat).
inline SeatTracker trackerAt(const std::string& seat, int size, const std::vector<Json>& events,
                             int v) {
  SeatTracker t(seat, size);
  for (int k = 0; k < v; ++k)
    t.apply(Json{{"type", "event"},
                 {"seat", seat},
                 {"version", k + 1},
                 {"event", events[static_cast<std::size_t>(k)]}});
  return t;
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    spdlog::set_level(spdlog::level::warn);
    settings_ = testSettings(dir_);
    startServer();
  }
  void TearDown() override { server_.reset(); }

  void startServer() {
    server_ = std::make_unique<Server>(settings_);
    port_ = server_->start();
  }

  HttpResult http(const std::string& method, const std::string& target,
                  const std::string& body = "") {
    return httpRequest("127.0.0.1", port_, method, target, body);
  }

  /// POST /api/tables; expects 201 and returns the response.
  Json create(const Json& req) {
    const HttpResult r = http("POST", "/api/tables", req.dump());
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json();
  }

  std::unique_ptr<Client> joinSeat(const Json& table, const std::string& seat,
                                   std::optional<Json> last_version = std::nullopt,
                                   const std::vector<SeatTracker>& prior = {}) {
    const int size = table.at("info").at("rules").at("size").get<int>();
    auto c = std::make_unique<Client>(port_, size);
    for (const SeatTracker& t : prior) c->adopt(t);
    Json j{{"type", "join"},
           {"table", table.at("table")},
           {"token", table.at("seats").at(seat).at("token")}};
    if (last_version) j["last_version"] = *last_version;
    const Json joined = c->join(j);
    EXPECT_EQ(joined.value("type", ""), "joined") << joined.dump();
    return c;
  }

  std::unique_ptr<Client> watch(const Json& table) {
    const int size = table.at("info").at("rules").at("size").get<int>();
    auto c = std::make_unique<Client>(port_, size);
    const Json joined =
        c->join(Json{{"type", "join"}, {"table", table.at("table")}, {"watch", true}});
    EXPECT_EQ(joined.value("type", ""), "joined") << joined.dump();
    return c;
  }

  TempDir dir_;
  ServerSettings settings_;
  std::unique_ptr<Server> server_;
  uint16_t port_ = 0;
};

}  // namespace pg::test
