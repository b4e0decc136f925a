// What the store suites share: sample rows, and the answers of async writes.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/store.h"

namespace pg::test {

inline StoredTable sampleTable(const std::string& id, int64_t created_at = 1000) {
  StoredTable t;
  t.id = id;
  t.created_at = created_at;
  t.setup = R"({"mode":"online"})";
  t.black_token = "b-token";
  t.white_token = "w-token";
  return t;
}

/// Waits for `n` async answers and keeps them by index.
struct Answers {
  std::mutex m;
  std::condition_variable cv;
  std::vector<int> calls;
  std::vector<std::exception_ptr> errors;
  explicit Answers(std::size_t n) : calls(n, 0), errors(n) {}
  Store::AppendDone done(std::size_t i) {
    return [this, i](std::exception_ptr e) {
      std::lock_guard lock(m);
      ++calls[i];
      errors[i] = e;
      cv.notify_all();
    };
  }
  /// False if some answer has not come within 30 s.
  bool waitAll() {
    std::unique_lock lock(m);
    return cv.wait_for(lock, std::chrono::seconds(30), [&] {
      return std::all_of(calls.begin(), calls.end(), [](int c) { return c > 0; });
    });
  }
};

/// Counts onClaimsLost calls and the threads they came on.
struct LostClaims {
  std::mutex m;
  std::condition_variable cv;
  int calls = 0;
  std::thread::id thread;
  std::function<void()> callback() {
    return [this] {
      std::lock_guard lock(m);
      ++calls;
      thread = std::this_thread::get_id();
      cv.notify_all();
    };
  }
  bool waitFor(int n) {
    std::unique_lock lock(m);
    return cv.wait_for(lock, std::chrono::seconds(10), [&] { return calls >= n; });
  }
};

/// Whether `e` holds an exception of type E.
template <typename E>
bool holds(const std::exception_ptr& e) {
  try {
    if (e) std::rethrow_exception(e);
  } catch (const E&) {
    return true;
  } catch (...) {
  }
  return false;
}

}  // namespace pg::test
