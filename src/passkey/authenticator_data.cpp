#include "passkey/authenticator_data.h"

#include "passkey/cbor_item.h"
#include "passkey/passkey_error.h"

namespace pg::passkey {

namespace {

constexpr std::size_t kHeader = 37;  // rpIdHash 32, flags 1, signCount 4
constexpr std::size_t kMaxCredentialId = 1023;

}  // namespace

AuthenticatorData parseAuthenticatorData(const Bytes& raw) {
  if (raw.size() < kHeader) throw PasskeyError("authenticator data: too short");
  AuthenticatorData a;
  a.rp_id_hash.assign(raw.begin(), raw.begin() + 32);
  a.flags = raw[32];
  a.sign_count = (uint32_t{raw[33]} << 24) | (uint32_t{raw[34]} << 16) | (uint32_t{raw[35]} << 8) |
                 uint32_t{raw[36]};
  std::size_t at = kHeader;
  if (a.flags & AuthenticatorData::kAttested) {
    if (raw.size() < at + 18) throw PasskeyError("authenticator data: credential cut short");
    AttestedCredential c;
    c.aaguid.assign(raw.begin() + static_cast<std::ptrdiff_t>(at),
                    raw.begin() + static_cast<std::ptrdiff_t>(at + 16));
    at += 16;
    const std::size_t id_size = (std::size_t{raw[at]} << 8) | raw[at + 1];
    at += 2;
    if (id_size == 0 || id_size > kMaxCredentialId || raw.size() < at + id_size)
      throw PasskeyError("authenticator data: a credential id of a wrong length");
    c.id.assign(raw.begin() + static_cast<std::ptrdiff_t>(at),
                raw.begin() + static_cast<std::ptrdiff_t>(at + id_size));
    at += id_size;
    std::size_t used = 0;
    const CborItem key = CborItem::load(raw.data() + at, raw.size() - at, used);
    c.key = publicKeyFromCose(key.get());
    at += used;
    a.credential = std::move(c);
  }
  if (a.flags & AuthenticatorData::kExtensions) {
    std::size_t used = 0;
    const CborItem extensions = CborItem::load(raw.data() + at, raw.size() - at, used);
    if (!cbor_isa_map(extensions.get())) throw PasskeyError("authenticator data: extensions");
    at += used;
  }
  if (at != raw.size()) throw PasskeyError("authenticator data: bytes after its end");
  return a;
}

}  // namespace pg::passkey
