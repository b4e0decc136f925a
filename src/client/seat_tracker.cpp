#include "client/seat_tracker.h"

#include <stdexcept>

namespace pg {

SeatTracker::SeatTracker(std::string seat, int size) : seat_(std::move(seat)), size_(size) {}

bool SeatTracker::apply(const Json& msg) {
  const std::string type = msg.value("type", "");
  if ((type != "snapshot" && type != "event") || msg.value("seat", "") != seat_) return false;
  if (type == "snapshot") {
    const Json& v = msg.at("view");
    version_ = msg.at("version").get<int>();
    turn_ = v.at("turn").get<int>();
    over_ = v.at("over").get<bool>();
    to_move_ = v.at("to_move").is_string() ? v.at("to_move").get<std::string>() : "";
    own_.clear();
    tried_.clear();
    handicap_.clear();
    if (seat_ != "spectator")
      for (const Json& p : v.at("stones").at(seat_)) own_.insert(p.get<std::string>());
    for (const Json& p : v.at("handicap")) handicap_.insert(p.get<std::string>());
    for (const Json& p : v.at("tried")) tried_.insert(p.get<std::string>());
    events_.clear();
    for (const Json& e : v.at("events")) events_.push_back(e);
    synced_ = true;
    return true;
  }
  const int version = msg.at("version").get<int>();
  if (version != version_ + 1)
    throw std::runtime_error("seat " + seat_ + ": version " + std::to_string(version) + " after " +
                             std::to_string(version_));
  version_ = version;
  const Json& e = msg.at("event");
  events_.push_back(e);
  const std::string kind = e.at("kind").get<std::string>();
  const int turn = e.at("turn").get<int>();
  if (turn != turn_) tried_.clear();
  turn_ = turn;
  to_move_ = e.at("to_move").is_string() ? e.at("to_move").get<std::string>() : "";
  if (kind == "stone") {
    own_.insert(e.at("point").get<std::string>());
  } else if (kind == "illegal") {
    tried_.insert(e.at("point").get<std::string>());
  } else if (kind == "moved") {
    for (const Json& p : e.at("captured")) {
      own_.erase(p.get<std::string>());
      handicap_.erase(p.get<std::string>());
    }
  } else if (kind == "end") {
    over_ = true;
  }
  if (kind == "stone")
    for (const Json& p : e.at("captured")) handicap_.erase(p.get<std::string>());
  return true;
}

std::vector<std::string> SeatTracker::candidates() const {
  std::vector<std::string> out;
  for (int p = 0; p < size_ * size_; ++p) {
    const std::string name = pointName(static_cast<Point>(p), size_);
    if (!own_.count(name) && !handicap_.count(name) && !tried_.count(name)) out.push_back(name);
  }
  return out;
}

}  // namespace pg
