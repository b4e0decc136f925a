// Recovery codes: the way back into an account whose passkeys are all lost, without a password.
// A code is 60 random bits written as three groups of four characters from an alphabet without
// look-alikes ("K7QF-M2XA-9RTD"); it is shown to its player once and kept by the server only as
// an Argon2id hash (libsodium's crypto_pwhash_str: salted, 2 passes over 19 MiB, OWASP's
// minimum for Argon2id), each usable once (the store marks it used).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pg::passkey {

/// How many codes an account gets at sign-up (and when it asks for new ones).
inline constexpr int kRecoveryCodes = 10;

/// `n` new random codes.
std::vector<std::string> newRecoveryCodes(int n = kRecoveryCodes);
/// The code as the player may type it (spaces, dashes, lower case, 0/O and 1/I/L mixed up)
/// in its one written form, or nullopt when it cannot be a code.
std::optional<std::string> normalizeRecoveryCode(std::string_view typed);
/// The Argon2id hash to store for `code` (in its normalized form). Throws std::runtime_error
/// when libsodium fails (out of memory).
std::string hashRecoveryCode(const std::string& code);
/// Whether `code` (normalized) is the one `hash` was made from.
bool recoveryCodeMatches(const std::string& code, const std::string& hash);

}  // namespace pg::passkey
