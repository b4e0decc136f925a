// The table's writer on its strand (table_writer.h): the store's answer comes back on the strand,
// and the inputs that arrive meanwhile wait in a CommitQueue.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/node/metrics.h"
#include "server/table/commit_queue.h"
#include "server/table/table_strand.h"
#include "server/table/table_writer.h"

namespace pg {

class StrandWriter final : public TableWriter {
 public:
  /// Writes of table `table_id` into `store`. `keep_alive()` is held by every write in flight
  /// (the table: the writer is one of its members); `lost()` runs on the strand when the store
  /// refused a write for a lost claim. `metrics` may be null.
  StrandWriter(const TableStrand& strand, Store& store, Metrics* metrics, std::string table_id,
               std::function<std::shared_ptr<void>()> keep_alive, std::function<void()> lost);

  void store(StoreWrite w, WriteJob job) override;
  void submit(Submit submit, WriteJob job) override;
  bool busy() const override { return queue_.inFlight(); }
  void runOrDefer(std::function<void()> f) override { queue_.runOrDefer(std::move(f)); }
  void hold(std::function<void()> f) override { queue_.hold(std::move(f)); }

 private:
  /// Begins the write; `timed`: its latency is the commit latency's.
  void start(Submit submit, WriteJob job, bool timed);
  void finish(const WriteJob& job, std::exception_ptr error);

  const TableStrand& strand_;
  Store& store_;
  Metrics* metrics_;
  const std::string table_id_;
  std::function<std::shared_ptr<void>()> keep_alive_;
  std::function<void()> lost_;
  CommitQueue queue_;
};

}  // namespace pg
