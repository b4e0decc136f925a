// What the server's unit tests of live tables share: a connection as a table sees it (it keeps
// every frame it is sent, parsed, knows whether it was closed, and has the client address the
// test gives it; used on the test's thread only), and the context of tables run by the test's
// own io_context.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "protocol/json.h"
#include "server/table/peer.h"
#include "server/table/table.h"

namespace pg::test {

class RecordingPeer : public Peer {
 public:
  explicit RecordingPeer(std::string address = "") : address_(std::move(address)) {}

  void send(std::shared_ptr<const std::string> frame) override {
    frames.push_back(Json::parse(*frame));
  }
  void joined() override {}
  void close() override { closed = true; }
  const std::string& label() const override { return label_; }
  const std::string& address() const override { return address_; }

  /// The frames of one type so far.
  std::vector<Json> of(const std::string& type) const {
    std::vector<Json> out;
    for (const Json& f : frames)
      if (f.value("type", "") == type) out.push_back(f);
    return out;
  }
  /// The types of the frames so far, in order.
  std::vector<std::string> types() const {
    std::vector<std::string> out;
    for (const Json& f : frames) out.push_back(f.value("type", ""));
    return out;
  }

  std::vector<Json> frames;
  bool closed = false;

 private:
  std::string label_ = "test";
  std::string address_;
};

/// The context of tables on `io` (run by the test), writing to `store`, thinking on `bots`;
/// `metrics` may be null.
inline TableContext tableContext(boost::asio::io_context& io, Store& store,
                                 boost::asio::thread_pool& bots, const ServerSettings& settings,
                                 Metrics* metrics = nullptr) {
  TableContext ctx;
  ctx.io = &io;
  ctx.store = &store;
  ctx.bots = &bots;
  ctx.settings = &settings;
  ctx.metrics = metrics;
  return ctx;
}

}  // namespace pg::test
