// The proxy's checks on a port of their own (--health-port), answered on a thread and
// io_context of their own: GET /readyz and GET /healthz, nothing else, one request a connection.
//
// On the main port a check waits, like every request, for one of the network threads, and when
// both are busy (a few thousand players joining at once, a node taking over a dead one's
// tables on a machine shared with PostgreSQL) it was answered after more than HAProxy's check
// timeout: in a 1000-table run HAProxy took all three nodes out at once, answered 502 and 503
// for a second and closed every player's connection. Here a check is answered at once, and the
// network threads are watched instead: a probe posted to them every `probe_every` must have run
// within `stale_after`, or the node is not ready (a deadlock, a thread stuck in a call). A
// stopped or frozen process answers nothing here either, so a hung node still leaves the ring.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "server/api/http_types.h"

namespace pg {

class HealthListener {
 public:
  /// What /readyz answers while the network threads run (HttpApi::readiness).
  using Readiness = std::function<HttpReply()>;
  struct Timing {
    std::chrono::milliseconds probe_every{500};
    std::chrono::milliseconds stale_after{5000};
  };

  /// Binds `endpoint` (port 0: any free port) and listens. Throws
  /// boost::system::system_error when the address is unavailable.
  HealthListener(boost::asio::io_context& network, const boost::asio::ip::tcp::endpoint& endpoint,
                 Readiness ready, Timing timing);
  HealthListener(boost::asio::io_context& network, const boost::asio::ip::tcp::endpoint& endpoint,
                 Readiness ready)
      : HealthListener(network, endpoint, std::move(ready), Timing{}) {}
  ~HealthListener();
  HealthListener(const HealthListener&) = delete;
  HealthListener& operator=(const HealthListener&) = delete;

  /// Starts the thread that accepts and answers.
  void start();
  /// Stops accepting and answering, and joins the thread.
  void stop();
  unsigned short port() const { return port_; }

 private:
  class Session;
  void doAccept();
  void probe();
  /// The answer to GET `path`.
  HttpReply answer(const std::string& path) const;

  boost::asio::io_context& network_;
  Readiness ready_;
  const Timing timing_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer probe_timer_;
  unsigned short port_ = 0;
  /// When a probe last ran on a network thread (steady clock, ns); shared with the probes
  /// still queued there, which may run after this object is gone.
  std::shared_ptr<std::atomic<int64_t>> last_run_;
  std::thread thread_;
};

}  // namespace pg
