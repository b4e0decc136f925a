#include "passkey/recovery_codes.h"

#include <sodium.h>

#include <stdexcept>

namespace pg::passkey {

namespace {

// Crockford's base32: no I, L, O or U, so that a written code reads back one way.
constexpr std::string_view kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr std::size_t kGroups = 3;
constexpr std::size_t kGroupLength = 4;
// Argon2id: 2 passes over 19 MiB (OWASP's minimum for Argon2id).
constexpr unsigned long long kOps = 2;
constexpr std::size_t kMemory = 19u * 1024 * 1024;

void initSodium() {
  static const bool ok = sodium_init() >= 0;
  if (!ok) throw std::runtime_error("libsodium cannot start");
}

}  // namespace

std::vector<std::string> newRecoveryCodes(int n) {
  initSodium();
  std::vector<std::string> codes;
  for (int i = 0; i < n; ++i) {
    std::string code;
    for (std::size_t g = 0; g < kGroups; ++g) {
      if (g) code += '-';
      for (std::size_t k = 0; k < kGroupLength; ++k)
        code += kAlphabet[randombytes_uniform(static_cast<uint32_t>(kAlphabet.size()))];
    }
    codes.push_back(std::move(code));
  }
  return codes;
}

std::optional<std::string> normalizeRecoveryCode(std::string_view typed) {
  std::string chars;
  for (char c : typed) {
    if (c == ' ' || c == '-' || c == '\t') continue;
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c == 'O') c = '0';
    if (c == 'I' || c == 'L') c = '1';
    if (kAlphabet.find(c) == std::string_view::npos) return std::nullopt;
    chars += c;
  }
  if (chars.size() != kGroups * kGroupLength) return std::nullopt;
  std::string code;
  for (std::size_t g = 0; g < kGroups; ++g) {
    if (g) code += '-';
    code += chars.substr(g * kGroupLength, kGroupLength);
  }
  return code;
}

std::string hashRecoveryCode(const std::string& code) {
  initSodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, code.data(), code.size(), kOps, kMemory,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("Argon2id: out of memory");
  return out;
}

bool recoveryCodeMatches(const std::string& code, const std::string& hash) {
  initSodium();
  if (hash.size() >= crypto_pwhash_STRBYTES) return false;
  char stored[crypto_pwhash_STRBYTES] = {};
  hash.copy(stored, hash.size());
  return crypto_pwhash_str_verify(stored, code.data(), code.size()) == 0;
}

}  // namespace pg::passkey
