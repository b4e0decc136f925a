// How a batch of writes becomes statements inside a transaction on PostgreSQL (pg_store.h, the
// file comment's "Writes" and "Ratings"): the creations, every event of every append in ONE
// INSERT ... unnest, then the rating rows of the rated ends locked, then the starts, ends with
// their ratings, chat lines and setups. The caller owns the transaction and the fencing.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "store/store_write.h"

namespace pg::pq {

class Connection;

/// A PostgreSQL array literal of text elements ({"a","b \"c\""}), for unnest($1::text[]).
std::string arrayLiteral(const std::vector<std::string>& items);

/// The writes in a few round trips, inside the caller's transaction (see the file comment).
/// Throws StoreError (pq::ConnectionLost when the session is gone).
void writeGroup(Connection& c, std::span<const StoreWrite> writes);

}  // namespace pg::pq
