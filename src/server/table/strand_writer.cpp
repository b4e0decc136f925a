#include "server/table/strand_writer.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <chrono>
#include <utility>

#include "protocol/errors.h"
#include "server/node/exception_text.h"
#include "server/table/messages.h"

namespace pg {

StrandWriter::StrandWriter(const TableStrand& strand, Store& store, Metrics* metrics,
                           std::string table_id, std::function<std::shared_ptr<void>()> keep_alive,
                           std::function<void()> lost)
    : strand_(strand),
      store_(store),
      metrics_(metrics),
      table_id_(std::move(table_id)),
      keep_alive_(std::move(keep_alive)),
      lost_(std::move(lost)),
      queue_(strand) {}

void StrandWriter::store(StoreWrite w, WriteJob job) {
  // The commit latency is the events' (phantomgo_commit_seconds): what a move waits for.
  const bool timed = std::holds_alternative<AppendEvents>(w);
  start([this, w = std::move(w)](
            Store::WriteDone done) mutable { store_.write(std::move(w), std::move(done)); },
        std::move(job), timed);
}

void StrandWriter::submit(Submit submit, WriteJob job) {
  start(std::move(submit), std::move(job), false);
}

void StrandWriter::start(Submit submit, WriteJob job, bool timed) {
  queue_.begin();
  auto shared = std::make_shared<const WriteJob>(std::move(job));
  const auto started = std::chrono::steady_clock::now();
  auto done = [this, keep = keep_alive_(), shared, started, timed](std::exception_ptr error) {
    if (metrics_ && timed) metrics_->commitLatency(std::chrono::steady_clock::now() - started);
    // Runs inline when the store answers at once on this strand (no group commit).
    boost::asio::dispatch(strand_, [this, keep, shared, error] { finish(*shared, error); });
  };
  try {
    submit(std::move(done));
  } catch (...) {  // nothing was started
    finish(*shared, std::current_exception());
  }
}

void StrandWriter::finish(const WriteJob& job, std::exception_ptr error) {
  queue_.end();
  // The write was refused before it reached the store: the new owner holds the whole game, and
  // what was held behind the write is dropped with the table.
  if (isClaimLost(error)) return lost_();
  if (error) {
    spdlog::error("table {}: could not store {}: {}", table_id_, job.what, exceptionText(error));
    if (metrics_) metrics_->storeError(Metrics::StoreErrorAt::Table);
    if (job.told) job.told->send(errorFrame(Error::of(Err::StoreFailed)));
    if (job.failed) job.failed();
  } else if (job.stored) {
    job.stored();
  }
  queue_.releaseHeld();
}

}  // namespace pg
