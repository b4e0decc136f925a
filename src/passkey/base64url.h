// Base64url without padding (RFC 4648 section 5), as WebAuthn encodes binary fields in JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pg::passkey {

using Bytes = std::vector<uint8_t>;

std::string base64url(const Bytes& bytes);
std::string base64url(std::string_view bytes);
/// The bytes of `text`, or nullopt when it is not unpadded base64url (a stray character, "="
/// padding, a length no encoding has, or unused bits that are not zero).
std::optional<Bytes> fromBase64url(std::string_view text);

}  // namespace pg::passkey
