#include "passkey/cbor_item.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "passkey/passkey_error.h"

namespace pg::passkey {

namespace {

/// Nesting deeper than this is refused (WebAuthn's own structures nest three deep).
constexpr std::size_t kMaxDepth = 8;

/// What libcbor's streaming decoder said of one token: the items a container (or a tag) holds,
/// and whether it was of indefinite length.
struct Token {
  uint64_t children = 0;
  bool indefinite = false;
};

cbor_callbacks tokenCallbacks() {
  cbor_callbacks c = cbor_empty_callbacks;
  c.array_start = [](void* t, std::size_t n) { static_cast<Token*>(t)->children = n; };
  c.map_start = [](void* t, std::size_t n) {
    static_cast<Token*>(t)->children = n > UINT64_MAX / 2 ? UINT64_MAX : 2 * uint64_t{n};
  };
  c.tag = [](void* t, uint64_t) { static_cast<Token*>(t)->children = 1; };
  c.byte_string_start = [](void* t) { static_cast<Token*>(t)->indefinite = true; };
  c.string_start = [](void* t) { static_cast<Token*>(t)->indefinite = true; };
  c.indef_array_start = [](void* t) { static_cast<Token*>(t)->indefinite = true; };
  c.indef_map_start = [](void* t) { static_cast<Token*>(t)->indefinite = true; };
  c.indef_break = [](void* t) { static_cast<Token*>(t)->indefinite = true; };
  return c;
}

/// The length of the first data item of data[0, size), walked token by token with libcbor's
/// streaming decoder (which allocates nothing) before cbor_load builds it: cbor_load reserves
/// room for as many children as a container declares, so a few bytes declaring billions would
/// ask for gigabytes. Refuses a container that declares more items than bytes are left, nesting
/// deeper than kMaxDepth, and indefinite lengths (WebAuthn's CBOR is definite).
std::size_t boundedItemLength(const uint8_t* data, std::size_t size) {
  static const cbor_callbacks callbacks = tokenCallbacks();
  std::vector<uint64_t> pending;  // items still to come, per open container
  std::size_t pos = 0;
  do {
    Token token;
    const cbor_decoder_result r = cbor_stream_decode(data + pos, size - pos, &callbacks, &token);
    if (r.status != CBOR_DECODER_FINISHED) throw PasskeyError("CBOR: malformed or cut short");
    pos += r.read;
    if (token.indefinite) throw PasskeyError("CBOR: an indefinite length");
    if (!pending.empty()) --pending.back();
    if (token.children > 0) {
      if (token.children > size - pos) throw PasskeyError("CBOR: more items than bytes");
      if (pending.size() >= kMaxDepth) throw PasskeyError("CBOR: nested too deep");
      pending.push_back(token.children);
    }
    while (!pending.empty() && pending.back() == 0) pending.pop_back();
  } while (!pending.empty());
  return pos;
}

}  // namespace

CborItem CborItem::load(const uint8_t* data, std::size_t size, std::size_t& consumed) {
  if (size == 0) throw PasskeyError("CBOR: nothing to decode");
  const std::size_t length = boundedItemLength(data, size);
  cbor_load_result result{};
  cbor_item_t* item = cbor_load(data, length, &result);
  if (!item || result.error.code != CBOR_ERR_NONE) {
    if (item) cbor_decref(&item);
    throw PasskeyError("CBOR: malformed at byte " + std::to_string(result.error.position));
  }
  consumed = result.read;
  return CborItem(item);
}

CborItem CborItem::loadWhole(const Bytes& data) {
  std::size_t consumed = 0;
  CborItem item = load(data.data(), data.size(), consumed);
  if (consumed != data.size()) throw PasskeyError("CBOR: bytes after the item");
  return item;
}

CborItem::~CborItem() {
  if (item_) cbor_decref(&item_);
}

namespace {

template <typename Match>
const cbor_item_t* find(const cbor_item_t* map, Match&& matches) {
  if (!map || !cbor_isa_map(map) || !cbor_map_is_definite(map))
    throw PasskeyError("CBOR: a map was expected");
  const cbor_pair* pairs = cbor_map_handle(map);
  const std::size_t n = cbor_map_size(map);
  const cbor_item_t* found = nullptr;
  for (std::size_t i = 0; i < n; ++i) {
    if (!matches(pairs[i].key)) continue;
    if (found) throw PasskeyError("CBOR: a map holds a key twice");
    found = pairs[i].value;
  }
  return found;
}

}  // namespace

const cbor_item_t* mapValue(const cbor_item_t* map, int64_t key) {
  return find(map, [key](const cbor_item_t* k) { return intOf(k) == key; });
}

const cbor_item_t* mapValue(const cbor_item_t* map, std::string_view key) {
  return find(map, [key](const cbor_item_t* k) {
    const auto t = textOf(k);
    return t && *t == key;
  });
}

std::optional<int64_t> intOf(const cbor_item_t* item) {
  if (!item) return std::nullopt;
  constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  if (cbor_isa_uint(item)) {
    const uint64_t v = cbor_get_int(item);
    if (v > kMax) return std::nullopt;
    return static_cast<int64_t>(v);
  }
  if (cbor_isa_negint(item)) {
    const uint64_t v = cbor_get_int(item);  // the item is -1 - v
    if (v > kMax) return std::nullopt;
    return -1 - static_cast<int64_t>(v);
  }
  return std::nullopt;
}

std::optional<Bytes> bytesOf(const cbor_item_t* item) {
  if (!item || !cbor_isa_bytestring(item) || !cbor_bytestring_is_definite(item))
    return std::nullopt;
  const unsigned char* p = cbor_bytestring_handle(item);
  const std::size_t n = cbor_bytestring_length(item);
  return n == 0 ? Bytes{} : Bytes(p, p + n);
}

std::optional<std::string> textOf(const cbor_item_t* item) {
  if (!item || !cbor_isa_string(item) || !cbor_string_is_definite(item)) return std::nullopt;
  const unsigned char* p = cbor_string_handle(item);
  const std::size_t n = cbor_string_length(item);
  return n == 0 ? std::string{} : std::string(reinterpret_cast<const char*>(p), n);
}

}  // namespace pg::passkey
