// FNV-1a 64: the published test vectors, and a hash continued over pieces equals the hash of
// their concatenation. The values must never change (claim keys, ETags, seeds depend on them).
#include "rules/fnv1a.h"

#include <gtest/gtest.h>

namespace pg {
namespace {

TEST(Fnv1a, MatchesThePublishedVectors) {
  EXPECT_EQ(fnv1a(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a("foobar"), 0x85944171f73967e8ull);
  static_assert(fnv1a("") == kFnv1aOffsetBasis);
}

TEST(Fnv1a, BytesAboveTheAsciiRangeCountAsUnsigned) {
  const std::string_view high("\xff", 1);
  EXPECT_EQ(fnv1a(high), (kFnv1aOffsetBasis ^ 0xffull) * kFnv1aPrime);
}

TEST(Fnv1a, ContinuesOverPieces) {
  EXPECT_EQ(fnv1a("bar", fnv1a("foo")), fnv1a("foobar"));
}

}  // namespace
}  // namespace pg
