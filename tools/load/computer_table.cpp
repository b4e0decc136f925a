// pg_load --computer: a table against the computer (computer_table.h).
#include "load/computer_table.h"

#include "load/pause.h"
#include "protocol/json.h"

namespace pg::load {

void ComputerTable::create() {
  ++gen_;
  finishing_ = false;
  joined_ = false;
  pending_ = computer_turn_ = false;
  tracker_.reset();
  const int gen = gen_;
  const Json body{{"rules", {{"size", o_.size}}},
                  {"mode", "computer"},
                  {"computer", {{"color", "white"}, {"strength", o_.level}}}};
  postJson(
      io_, o_, "/api/tables", body.dump(),
      [this, gen](const std::string& error, unsigned status, const std::string& text) {
        if (gen != gen_) return;
        if (error.empty() && status == 201) {
          const Json j = Json::parse(text, nullptr, false);
          id_ = j.at("table").get<std::string>();
          const Json join{
              {"type", "join"}, {"table", id_}, {"token", j.at("seats").at("black").at("token")}};
          tracker_ = std::make_unique<SeatTracker>("black", o_.size);
          conn_ = std::make_shared<Conn>(io_, this, gen_, 0, false);
          conn_->start({net::ip::make_address(o_.host), o_.port}, "/ws?table=" + id_, join.dump());
          return;
        }
        st_.error("create: " + (error.empty()
                                    ? "status " + std::to_string(status) + " " + text.substr(0, 120)
                                    : error));
        pause(timer_, std::chrono::milliseconds(200), gen_, [this](bool on_time) {
          if (on_time) create();
        });
      });
}

void ComputerTable::restart() {
  finishing_ = true;
  if (conn_) conn_->close();
  if (stopping_) return;
  create();
}

void ComputerTable::onClosed(int gen, int /*seat*/) {
  if (gen != gen_ || finishing_) return;
  st_.error("connection lost");
  restart();
}

void ComputerTable::onMessage(int gen, int /*seat*/, const std::string& text) {
  if (gen != gen_ || !tracker_) return;
  const Json m = Json::parse(text, nullptr, false);
  const std::string type = m.value("type", "");
  if (type == "error") {
    st_.error("error frame: " + text);
    pending_ = computer_turn_ = false;
    schedule();
    return;
  }
  if (type == "presence") {
    joined_ = true;
    schedule();
    return;
  }
  if (type != "snapshot" && type != "event") return;
  try {
    tracker_->apply(m);
  } catch (const std::exception& e) {
    st_.error(std::string("version gap: ") + e.what());
  }
  if (type == "event") {
    const Json& ev = m.at("event");
    const std::string kind = ev.value("kind", "");
    const std::string player = ev.value("player", "");
    if (player == "black" && pending_ && tracker_->version() > sent_v_) {
      // The client's own action answered: a stone or a pass hands the turn to the computer.
      pending_ = false;
      if (tracker_->toMove() == "white") {
        tries_this_turn_ = 0;
        computer_turn_ = true;
        watch(kAnswerLimit);
      }
    } else if (player == "white" && kind == "rejected") {
      st_.rejected++;
    } else if (player == "white" && (kind == "moved" || kind == "pass" || kind == "resign")) {
      st_.moves++;
      if (computer_turn_)
        st_.answer_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
      computer_turn_ = false;
      watchdog_.cancel();
    }
  }
  schedule();
}

void ComputerTable::schedule() {
  if (pending_ || scheduled_ || !ready() || finishing_) return;
  if (tracker_->over()) {
    st_.games++;
    restart();
    return;
  }
  if (stopping_ || tracker_->toMove() != "black") return;  // the computer's turn: it answers
  scheduled_ = true;
  pause(timer_, thinkPause(rng_, o_.think_ms), gen_, [this](bool on_time) {
    scheduled_ = false;
    if (on_time) act();
  });
}

void ComputerTable::act() {
  if (pending_ || !ready() || finishing_) return;
  if (tracker_->over() || tracker_->toMove() != "black") return schedule();
  const auto options = tracker_->candidates();
  std::uniform_real_distribution<double> u(0, 1);
  Json cmd;
  if (options.empty() || u(rng_) < 0.02 + 0.01 * static_cast<double>(tries_this_turn_)) {
    cmd = Json{{"type", "pass"}};
    tries_this_turn_ = 0;
  } else {
    std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
    cmd = Json{{"type", "try"}, {"point", options[pick(rng_)]}};
    ++tries_this_turn_;
  }
  st_.actions++;
  sent_v_ = tracker_->version();
  sent_at_ = Clock::now();
  pending_ = true;
  conn_->send(cmd.dump());
  watch(std::chrono::milliseconds(static_cast<long>(o_.timeout_s * 1000)));
}

void ComputerTable::watch(Clock::duration limit) {
  const int gen = gen_;
  const Clock::time_point sent = sent_at_;
  watchdog_.expires_after(limit);
  watchdog_.async_wait([this, gen, sent](beast::error_code ec) {
    if (ec || gen != gen_ || sent != sent_at_ || (!pending_ && !computer_turn_)) return;
    st_.error(pending_ ? "no answer within the timeout" : "the computer did not answer in time");
    restart();
  });
}

}  // namespace pg::load
