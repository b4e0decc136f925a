// Recovery codes: random, written one way, typed many ways, kept only as Argon2id hashes.
#include "passkey/recovery_codes.h"

#include <gtest/gtest.h>

#include <set>

namespace pg::passkey {
namespace {

TEST(RecoveryCodes, TenDistinctCodesInOneWrittenForm) {
  const auto codes = newRecoveryCodes();
  ASSERT_EQ(codes.size(), 10u);
  EXPECT_EQ(std::set<std::string>(codes.begin(), codes.end()).size(), codes.size());
  for (const std::string& c : codes) {
    EXPECT_EQ(c.size(), 14u) << c;
    EXPECT_EQ(normalizeRecoveryCode(c), c) << "a new code is in its written form";
  }
}

TEST(RecoveryCodes, TypedLooselyReadsBackOneWay) {
  EXPECT_EQ(normalizeRecoveryCode("k7qf m2xa 9rtd"), "K7QF-M2XA-9RTD");
  EXPECT_EQ(normalizeRecoveryCode("K7QF-M2XA-9RTD"), "K7QF-M2XA-9RTD");
  EXPECT_EQ(normalizeRecoveryCode("O1IL-0000-1111"), "0111-0000-1111") << "look-alikes";
  EXPECT_EQ(normalizeRecoveryCode("K7QF-M2XA-9RT"), std::nullopt) << "one short";
  EXPECT_EQ(normalizeRecoveryCode("K7QF-M2XA-9RTDX"), std::nullopt) << "one long";
  EXPECT_EQ(normalizeRecoveryCode("K7QF-M2XA-9RTU"), std::nullopt) << "U is not in the alphabet";
  EXPECT_EQ(normalizeRecoveryCode(""), std::nullopt);
}

TEST(RecoveryCodes, OnlyTheHashIsKeptAndOnlyItsCodeMatches) {
  const std::string code = newRecoveryCodes(1).front();
  const std::string hash = hashRecoveryCode(code);
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u) << hash;
  EXPECT_EQ(hash.find(code), std::string::npos);
  EXPECT_NE(hashRecoveryCode(code), hash) << "salted";
  EXPECT_TRUE(recoveryCodeMatches(code, hash));
  std::string other = code;
  other[0] = other[0] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(recoveryCodeMatches(other, hash));
  EXPECT_FALSE(recoveryCodeMatches(code, "not a hash"));
  EXPECT_FALSE(recoveryCodeMatches(code, std::string(200, 'x')));
}

}  // namespace
}  // namespace pg::passkey
