// The SQLite stores' one way of reporting a failure: SQLiteCpp's exception becomes a StoreError
// that says what was being done. Internal to the store module.
#pragma once

#include <SQLiteCpp/Exception.h>

#include <string>

#include "store/store.h"

namespace pg::sqlite {

/// Runs f(); an SQLite::Exception from it is thrown again as StoreError("<what>: <reason>").
template <typename F>
auto guarded(const char* what, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const SQLite::Exception& e) {
    throw StoreError(std::string(what) + ": " + e.what());
  }
}

}  // namespace pg::sqlite
