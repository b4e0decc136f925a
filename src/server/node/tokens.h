// Secrets and identifiers: seat tokens from the kernel's cryptographic random source
// (getrandom(2)), public table ids, and a comparison whose time does not depend on where two
// secrets differ.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pg {

/// Fills buf with n cryptographically random bytes. Throws std::runtime_error on failure.
void secureRandom(void* buf, std::size_t n);
/// A seat token: 24 random bytes (192 bits) as 32 characters of base64url.
std::string newSeatToken();
/// A public table id: 12 characters of lowercase base32 (60 random bits).
std::string newTableId();
/// Whether s has the shape of a table id (so junk never reaches the store).
bool isTableId(std::string_view s);
/// Equality whose running time depends only on the lengths, not on the contents.
bool constantTimeEquals(std::string_view a, std::string_view b);

}  // namespace pg
