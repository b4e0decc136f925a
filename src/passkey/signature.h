// The digests and signatures of a passkey ceremony, by OpenSSL.
#pragma once

#include "passkey/base64url.h"
#include "passkey/cose_key.h"

namespace pg::passkey {

/// SHA-256 of `data`.
Bytes sha256(const Bytes& data);
Bytes sha256(std::string_view data);
/// Whether `signature` is `key`'s over `message` (ES256: DER-encoded ECDSA over SHA-256; EdDSA:
/// 64 raw bytes; RS256: PKCS#1 v1.5 over SHA-256). A key that cannot be loaded verifies nothing.
bool verifySignature(const PublicKey& key, const Bytes& message, const Bytes& signature);
/// Compares two byte strings in time that depends on their lengths only.
bool sameBytes(const Bytes& a, const Bytes& b);

}  // namespace pg::passkey
