// One decoded CBOR data item (libcbor), owned, and the reads WebAuthn makes of it: a map's value
// by integer or text key, an integer, a definite byte or text string. Inside the passkey module
// only. Each item is walked with libcbor's streaming decoder before it is built, so that what it
// declares (its containers' sizes, its depth) is bounded by the bytes it came in.
#pragma once

#include <cbor.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "passkey/base64url.h"

namespace pg::passkey {

class CborItem {
 public:
  /// Decodes the first data item of data[0, size); `consumed` gets its length in bytes.
  /// Throws PasskeyError on malformed or truncated CBOR.
  static CborItem load(const uint8_t* data, std::size_t size, std::size_t& consumed);
  /// Decodes `data`, which must be exactly one data item.
  static CborItem loadWhole(const Bytes& data);

  CborItem(CborItem&& o) noexcept : item_(o.item_) { o.item_ = nullptr; }
  CborItem& operator=(CborItem&&) = delete;
  CborItem(const CborItem&) = delete;
  ~CborItem();

  const cbor_item_t* get() const { return item_; }

 private:
  explicit CborItem(cbor_item_t* item) : item_(item) {}
  cbor_item_t* item_;
};

/// The value of `map` under the integer key `key` (null if absent). Throws PasskeyError when
/// `map` is not a definite map, or holds the key twice.
const cbor_item_t* mapValue(const cbor_item_t* map, int64_t key);
/// The same under a text key.
const cbor_item_t* mapValue(const cbor_item_t* map, std::string_view key);
/// An integer item's value (negative ones too); nullopt for any other item or one out of range.
std::optional<int64_t> intOf(const cbor_item_t* item);
/// A definite byte string's bytes; nullopt for any other item.
std::optional<Bytes> bytesOf(const cbor_item_t* item);
/// A definite text string; nullopt for any other item.
std::optional<std::string> textOf(const cbor_item_t* item);

}  // namespace pg::passkey
