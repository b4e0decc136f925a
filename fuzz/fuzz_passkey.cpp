// The passkey checks (src/passkey/ceremony.h) on what a hostile browser could send: a
// registration's client data and attestation object, or an assertion's client data,
// authenticator data and signature. Every refusal is a PasskeyError; nothing else escapes, and
// nothing crashes, leaks or reads out of bounds (ASan, UBSan).
//
// Input: byte 0 chooses (even: registration, odd: assertion); bytes 1-2 are the client data's
// length, then the client data; for a registration the rest is the attestation object; for an
// assertion two more bytes give the authenticator data's length, then it, then the signature.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include <exception>
#include <string>

#include "fuzz_check.h"
#include "passkey/ceremony.h"

namespace {

using namespace pg::passkey;

const Expectation& expectation() {
  static const Expectation e{Bytes(32, 0x2a), "https://go.example.org", "go.example.org", true};
  return e;
}

/// A stored ES256 credential with a real key (so the signature check runs to its end).
const Credential& credential() {
  static const Credential c = [] {
    EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    const int n = i2d_PUBKEY(key, nullptr);
    Bytes der(static_cast<std::size_t>(n));
    unsigned char* p = der.data();
    i2d_PUBKEY(key, &p);
    EVP_PKEY_free(key);
    return Credential{Bytes(16, 0), PublicKey{Alg::ES256, der}, 7};
  }();
  return c;
}

/// Takes a length-prefixed piece off the front of [data, end).
Bytes take(const uint8_t*& data, const uint8_t* end) {
  if (end - data < 2) {
    data = end;
    return {};
  }
  const std::size_t n = (std::size_t{data[0]} << 8) | data[1];
  data += 2;
  const std::size_t k = std::min<std::size_t>(n, static_cast<std::size_t>(end - data));
  Bytes out(data, data + k);
  data += k;
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool assertion = data[0] & 1;
  const uint8_t* p = data + 1;
  const uint8_t* end = data + size;
  try {
    if (!assertion) {
      Registration r;
      r.client_data_json = take(p, end);
      r.attestation_object.assign(p, end);
      const Credential c = verifyRegistration(expectation(), r);
      PG_FUZZ_CHECK(!c.id.empty() && !c.key.der.empty(), "a credential without id or key");
    } else {
      Assertion a;
      a.credential_id = credential().id;
      a.client_data_json = take(p, end);
      a.authenticator_data = take(p, end);
      a.signature.assign(p, end);
      verifyAssertion(expectation(), credential(), a);
      PG_FUZZ_CHECK(false, "an assertion verified without the key's signature");
    }
  } catch (const PasskeyError&) {
  } catch (const std::exception& e) {
    PG_FUZZ_CHECK(false, std::string("not a PasskeyError: ") + e.what());
  }
  return 0;
}
