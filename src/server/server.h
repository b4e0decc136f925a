// `phantomgo serve` as a library: HTTP and WebSocket on one port (Boost.Beast), the tables, the
// store, and a separate thread pool for the computer players. Tests run it in-process on port 0.
// This header keeps Beast out of its includers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "server/node/server_settings.h"

namespace pg {

class Server {
 public:
  /// Opens the store (tables are loaded when someone joins them). Throws StoreError or
  /// std::exception when the store cannot be opened or read.
  explicit Server(ServerSettings settings);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Binds the port and starts the network threads. Returns the bound port. Throws
  /// std::system_error-like exceptions when the address is unavailable.
  uint16_t start();
  /// Stops at the next SIGINT or SIGTERM (call before start()'s threads are needed).
  void stopOnSignals();
  /// Blocks until stop() (or a signal) and until every thread has finished.
  void wait();
  /// Stops accepting, stops the tables, the threads and the computer players. Idempotent; safe
  /// from any thread (not from a server thread itself).
  void stop();

  uint16_t port() const;
  /// The port of the proxy's checks (--health-port; 0: none).
  uint16_t healthPort() const;
  /// Tables in memory (for tests).
  std::size_t tablesInMemory() const;
  /// The arenas whose claim this node holds, as its arena director knows (for tests).
  std::vector<std::string> arenasHeld() const;

 private:
  /// Every `expiry_interval`: expires the waiting tables nobody joined in time, and lets the
  /// idle ones leave memory.
  void armExpiry();
  /// Runs the arena director's next round in a second (ArenaDirector::tick).
  void armArenas();

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pg
