// The .pgnn file: what a good file holds, and the errors of bad ones.
#include "nn/network_file.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "nn/network.h"
#include "nn/nn_test_util.h"

namespace pg::nn {
namespace {

const char kHeader[] =
    "PGNN 1\nkind belief\nspatial 20 globals 8 filters 32 blocks 4 maps 3 hidden 32 scalars 0\n"
    "features belief-v1\nend\n";

std::string goodBelief() {
  return serializeNetworkFile(test::randomNetwork(Kind::Belief, 32, 4, 1));
}

std::string parseError(const std::string& bytes) {
  std::string error;
  EXPECT_FALSE(parseNetworkFile(bytes, &error));
  return error;
}

TEST(NetworkFileTest, TheHeaderIsTheContractsFiveLines) {
  const std::string bytes = goodBelief();
  EXPECT_EQ(bytes.substr(0, sizeof kHeader - 1), kHeader);
  // Stem 32*28*9+32, four blocks of 2*(32*32*9+32), the map head 3*32+3.
  const std::size_t floats = 32 * 28 * 9 + 32 + 4 * 2 * (32 * 32 * 9 + 32) + 3 * 32 + 3;
  EXPECT_EQ(bytes.size(), sizeof kHeader - 1 + 4 * floats);
  std::string error;
  const auto file = parseNetworkFile(bytes, &error);
  ASSERT_TRUE(file) << error;
  EXPECT_EQ(file->kind, Kind::Belief);
  EXPECT_EQ(file->features, "belief-v1");
  EXPECT_EQ(file->shape.filters, 32);
  EXPECT_EQ(file->weights, test::randomNetwork(Kind::Belief, 32, 4, 1).weights);
}

TEST(NetworkFileTest, APvFileHoldsTheScalarHead) {
  const NetworkFile net = test::randomNetwork(Kind::Pv, 32, 4, 2);
  const std::size_t floats =
      32 * 16 * 9 + 32 + 4 * 2 * (32 * 32 * 9 + 32) + 32 + 1 + 32 * 32 + 32 + 2 * 32 + 2;
  EXPECT_EQ(net.weights.size(), floats);
  std::string error;
  const auto back = parseNetworkFile(serializeNetworkFile(net), &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->weights, net.weights);
  EXPECT_EQ(back->shape.scalars, 2);
}

TEST(NetworkFileTest, ATruncatedFileSaysTheExpectedAndActualSizes) {
  std::string bytes = goodBelief();
  const std::size_t full = bytes.size();
  bytes.pop_back();
  const std::string error = parseError(bytes);
  EXPECT_NE(error.find("wrong size"), std::string::npos) << error;
  EXPECT_NE(error.find("expected " + std::to_string(full) + " bytes"), std::string::npos) << error;
  EXPECT_NE(error.find("got " + std::to_string(full - 1) + " bytes"), std::string::npos) << error;
  // Cut inside the header.
  EXPECT_NE(parseError(std::string(kHeader).substr(0, 20)).find("truncated header"),
            std::string::npos);
}

TEST(NetworkFileTest, ExtraBytesAreRefused) {
  std::string bytes = goodBelief();
  const std::size_t full = bytes.size();
  bytes += "x";
  const std::string error = parseError(bytes);
  EXPECT_NE(error.find("expected " + std::to_string(full) + " bytes"), std::string::npos) << error;
  EXPECT_NE(error.find("got " + std::to_string(full + 1) + " bytes"), std::string::npos) << error;
}

TEST(NetworkFileTest, AnUnknownKindIsRefused) {
  std::string bytes = goodBelief();
  bytes.replace(bytes.find("kind belief"), 11, "kind value!");
  EXPECT_NE(parseError(bytes).find("unknown kind \"value!\""), std::string::npos)
      << parseError(bytes);
}

TEST(NetworkFileTest, AKindWithTheWrongHeadsIsRefused) {
  std::string bytes = goodBelief();
  bytes.replace(bytes.find("kind belief"), 11, "kind pv    ");
  EXPECT_NE(parseError(bytes).find("bad numbers: kind pv has maps 1 scalars 2"), std::string::npos)
      << parseError(bytes);
}

TEST(NetworkFileTest, WrongMagicAndVersionAreRefused) {
  std::string bytes = goodBelief();
  EXPECT_NE(parseError("GIF89a\x01\x02").find("wrong magic"), std::string::npos);
  EXPECT_NE(parseError("PGNX 1" + bytes.substr(6)).find("wrong magic"), std::string::npos);
  EXPECT_NE(parseError("PGNN 2" + bytes.substr(6)).find("unsupported version 2"),
            std::string::npos);
}

TEST(NetworkFileTest, BadNumbersAreRefused) {
  const std::string good = goodBelief();
  for (const char* bad : {"filters x2", "filters -1", "filters 0", "filters 32x"}) {
    std::string bytes = good;
    bytes.replace(bytes.find("filters 32"), 10, bad);
    EXPECT_NE(parseError(bytes).find("bad numbers"), std::string::npos) << bad;
  }
  std::string swapped = good;
  swapped.replace(swapped.find("spatial 20 globals 8"), 20, "globals 8 spatial 20");
  EXPECT_NE(parseError(swapped).find("bad numbers"), std::string::npos);
}

TEST(NetworkFileTest, TheLoaderNamesThePathAndReadsAGoodFile) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("pg_nn_test_" + std::to_string(::getpid()) + ".pgnn"))
                               .string();
  {
    std::ofstream out(path, std::ios::binary);
    out << goodBelief();
  }
  std::string error;
  auto net = Network::load(path, &error);
  ASSERT_TRUE(net) << error;
  EXPECT_EQ(net->kind(), Kind::Belief);
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << kHeader;
  }
  EXPECT_FALSE(Network::load(path, &error));
  EXPECT_EQ(error.rfind(path + ": wrong size", 0), 0u) << error;
  std::filesystem::remove(path);
  EXPECT_FALSE(Network::load(path, &error));
  EXPECT_NE(error.find("cannot open"), std::string::npos);
}

}  // namespace
}  // namespace pg::nn
