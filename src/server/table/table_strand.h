// The strand a table runs on: everything a table and its parts do happens there, one at a time.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace pg {

using TableStrand = boost::asio::strand<boost::asio::io_context::executor_type>;

}  // namespace pg
