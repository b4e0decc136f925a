#include "server/table/bot_driver.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>
#include <utility>

#include "rules/assert.h"
#include "server/node/exception_text.h"

namespace pg {

namespace net = boost::asio;

BotDriver::BotDriver(std::unique_ptr<Player> player, Color color, net::thread_pool& pool,
                     const TableStrand& strand, std::string table_id, Metrics* metrics)
    : player_(std::move(player)),
      color_(color),
      pool_(pool),
      strand_(strand),
      table_id_(std::move(table_id)),
      metrics_(metrics) {}

void BotDriver::think(View view, SearchLimits limits, Done done) {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  PG_ASSERT(!busy_, "no job is already in flight");
  busy_ = true;
  net::post(pool_, [this, view = std::move(view), limits, done = std::move(done)] {
    Action action = Action::pass();
    const auto start = std::chrono::steady_clock::now();
    try {
      action = player_->choose(view, limits);
    } catch (const std::exception& e) {
      spdlog::error("table {}: the computer player failed ({}); it passes", table_id_,
                    exceptionText(e));
    }
    if (metrics_) metrics_->botThinking(std::chrono::steady_clock::now() - start);
    net::post(strand_, [done, action, version = view.version()] { done(action, version); });
  });
}

void BotDriver::answered() {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  PG_ASSERT(busy_, "a job is in flight");
  busy_ = false;
}

Answer BotDriver::play(Referee& referee, const Action& action) const {
  Answer a;
  switch (action.kind) {
    case Action::Kind::Try:
      a = referee.tryPoint(color_, action.point);
      break;
    case Action::Kind::Pass:
      a = referee.pass(color_);
      break;
    case Action::Kind::Resign:
      a = referee.resign(color_);
      break;
  }
  if (!a.accepted()) {
    spdlog::warn("table {}: the computer's action was refused ({}); it passes", table_id_,
                 refusalName(*a.refusal));
    a = referee.pass(color_);
  }
  return a;
}

}  // namespace pg
