// The one write path of a table. A part of the table decides what to store and what becomes of
// it once stored; the writer does the rest, the same way for every kind of write:
//   1. the table's other inputs wait while the write is in flight (CommitQueue), so nobody hears
//      of anything the store does not hold, and no input overtakes another;
//   2. the store writes it, on its own thread (perhaps in one group commit with other tables');
//   3. back on the table's strand, one of three endings:
//      - stored: the job's `stored` applies the change and tells whoever may hear of it;
//      - refused because another node holds the table's claim: the table drops itself, and
//        nobody hears of the write (its new owner has the whole game);
//      - failed otherwise: the failure is logged and counted, `told` hears `store-failed`, and
//        the job's `failed` undoes what was prepared;
//   4. the inputs held meanwhile run in order, until one of them begins a write in turn.
//
// TableWriter is the interface the table and its features write through (strand_writer.h is the
// real one; the unit tests of the features use a fake that answers when the test says).
#pragma once

#include <functional>
#include <memory>

#include "server/table/peer.h"
#include "store/store.h"

namespace pg {

/// What becomes of one write.
struct WriteJob {
  const char* what = "";         ///< for the log: "a chat line"
  std::shared_ptr<Peer> told;    ///< hears `store-failed` when the write fails; may be null
  std::function<void()> stored;  ///< on the strand, once the write is durable
  std::function<void()> failed;  ///< on the strand, after a failure (not a lost claim)
};

class TableWriter {
 public:
  virtual ~TableWriter() = default;

  /// Stores `w` as `job` says. Precondition: on the strand; no write in flight.
  virtual void store(StoreWrite w, WriteJob job) = 0;
  /// A write that another part makes (the rematch's table, through the registry): `submit`
  /// starts it and calls its argument once, on any thread, with the outcome; or throws, having
  /// started nothing. The same endings as store().
  using Submit = std::function<void(Store::WriteDone)>;
  virtual void submit(Submit submit, WriteJob job) = 0;

  /// Whether a write is in flight.
  virtual bool busy() const = 0;
  /// Runs `f` now, or once the write in flight is answered and the inputs held before it ran.
  virtual void runOrDefer(std::function<void()> f) = 0;
  /// Holds `f` behind the write in flight. Precondition: busy().
  virtual void hold(std::function<void()> f) = 0;
};

}  // namespace pg
