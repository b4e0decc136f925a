// The WebAuthn checks against an authenticator in software (soft_authenticator.h): a
// registration and assertions verify for each accepted algorithm, and each check refuses what
// it must (another challenge, origin or RP ID, a missing flag, another key's signature, a
// counter that went backwards, an attestation format other than none, malformed input).
#include <gtest/gtest.h>

#include <tuple>

#include "passkey/authenticator_data.h"
#include "passkey/ceremony.h"
#include "soft_authenticator.h"

namespace pg::passkey {
namespace {

using test::SoftAuthenticator;

const std::string kRp = "go.example.org";
const std::string kOrigin = "https://go.example.org";

Expectation expect(const Bytes& challenge) {
  return Expectation{challenge, kOrigin, kRp, true};
}

Bytes challenge(uint8_t seed) {
  return Bytes(32, seed);
}

class EachAlgorithm : public ::testing::TestWithParam<Alg> {};

TEST_P(EachAlgorithm, RegistersThenSignsInWithACounterThatGrows) {
  SoftAuthenticator device(GetParam());
  const Credential made =
      verifyRegistration(expect(challenge(1)), device.create(kRp, kOrigin, challenge(1)));
  EXPECT_EQ(made.id, device.id);
  EXPECT_EQ(made.key.alg, GetParam());
  EXPECT_EQ(made.sign_count, 0u);
  Credential stored = made;
  for (uint8_t round = 2; round < 5; ++round) {
    const Assertion a = device.get(kRp, kOrigin, challenge(round));
    stored.sign_count = verifyAssertion(expect(challenge(round)), stored, a);
    EXPECT_EQ(stored.sign_count, device.counter);
  }
}

INSTANTIATE_TEST_SUITE_P(Passkey, EachAlgorithm,
                         ::testing::Values(Alg::ES256, Alg::EdDSA, Alg::RS256));

TEST(Passkey, AReplayedOrForeignCeremonyIsRefused) {
  SoftAuthenticator device(Alg::ES256);
  const Credential c =
      verifyRegistration(expect(challenge(1)), device.create(kRp, kOrigin, challenge(1)));
  // An assertion made for an earlier challenge, answered to a new one: a replay.
  const Assertion old = device.get(kRp, kOrigin, challenge(1));
  EXPECT_THROW(verifyAssertion(expect(challenge(2)), c, old), PasskeyError);
  EXPECT_THROW(verifyAssertion(expect(challenge(3)), c,
                               device.get(kRp, "https://evil.example", challenge(3))),
               PasskeyError)
      << "another origin";
  EXPECT_THROW(
      verifyAssertion(expect(challenge(4)), c, device.get("evil.example", kOrigin, challenge(4))),
      PasskeyError)
      << "the hash of another RP ID";
  EXPECT_THROW(verifyRegistration(expect(challenge(5)), device.create(kRp, kOrigin, challenge(6))),
               PasskeyError);
  device.type_override = "webauthn.create";  // a registration's client data used to sign in
  EXPECT_THROW(verifyAssertion(expect(challenge(7)), c, device.get(kRp, kOrigin, challenge(7))),
               PasskeyError);
}

TEST(Passkey, ACounterThatGoesBackwardsIsAClone) {
  SoftAuthenticator device(Alg::EdDSA);
  Credential c =
      verifyRegistration(expect(challenge(1)), device.create(kRp, kOrigin, challenge(1)));
  c.sign_count = verifyAssertion(expect(challenge(2)), c, device.get(kRp, kOrigin, challenge(2)));
  c.sign_count = verifyAssertion(expect(challenge(3)), c, device.get(kRp, kOrigin, challenge(3)));
  ASSERT_EQ(c.sign_count, 2u);
  device.counter = 0;  // a copy made when the counter was 0 signs next with 1
  EXPECT_THROW(verifyAssertion(expect(challenge(4)), c, device.get(kRp, kOrigin, challenge(4))),
               CounterWentBackwards);
  device.counter = 1;  // and one that stands still
  EXPECT_THROW(verifyAssertion(expect(challenge(5)), c, device.get(kRp, kOrigin, challenge(5))),
               CounterWentBackwards);
  // An authenticator that does not count sends 0 every time: that is allowed.
  SoftAuthenticator plain(Alg::ES256);
  plain.counting = false;
  Credential p = verifyRegistration(expect(challenge(6)), plain.create(kRp, kOrigin, challenge(6)));
  for (uint8_t i = 7; i < 9; ++i)
    EXPECT_EQ(verifyAssertion(expect(challenge(i)), p, plain.get(kRp, kOrigin, challenge(i))), 0u);
}

TEST(Passkey, TheFlagsMatter) {
  SoftAuthenticator device(Alg::ES256);
  const Credential c =
      verifyRegistration(expect(challenge(1)), device.create(kRp, kOrigin, challenge(1)));
  device.flags = AuthenticatorData::kUserPresent;  // not verified
  EXPECT_THROW(verifyAssertion(expect(challenge(2)), c, device.get(kRp, kOrigin, challenge(2))),
               PasskeyError);
  Expectation relaxed = expect(challenge(3));
  relaxed.user_verification = false;
  EXPECT_NO_THROW(verifyAssertion(relaxed, c, device.get(kRp, kOrigin, challenge(3))));
  device.flags = AuthenticatorData::kUserVerified;  // verified but not present
  Expectation relaxed4 = expect(challenge(4));
  relaxed4.user_verification = false;
  EXPECT_THROW(verifyAssertion(relaxed4, c, device.get(kRp, kOrigin, challenge(4))), PasskeyError);
}

TEST(Passkey, OnlyTheCredentialsOwnKeySigns) {
  SoftAuthenticator device(Alg::ES256);
  SoftAuthenticator other(Alg::ES256);
  const Credential c =
      verifyRegistration(expect(challenge(1)), device.create(kRp, kOrigin, challenge(1)));
  Assertion a = device.get(kRp, kOrigin, challenge(2));
  Bytes message = a.authenticator_data;
  const Bytes hash = sha256(a.client_data_json);
  message.insert(message.end(), hash.begin(), hash.end());
  Assertion forged = a;
  forged.signature = other.sign(message);
  EXPECT_THROW(verifyAssertion(expect(challenge(2)), c, forged), PasskeyError);
  Assertion tampered = a;
  tampered.authenticator_data[33] ^= 0x01;  // the counter, after signing
  EXPECT_THROW(verifyAssertion(expect(challenge(2)), c, tampered), PasskeyError);
  Assertion wrong_id = a;
  wrong_id.credential_id[0] ^= 0x01;
  EXPECT_THROW(verifyAssertion(expect(challenge(2)), c, wrong_id), PasskeyError);
  EXPECT_NO_THROW(verifyAssertion(expect(challenge(2)), c, a));
}

TEST(Passkey, OnlyAttestationNoneAndAcceptedKeys) {
  SoftAuthenticator packed(Alg::ES256);
  packed.fmt = "packed";
  EXPECT_THROW(verifyRegistration(expect(challenge(1)), packed.create(kRp, kOrigin, challenge(1))),
               PasskeyError);
  SoftAuthenticator weak(Alg::RS256, 1024);
  EXPECT_THROW(verifyRegistration(expect(challenge(1)), weak.create(kRp, kOrigin, challenge(1))),
               PasskeyError)
      << "an RSA modulus under 2048 bits";
}

TEST(Passkey, MalformedInputIsRefusedNotTrusted) {
  SoftAuthenticator device(Alg::ES256);
  Registration r = device.create(kRp, kOrigin, challenge(1));
  Registration trailing = r;
  trailing.attestation_object.push_back(0x00);
  EXPECT_THROW(verifyRegistration(expect(challenge(1)), trailing), PasskeyError);
  Registration cut = r;
  cut.attestation_object.resize(cut.attestation_object.size() - 5);
  EXPECT_THROW(verifyRegistration(expect(challenge(1)), cut), PasskeyError);
  Registration big = r;
  big.attestation_object.resize(kMaxAttestationObject + 1);
  EXPECT_THROW(verifyRegistration(expect(challenge(1)), big), PasskeyError);
  Registration not_json = r;
  not_json.client_data_json = test::text("{\"type\":");
  EXPECT_THROW(verifyRegistration(expect(challenge(1)), not_json), PasskeyError);
  // Deep nesting within the size cap.
  Registration deep = r;
  deep.attestation_object.assign(kMaxAttestationObject, 0x81);
  EXPECT_THROW(verifyRegistration(expect(challenge(1)), deep), PasskeyError);
  // A few bytes that declare billions of items (libcbor would reserve room for them all), and
  // indefinite lengths, are refused before anything is built.
  for (const Bytes& hostile :
       {Bytes{0x9a, 0xff, 0xff, 0xff, 0xff}, Bytes{0xbb, 0, 0, 0, 1, 0, 0, 0, 0}, Bytes{0xbf, 0xff},
        Bytes{0x5f, 0x41, 0x00, 0xff}}) {
    Registration h = r;
    h.attestation_object = hostile;
    EXPECT_THROW(verifyRegistration(expect(challenge(1)), h), PasskeyError);
  }
  EXPECT_NO_THROW(verifyRegistration(expect(challenge(1)), r));
}

TEST(Base64url, RoundTripsAndIsStrict) {
  for (std::size_t n = 0; n < 40; ++n) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(i * 37 + n);
    EXPECT_EQ(fromBase64url(base64url(b)), b) << n;
  }
  EXPECT_EQ(base64url(std::string_view("hi?")), "aGk_");
  EXPECT_EQ(fromBase64url("aGk_"), test::text("hi?"));
  EXPECT_EQ(fromBase64url("aGk="), std::nullopt) << "no padding";
  EXPECT_EQ(fromBase64url("aGk/"), std::nullopt) << "not the standard alphabet";
  EXPECT_EQ(fromBase64url("a"), std::nullopt) << "no encoding has this length";
  EXPECT_EQ(fromBase64url("aGk"), test::text("hi"));
  EXPECT_EQ(fromBase64url("aGl"), std::nullopt) << "unused bits must be zero";
}

}  // namespace
}  // namespace pg::passkey
