#include "store/write_queue.h"

#include <future>
#include <memory>
#include <utility>

namespace pg {

namespace {

/// The failure of a write that was not committed because the session was lost.
std::exception_ptr lostError(const StoreWrite& w, const std::string& text) {
  return needsClaim(w) ? std::make_exception_ptr(ClaimLost(text))
                       : std::make_exception_ptr(StoreError(text));
}

void answer(const WriteQueue::Done& done, std::exception_ptr error) {
  if (!done) return;
  try {
    done(std::move(error));
  } catch (...) {  // a caller's bug must not stop the writer of every table
  }
}

}  // namespace

WriteQueue::WriteQueue(WriteBackend& backend, bool group_commit)
    : backend_(backend), group_commit_(group_commit) {}

WriteQueue::~WriteQueue() {
  stop();
}

void WriteQueue::start() {
  thread_ = std::thread([this] { loop(); });
}

void WriteQueue::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::vector<Job> left;
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    left.swap(queue_);  // only when the writer never started
  }
  for (Job& j : left) answer(j.done, std::make_exception_ptr(StoreError("the store is closed")));
}

bool WriteQueue::onWriterThread() const {
  return std::this_thread::get_id() == writer_id_.load();
}

WriteQueue::Stats WriteQueue::stats() {
  std::lock_guard lock(mutex_);
  return stats_;
}

std::chrono::milliseconds WriteQueue::oldestWaiting() {
  std::lock_guard lock(mutex_);
  std::optional<std::chrono::steady_clock::time_point> oldest = batch_queued_at_;
  if (!oldest && !queue_.empty()) oldest = queue_.front().queued_at;
  if (!oldest) return std::chrono::milliseconds(0);
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               *oldest);
}

void WriteQueue::enqueue(Job job) {
  {
    std::unique_lock lock(mutex_);
    if (stopped_) {
      lock.unlock();
      return answer(job.done, std::make_exception_ptr(StoreError("the store is closed")));
    }
    queue_.push_back(std::move(job));
  }
  cv_.notify_one();
}

void WriteQueue::write(StoreWrite w, Done done) {
  if (group_commit_) return enqueue(Job{std::move(w), std::move(done)});
  // Each write its own transaction, answered before write() returns.
  if (onWriterThread())
    return answer(done,
                  std::make_exception_ptr(StoreError(
                      "a blocking store call on the store's writer thread (from a callback)")));
  auto answered = std::make_shared<std::promise<void>>();
  std::future<void> future = answered->get_future();
  enqueue(Job{std::move(w), [answered, done = std::move(done)](std::exception_ptr e) {
                answer(done, std::move(e));
                answered->set_value();
              }});
  future.get();
}

void WriteQueue::control(std::function<void()> job, Done done) {
  enqueue(Job{std::move(job), std::move(done)});
}

void WriteQueue::call(std::function<void()> job) {
  if (onWriterThread())
    throw StoreError("a blocking store call on the store's writer thread (from a callback)");
  waitForAnswer([&](std::function<void(std::exception_ptr)> done) {
    control(std::move(job), std::move(done));
  });
}

void WriteQueue::loop() {
  writer_id_ = std::this_thread::get_id();
  std::vector<Job> batch;
  for (;;) {
    bool idle = false;
    {
      const std::optional<std::chrono::milliseconds> poll = backend_.idlePoll();
      std::unique_lock lock(mutex_);
      auto ready = [&] { return stopping_ || !queue_.empty(); };
      if (poll)
        cv_.wait_for(lock, *poll, ready);
      else
        cv_.wait(lock, ready);
      if (queue_.empty() && stopping_) return;  // stopping, and everything is committed
      if (queue_.empty()) {
        idle = true;
      } else {
        batch.swap(queue_);
        batch_queued_at_ = batch.front().queued_at;
      }
    }
    std::vector<std::exception_ptr> errors(batch.size());
    std::size_t settled = 0;  // batch[0, settled) has its answer in errors
    try {
      if (idle)
        backend_.idle();
      else
        run(batch, errors, settled);
    } catch (...) {  // out of memory, or a backend's bug: what has no answer yet fails
      for (std::size_t i = settled; i < batch.size(); ++i) errors[i] = std::current_exception();
    }
    try {
      backend_.afterBatch();
    } catch (...) {
    }
    {
      std::lock_guard lock(mutex_);  // stored or failed: nothing of the batch waits any more
      batch_queued_at_.reset();
    }
    for (std::size_t i = 0; i < batch.size(); ++i) answer(batch[i].done, errors[i]);
    batch.clear();
  }
}

void WriteQueue::run(std::vector<Job>& batch, std::vector<std::exception_ptr>& errors,
                     std::size_t& settled) {
  while (settled < batch.size()) {
    const std::size_t i = settled;
    if (auto* job = std::get_if<std::function<void()>>(&batch[i].what)) {
      try {
        (*job)();
      } catch (...) {
        errors[i] = std::current_exception();
      }
      settled = i + 1;
      continue;
    }
    std::size_t j = i;
    while (j < batch.size() && std::holds_alternative<StoreWrite>(batch[j].what)) ++j;
    commitRun(batch, i, j, errors);
    settled = j;
  }
}

void WriteQueue::commitRun(std::vector<Job>& batch, std::size_t from, std::size_t to,
                           std::vector<std::exception_ptr>& errors) {
  backend_.startRun();
  std::vector<StoreWrite> todo;
  std::vector<std::size_t> index;  // todo[n] is batch[index[n]]
  for (std::size_t k = from; k < to; ++k) {
    StoreWrite& w = std::get<StoreWrite>(batch[k].what);
    if (std::exception_ptr refused = backend_.check(w)) {
      errors[k] = std::move(refused);
    } else {
      todo.push_back(std::move(w));
      index.push_back(k);
    }
  }
  if (todo.empty()) return;

  int64_t commits = 0;
  // The session is gone: every write not yet committed fails.
  auto failRest = [&](std::size_t first, const std::string& text) {
    for (std::size_t n = first; n < todo.size(); ++n) errors[index[n]] = lostError(todo[n], text);
  };
  bool together = false;
  if (group_commit_) {  // one write alone goes the same way
    try {
      backend_.commit(todo);
      together = true;
      commits = 1;
    } catch (const SessionLost& e) {
      failRest(0, e.what());
      together = true;
    } catch (...) {  // rolled back: each on its own, so that one cannot fail the rest
    }
  }
  if (!together) {
    for (std::size_t n = 0; n < todo.size(); ++n) {
      try {
        backend_.commit(std::span<const StoreWrite>(&todo[n], 1));
        ++commits;
      } catch (const SessionLost& e) {
        failRest(n, e.what());
        if (e.own) errors[index[n]] = e.own;
        break;
      } catch (...) {
        errors[index[n]] = std::current_exception();
      }
    }
  }
  std::lock_guard lock(mutex_);
  stats_.commits += commits;
  stats_.writes += static_cast<int64_t>(todo.size());
}

}  // namespace pg
