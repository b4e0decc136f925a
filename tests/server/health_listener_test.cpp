// The proxy's checks on a port of their own (server/net/health_listener.h), with a real socket:
// answered on the listener's own thread whether or not the network threads are free, and
// "not ready" once those threads have run nothing for a while. The network threads here are
// the test's own io_context, which the test blocks as a deadlock would.
#include "server/net/health_listener.h"

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <future>
#include <thread>

#include "client/ws_client.h"

namespace pg {
namespace {

using namespace std::chrono_literals;
namespace net = boost::asio;

TEST(HealthListenerTest, AnswersAtOnceAndFailsOnceTheNetworkThreadsRunNothing) {
  net::io_context network;
  auto work = net::make_work_guard(network);
  std::thread runner([&] { network.run(); });
  HealthListener health(
      network, net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), 0),
      [] {
        HttpReply r;
        r.body = "ready\n";
        return r;
      },
      HealthListener::Timing{20ms, 400ms});
  health.start();
  const uint16_t port = health.port();

  const HttpResult ready = httpRequest("127.0.0.1", port, "GET", "/readyz");
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(ready.body, "ready\n");
  EXPECT_EQ(httpRequest("127.0.0.1", port, "GET", "/healthz").body, "ok\n");
  EXPECT_EQ(httpRequest("127.0.0.1", port, "GET", "/metrics").status, 404);
  EXPECT_EQ(httpRequest("127.0.0.1", port, "POST", "/readyz").status, 405);

  // The network threads are stuck: checks are still answered, and after a while say so.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  net::post(network, [released] { released.wait(); });
  HttpResult stuck;
  for (int i = 0; i < 500; ++i) {
    stuck = httpRequest("127.0.0.1", port, "GET", "/readyz");
    if (stuck.status != 200) break;
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_EQ(stuck.status, 503);
  EXPECT_EQ(stuck.body.rfind("not ready: the network threads have run nothing for ", 0), 0u)
      << stuck.body;

  // Running again: ready again.
  release.set_value();
  HttpResult again;
  for (int i = 0; i < 500; ++i) {
    again = httpRequest("127.0.0.1", port, "GET", "/readyz");
    if (again.status == 200) break;
    std::this_thread::sleep_for(10ms);
  }
  EXPECT_EQ(again.status, 200);

  health.stop();
  work.reset();
  network.stop();
  runner.join();
}

}  // namespace
}  // namespace pg
