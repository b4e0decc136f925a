#include "server/table/commit_queue.h"

#include <utility>

#include "rules/assert.h"

namespace pg {

void CommitQueue::begin() {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  PG_ASSERT(!in_flight_, "no write is already in flight");
  in_flight_ = true;
}

void CommitQueue::end() {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  PG_ASSERT(in_flight_, "a write is in flight");
  in_flight_ = false;
}

void CommitQueue::runOrDefer(std::function<void()> f) {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  if (in_flight_)
    held_.push_back(std::move(f));
  else
    f();
}

void CommitQueue::hold(std::function<void()> f) {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  PG_ASSERT(in_flight_, "a write is in flight");
  held_.push_back(std::move(f));
}

void CommitQueue::releaseHeld() {
  PG_ASSERT(strand_.running_in_this_thread(), "called on the table's strand");
  while (!in_flight_ && !held_.empty()) {
    std::function<void()> f = std::move(held_.front());
    held_.pop_front();
    f();
  }
}

}  // namespace pg
