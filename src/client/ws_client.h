// A small WebSocket and HTTP client for the tests and the latency tool: it speaks the protocol
// of docs/protocol.md over loopback like any third-party client. Beast stays in the .cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/json.h"

namespace pg {

struct HttpResult {
  int status = 0;
  std::string content_type;
  std::string body;
  std::map<std::string, std::string> headers;  ///< lower-case names
  Json json() const { return Json::parse(body, nullptr, false); }
};

/// One blocking HTTP/1.1 request. Throws std::runtime_error when the connection fails.
/// `headers` are sent besides Host, User-Agent and the body's. `local_address`, when not empty,
/// is the connection's source address (e.g. "127.0.0.2": every 127.x.y.z is loopback, so one
/// machine can play several client addresses); empty lets the system choose.
HttpResult httpRequest(const std::string& host, uint16_t port, const std::string& method,
                       const std::string& target, const std::string& body = "",
                       const std::string& content_type = "application/json",
                       const std::vector<std::pair<std::string, std::string>>& headers = {},
                       const std::string& local_address = "");

class WsClient {
 public:
  using Clock = std::chrono::steady_clock;
  struct Received {
    std::string text;
    Clock::time_point at;
  };

  /// Connects to ws://host:port<path>, from `local_address` when not empty (as httpRequest).
  /// Throws std::runtime_error when it cannot.
  WsClient(const std::string& host, uint16_t port, const std::string& path = "/ws",
           const std::string& local_address = "");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  /// Sends one text frame; returns when it is written (false if the connection is gone).
  bool send(const std::string& text);
  bool send(const Json& j) { return send(j.dump()); }
  /// The next frame received, waiting at most `timeout`; nullopt on timeout or once closed and
  /// drained.
  std::optional<Received> recv(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  std::optional<Json> recvJson(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  /// Receives until a message of this type arrives; the messages before it are passed over.
  std::optional<Json> recvType(const std::string& type,
                               std::chrono::milliseconds timeout = std::chrono::seconds(5));
  /// Every frame received so far, in order (for byte-level checks).
  std::vector<std::string> history() const;
  /// Whether the server closed the connection (all frames received before may still be read).
  bool closed() const;
  /// The code of the server's close frame (1001: going away), once closed with one.
  std::optional<int> closeCode() const;
  /// Closes abruptly (no close handshake), like a dropped network.
  void drop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pg
