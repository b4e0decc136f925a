// pg_abuse's tallies: named counters shared by every thread of a run (tools/abuse/pg_abuse.cpp).
#pragma once

#include <map>
#include <mutex>
#include <string>

namespace pg::abuse {

class Counters {
 public:
  void add(const std::string& key, long n = 1) {
    std::lock_guard lock(mutex_);
    counts_[key] += n;
  }
  std::map<std::string, long> snapshot() const {
    std::lock_guard lock(mutex_);
    return counts_;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, long> counts_;
};

}  // namespace pg::abuse
