#include "passkey/cose_key.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/x509.h>

#include <memory>

#include "passkey/cbor_item.h"
#include "passkey/passkey_error.h"

namespace pg::passkey {

namespace {

struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

// COSE_Key labels and values (RFC 9053).
constexpr int64_t kKty = 1, kAlg = 3, kCrvOrN = -1, kXOrE = -2, kY = -3;
constexpr int64_t kKtyOkp = 1, kKtyEc2 = 2, kKtyRsa = 3;
constexpr int64_t kCrvP256 = 1, kCrvEd25519 = 6;

Bytes derOf(EVP_PKEY* key) {
  const int n = i2d_PUBKEY(key, nullptr);
  if (n <= 0) throw PasskeyError("COSE: the key cannot be encoded");
  Bytes der(static_cast<std::size_t>(n));
  unsigned char* p = der.data();
  i2d_PUBKEY(key, &p);
  return der;
}

Pkey fromParams(const char* type, OSSL_PARAM* params) {
  std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)> ctx(
      EVP_PKEY_CTX_new_from_name(nullptr, type, nullptr), EVP_PKEY_CTX_free);
  EVP_PKEY* key = nullptr;
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params) <= 0)
    throw PasskeyError("COSE: not a valid public key");
  return Pkey(key);
}

/// Checks the key as OpenSSL can (a point on its curve, a sane RSA modulus).
void checkPublic(EVP_PKEY* key) {
  std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)> ctx(
      EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr), EVP_PKEY_CTX_free);
  if (!ctx || EVP_PKEY_public_check(ctx.get()) != 1)
    throw PasskeyError("COSE: the public key fails its check");
}

Pkey ec2(const cbor_item_t* map) {
  if (intOf(mapValue(map, kCrvOrN)) != kCrvP256) throw PasskeyError("COSE: ES256 needs P-256");
  const auto x = bytesOf(mapValue(map, kXOrE));
  const auto y = bytesOf(mapValue(map, kY));
  if (!x || !y || x->size() != 32 || y->size() != 32)
    throw PasskeyError("COSE: a P-256 coordinate is not 32 bytes");
  Bytes point{0x04};
  point.insert(point.end(), x->begin(), x->end());
  point.insert(point.end(), y->begin(), y->end());
  char group[] = "P-256";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()),
      OSSL_PARAM_construct_end()};
  Pkey key = fromParams("EC", params);
  checkPublic(key.get());
  return key;
}

Pkey okp(const cbor_item_t* map) {
  if (intOf(mapValue(map, kCrvOrN)) != kCrvEd25519) throw PasskeyError("COSE: EdDSA needs Ed25519");
  const auto x = bytesOf(mapValue(map, kXOrE));
  if (!x || x->size() != 32) throw PasskeyError("COSE: an Ed25519 key is not 32 bytes");
  EVP_PKEY* key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, x->data(), x->size());
  if (!key) throw PasskeyError("COSE: not a valid Ed25519 key");
  return Pkey(key);
}

Pkey rsa(const cbor_item_t* map) {
  const auto n = bytesOf(mapValue(map, kCrvOrN));
  const auto e = bytesOf(mapValue(map, kXOrE));
  if (!n || !e || e->empty() || e->size() > 8) throw PasskeyError("COSE: an RSA key needs n and e");
  std::unique_ptr<BIGNUM, decltype(&BN_free)> bn_n(
      BN_bin2bn(n->data(), static_cast<int>(n->size()), nullptr), BN_free);
  std::unique_ptr<BIGNUM, decltype(&BN_free)> bn_e(
      BN_bin2bn(e->data(), static_cast<int>(e->size()), nullptr), BN_free);
  if (!bn_n || !bn_e || BN_num_bits(bn_n.get()) < 2048)
    throw PasskeyError("COSE: an RSA modulus under 2048 bits");
  std::unique_ptr<OSSL_PARAM_BLD, decltype(&OSSL_PARAM_BLD_free)> bld(OSSL_PARAM_BLD_new(),
                                                                      OSSL_PARAM_BLD_free);
  if (!bld || !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_N, bn_n.get()) ||
      !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_E, bn_e.get()))
    throw PasskeyError("COSE: the RSA key cannot be built");
  std::unique_ptr<OSSL_PARAM, decltype(&OSSL_PARAM_free)> params(OSSL_PARAM_BLD_to_param(bld.get()),
                                                                 OSSL_PARAM_free);
  if (!params) throw PasskeyError("COSE: the RSA key cannot be built");
  Pkey key = fromParams("RSA", params.get());
  checkPublic(key.get());
  return key;
}

}  // namespace

PublicKey publicKeyFromCose(const void* cose_map) {
  const auto* map = static_cast<const cbor_item_t*>(cose_map);
  const auto kty = intOf(mapValue(map, kKty));
  const auto alg = intOf(mapValue(map, kAlg));
  if (!kty || !alg) throw PasskeyError("COSE: no key type or algorithm");
  PublicKey out;
  Pkey key;
  if (*alg == static_cast<int64_t>(Alg::ES256) && *kty == kKtyEc2) {
    out.alg = Alg::ES256;
    key = ec2(map);
  } else if (*alg == static_cast<int64_t>(Alg::EdDSA) && *kty == kKtyOkp) {
    out.alg = Alg::EdDSA;
    key = okp(map);
  } else if (*alg == static_cast<int64_t>(Alg::RS256) && *kty == kKtyRsa) {
    out.alg = Alg::RS256;
    key = rsa(map);
  } else {
    throw PasskeyError("COSE: algorithm " + std::to_string(*alg) + " with key type " +
                       std::to_string(*kty) + " is not accepted");
  }
  out.der = derOf(key.get());
  return out;
}

}  // namespace pg::passkey
