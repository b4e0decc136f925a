#include "client/latency_probe.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>

#include "client/seat_tracker.h"
#include "client/ws_client.h"

namespace pg {

namespace {

using Clock = std::chrono::steady_clock;

/// Reads until the next event for the tracker's seat; returns its arrival time.
Clock::time_point nextEvent(WsClient& c, SeatTracker& t) {
  while (true) {
    auto r = c.recv(std::chrono::seconds(10));
    if (!r) throw std::runtime_error("loadtest: no answer from the server");
    const Json j = Json::parse(r->text, nullptr, false);
    if (j.value("type", "") == "error")
      throw std::runtime_error("loadtest: server error " + j.value("message", ""));
    if (j.value("type", "") == "event" && t.apply(j)) return r->at;
  }
}

}  // namespace

double quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

LatencyResult runLatencyProbe(const LatencyConfig& cfg) {
  std::mt19937_64 rng(cfg.seed);
  std::vector<double> samples;
  LatencyResult out;
  const auto start = Clock::now();
  while (static_cast<int>(samples.size()) < cfg.moves) {
    const Json req{{"rules", Json{{"size", cfg.size}}}, {"mode", "online"}};
    const HttpResult created = httpRequest(cfg.host, cfg.port, "POST", "/api/tables", req.dump());
    if (created.status != 201) throw std::runtime_error("loadtest: create failed: " + created.body);
    const Json table = created.json();
    ++out.games;
    const std::string path = "/ws?table=" + table.at("table").get<std::string>();
    WsClient black(cfg.host, cfg.port, path), white(cfg.host, cfg.port, path);
    SeatTracker tb("black", cfg.size), tw("white", cfg.size);
    for (auto [client, tracker, seat] :
         {std::tuple{&black, &tb, "black"}, std::tuple{&white, &tw, "white"}}) {
      client->send(Json{{"type", "join"},
                        {"table", table.at("table")},
                        {"token", table.at("seats").at(seat).at("token")}});
      auto snap = client->recvType("snapshot");
      if (!snap) throw std::runtime_error("loadtest: no snapshot");
      tracker->apply(*snap);
    }
    while (!tb.over() && static_cast<int>(samples.size()) < cfg.moves) {
      const bool black_moves = tb.toMove() == "black";
      WsClient& mover = black_moves ? black : white;
      const SeatTracker& mt = black_moves ? tb : tw;
      auto options = mt.candidates();
      Json cmd{{"type", "pass"}};
      if (!options.empty()) {
        std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
        cmd = Json{{"type", "try"}, {"point", options[pick(rng)]}};
      }
      const auto sent = Clock::now();
      mover.send(cmd);
      const auto a = nextEvent(black, tb);
      const auto b = nextEvent(white, tw);
      samples.push_back(std::chrono::duration<double, std::milli>(std::max(a, b) - sent).count());
      if (tb.toMove().empty()) {  // the game ended: the end event follows
        nextEvent(black, tb);
        nextEvent(white, tw);
      }
    }
  }
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  out.moves = static_cast<int>(samples.size());
  out.median_ms = quantile(samples, 0.5);
  out.p99_ms = quantile(samples, 0.99);
  out.max_ms = *std::max_element(samples.begin(), samples.end());
  out.mean_ms = std::accumulate(samples.begin(), samples.end(), 0.0) / out.moves;
  return out;
}

}  // namespace pg
