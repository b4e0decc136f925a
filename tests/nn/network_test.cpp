// The network's forward pass on a tiny net whose output is worked out by hand, and the batch,
// board shapes and kernels agreeing with each other.
#include "nn/network.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <thread>

#include "nn/nn_test_util.h"

namespace pg::nn {
namespace {

// Cs 1, G 1, F 1, B 1, M 1, Hd 1, S 2 (a pv net). Every 3x3 kernel is laid out [ky][kx]; tap
// (ky, kx) reads the point (y + ky - 1, x + kx - 1).
//   stem: z = s(y,x) + 10 s(y,x+1) + 100 s(y+1,x) + 2 g + 3 g(y,x-1) - 1, then ReLU: h
//   block: u = relu(2 h - 3); v = u + 0.5; x = relu(h + v)
//   map: x - 2; scalar head: m = mean x; k = relu(m); scalars (k + 0.25, -k)
NetworkFile tinyNet() {
  NetworkFile f;
  f.kind = Kind::Pv;
  f.features = "board-v1";
  f.shape = Shape{1, 1, 1, 1, 1, 1, 2};
  f.weights = {
      // stem.w [1][2][3][3]: the spatial plane, then the global's plane
      0,    0,  0,     0, 1, 10, 0, 100, 0,  //
      0,    0,  0,     3, 2, 0,  0, 0,   0,  //
      -1,                                    // stem.b
      0,    0,  0,     0, 2, 0,  0, 0,   0,  // conv1.w
      -3,                                    // conv1.b
      0,    0,  0,     0, 1, 0,  0, 0,   0,  // conv2.w
      0.5f,                                  // conv2.b
      1,    -2,                              // map.w, map.b
      1,    0,                               // fc1.w, fc1.b
      1,    -1, 0.25f, 0,                    // fc2.w [2][1], fc2.b
  };
  return f;
}

std::unique_ptr<Network> make(NetworkFile file) {
  std::string error;
  auto net = Network::fromFile(std::move(file), &error);
  EXPECT_TRUE(net) << error;
  return net;
}

struct Out {
  std::vector<float> maps, scalars;
};

Out run(const Network& net, const std::vector<float>& spatial, const std::vector<float>& globals,
        int batch, int h, int w, bool torus, Workspace& ws) {
  Out o;
  o.maps.assign(static_cast<std::size_t>(batch * net.M() * h * w), NAN);
  o.scalars.assign(static_cast<std::size_t>(batch * net.S()), NAN);
  net.forward(spatial.data(), globals.data(), batch, h, w, torus, o.maps.data(), o.scalars.data(),
              ws);
  return o;
}

// The tiny net's map at (y, x), worked out with the formula above.
float tinyMap(const std::vector<float>& s, float g, int h, int w, bool torus, int y, int x) {
  auto at = [&](int yy, int xx) -> float {
    if (torus) {
      yy = (yy + h) % h;
      xx = (xx + w) % w;
    } else if (yy < 0 || yy >= h || xx < 0 || xx >= w) {
      return 0.0f;
    }
    return s[static_cast<std::size_t>(yy * w + xx)];
  };
  const float west = (torus || x > 0) ? g : 0.0f;
  const float z = at(y, x) + 10 * at(y, x + 1) + 100 * at(y + 1, x) + 2 * g + 3 * west - 1;
  const float hh = std::max(z, 0.0f);
  const float u = std::max(2 * hh - 3, 0.0f);
  const float v = u + 0.5f;
  return std::max(hh + v, 0.0f) - 2;
}

std::vector<float> tinyInput(int h, int w) {
  std::vector<float> s(static_cast<std::size_t>(h * w), 0.0f);
  s[static_cast<std::size_t>(2 * w + 2)] = 1.0f;      // (2, 2)
  s[static_cast<std::size_t>(0 * w + w - 1)] = 1.0f;  // (0, W-1): the east edge
  s[static_cast<std::size_t>(3 * w + 0)] = 0.5f;      // (3, 0): the west edge
  return s;
}

TEST(NetworkTest, TinyNetByHandOnAPlainBoard) {
  auto net = make(tinyNet());
  Workspace ws;
  const auto s = tinyInput(5, 5);
  const Out o = run(*net, s, {0.5f}, 1, 5, 5, false, ws);
  auto map = [&](int y, int x) { return o.maps[static_cast<std::size_t>(y * 5 + x)]; };
  // (0,0): z = 2g = 1 - 1 = 0 (the west tap reads the zero padding): x = relu(0 + 0 + 0.5).
  EXPECT_FLOAT_EQ(map(0, 0), -1.5f);
  // (0,1): z = 1 + 1.5 - 1 = 1.5, u = relu(0) = 0, x = 1.5 + 0.5.
  EXPECT_FLOAT_EQ(map(0, 1), 0.0f);
  // (2,1): the east neighbour holds 1: z = 10 + 1.5 = 11.5, u = 20, x = 11.5 + 20.5.
  EXPECT_FLOAT_EQ(map(2, 1), 30.0f);
  // (1,2): the south neighbour holds 1: z = 100 + 1.5 = 101.5, u = 200, x = 302.
  EXPECT_FLOAT_EQ(map(1, 2), 300.0f);
  // (2,2): z = 1 + 1.5 = 2.5, u = 2, x = 5.
  EXPECT_FLOAT_EQ(map(2, 2), 3.0f);
  // (3,4) on the east edge: its east tap reads the padding: z = 1.5.
  EXPECT_FLOAT_EQ(map(3, 4), 0.0f);
  // (3,0) on the west edge: z = 0.5 + 1 - 1 = 0.5, u = 0, x = 1.
  EXPECT_FLOAT_EQ(map(3, 0), -1.0f);
  // (4,4): the south tap reads the padding: z = 1.5.
  EXPECT_FLOAT_EQ(map(4, 4), 0.0f);
  float sum = 0;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) {
      EXPECT_FLOAT_EQ(map(y, x), tinyMap(s, 0.5f, 5, 5, false, y, x)) << y << "," << x;
      sum += map(y, x) + 2;
    }
  const float k = std::max(sum / 25, 0.0f);
  ASSERT_EQ(o.scalars.size(), 2u);
  EXPECT_NEAR(o.scalars[0], k + 0.25f, 1e-5);
  EXPECT_NEAR(o.scalars[1], -k, 1e-5);
}

TEST(NetworkTest, TinyNetOnATorusWrapsAtTheEdges) {
  auto net = make(tinyNet());
  Workspace ws;
  const auto s = tinyInput(5, 5);
  const Out plain = run(*net, s, {0.5f}, 1, 5, 5, false, ws);
  const Out torus = run(*net, s, {0.5f}, 1, 5, 5, true, ws);
  auto map = [&](const Out& o, int y, int x) {
    return o.maps[static_cast<std::size_t>(y * 5 + x)];
  };
  // (3,4): the east tap wraps to (3,0) = 0.5: z = 5 + 1.5 = 6.5, u = 10, x = 17.
  EXPECT_FLOAT_EQ(map(torus, 3, 4), 15.0f);
  EXPECT_FLOAT_EQ(map(plain, 3, 4), 0.0f);
  // (3,0): the west tap wraps and reads the global's plane: z = 0.5 + 1.5 = 2, u = 1, x = 3.5.
  EXPECT_FLOAT_EQ(map(torus, 3, 0), 1.5f);
  EXPECT_FLOAT_EQ(map(plain, 3, 0), -1.0f);
  // (4,4): the south tap wraps to (0,4) = 1: z = 101.5.
  EXPECT_FLOAT_EQ(map(torus, 4, 4), 300.0f);
  // Inside the board the two agree.
  EXPECT_FLOAT_EQ(map(torus, 2, 2), map(plain, 2, 2));
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x)
      EXPECT_FLOAT_EQ(map(torus, y, x), tinyMap(s, 0.5f, 5, 5, true, y, x)) << y << "," << x;
}

TEST(NetworkTest, EachSampleOfABatchGetsItsOwnGlobals) {
  auto net = make(tinyNet());
  Workspace ws;
  const auto s = tinyInput(5, 5);
  std::vector<float> two = s;
  two.insert(two.end(), s.begin(), s.end());
  const Out o = run(*net, two, {0.5f, 0.0f}, 2, 5, 5, false, ws);
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) {
      EXPECT_FLOAT_EQ(o.maps[static_cast<std::size_t>(y * 5 + x)],
                      tinyMap(s, 0.5f, 5, 5, false, y, x));
      EXPECT_FLOAT_EQ(o.maps[static_cast<std::size_t>(25 + y * 5 + x)],
                      tinyMap(s, 0.0f, 5, 5, false, y, x));
    }
  // g = 0 at (0,0): z = -1, every ReLU bites: x = relu(0 + 0.5) = 0.5.
  EXPECT_FLOAT_EQ(o.maps[25], -1.5f);
  EXPECT_NE(o.scalars[0], o.scalars[2]);
}

TEST(NetworkTest, TinyNetOnANonSquareBoard) {
  auto net = make(tinyNet());
  Workspace ws;
  for (const auto& [h, w] : {std::pair{6, 9}, std::pair{9, 6}, std::pair{5, 19}}) {
    const auto s = tinyInput(h, w);
    for (bool torus : {false, true}) {
      const Out o = run(*net, s, {0.5f}, 1, h, w, torus, ws);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          EXPECT_FLOAT_EQ(o.maps[static_cast<std::size_t>(y * w + x)],
                          tinyMap(s, 0.5f, h, w, torus, y, x))
              << h << "x" << w << " torus " << torus << " at " << y << "," << x;
    }
  }
}

void expectClose(const std::vector<float>& a, const std::vector<float>& b, const char* what) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    ASSERT_NEAR(a[i], b[i], 1e-5f + 1e-5f * std::fabs(b[i])) << what << " at " << i;
}

TEST(NetworkTest, ABatchOf16EqualsSixteenSingleEvaluations) {
  for (Kind kind : {Kind::Belief, Kind::Pv}) {
    auto net = make(test::randomNetwork(kind, 32, 4, 7));
    for (const auto& [h, w, torus] : {std::tuple{9, 9, false}, std::tuple{7, 11, true}}) {
      const int batch = 16;
      const std::size_t hw = static_cast<std::size_t>(h * w);
      const auto spatial = test::randomInput(batch * hw * static_cast<std::size_t>(net->Cs()), 1);
      const auto globals = test::randomInput(static_cast<std::size_t>(batch * net->G()), 2);
      Workspace ws;
      const Out all = run(*net, spatial, globals, batch, h, w, torus, ws);
      Out one;
      Workspace ws1;
      for (int b = 0; b < batch; ++b) {
        const auto cs = static_cast<std::size_t>(net->Cs());
        const auto g = static_cast<std::size_t>(net->G());
        const auto ub = static_cast<std::size_t>(b);
        std::vector<float> sp(spatial.begin() + static_cast<std::ptrdiff_t>(ub * cs * hw),
                              spatial.begin() + static_cast<std::ptrdiff_t>((ub + 1) * cs * hw));
        std::vector<float> gl(globals.begin() + static_cast<std::ptrdiff_t>(ub * g),
                              globals.begin() + static_cast<std::ptrdiff_t>((ub + 1) * g));
        const Out o = run(*net, sp, gl, 1, h, w, torus, ws1);
        one.maps.insert(one.maps.end(), o.maps.begin(), o.maps.end());
        one.scalars.insert(one.scalars.end(), o.scalars.begin(), o.scalars.end());
      }
      expectClose(all.maps, one.maps, "maps");
      expectClose(all.scalars, one.scalars, "scalars");
    }
  }
}

TEST(NetworkTest, AWorkspaceServesAnyBoardAfterALargerOne) {
  auto net = make(test::randomNetwork(Kind::Pv, 16, 2, 3));
  const auto spatial19 = test::randomInput(12 * 19 * 19, 4);
  const auto spatial5 = test::randomInput(12 * 5 * 7, 5);
  const auto globals = test::randomInput(4, 6);
  Workspace used;
  run(*net, spatial19, globals, 1, 19, 19, false, used);
  Workspace fresh;
  const Out a = run(*net, spatial5, globals, 1, 5, 7, true, used);
  const Out b = run(*net, spatial5, globals, 1, 5, 7, true, fresh);
  EXPECT_EQ(a.maps, b.maps);
  EXPECT_EQ(a.scalars, b.scalars);
}

TEST(NetworkTest, TheGenericAvx2AndAvx512KernelsAgree) {
  auto net = make(test::randomNetwork(Kind::Pv, 32, 4, 11));
  ASSERT_TRUE(net->setKernels(Kernels::Generic));
  EXPECT_STREQ(net->kernelsName(), "generic");
  const auto spatial = test::randomInput(4 * 12 * 81, 8);
  const auto globals = test::randomInput(4 * 4, 9);
  Workspace ws;
  const Out generic = run(*net, spatial, globals, 4, 9, 9, true, ws);
  int others = 0;
  for (const auto& [kernels, name] :
       {std::pair{Kernels::Avx2, "avx2"}, std::pair{Kernels::Avx512, "avx512"}}) {
    if (!net->setKernels(kernels)) continue;
    ++others;
    EXPECT_STREQ(net->kernelsName(), name);
    const Out o = run(*net, spatial, globals, 4, 9, 9, true, ws);
    expectClose(o.maps, generic.maps, name);
    expectClose(o.scalars, generic.scalars, name);
  }
  // Auto takes the widest the CPU has.
  ASSERT_TRUE(net->setKernels(Kernels::Auto));
  if (others == 0) GTEST_SKIP() << "no AVX2 + FMA on this CPU or build";
  EXPECT_STRNE(net->kernelsName(), "generic");
}

TEST(NetworkTest, ThreadsShareANetworkWithAWorkspaceEach) {
  auto net = make(test::randomNetwork(Kind::Pv, 32, 2, 5));
  const auto spatial = test::randomInput(3 * 12 * 121, 10);
  const auto globals = test::randomInput(3 * 4, 11);
  Workspace ws;
  const Out alone = run(*net, spatial, globals, 3, 11, 11, false, ws);
  std::vector<Out> outs(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < outs.size(); ++i)
    threads.emplace_back([&, i] {
      Workspace mine;
      for (int k = 0; k < 20; ++k) outs[i] = run(*net, spatial, globals, 3, 11, 11, false, mine);
    });
  for (auto& t : threads) t.join();
  for (const Out& o : outs) {
    EXPECT_EQ(o.maps, alone.maps);
    EXPECT_EQ(o.scalars, alone.scalars);
  }
}

TEST(NetworkTest, TheAccessorsGiveTheFilesShape) {
  auto net = make(test::randomNetwork(Kind::Pv, 32, 4, 1));
  EXPECT_EQ(net->kind(), Kind::Pv);
  EXPECT_EQ(net->features(), "board-v1");
  EXPECT_EQ(net->Cs(), 12);
  EXPECT_EQ(net->G(), 4);
  EXPECT_EQ(net->F(), 32);
  EXPECT_EQ(net->B(), 4);
  EXPECT_EQ(net->M(), 1);
  EXPECT_EQ(net->Hd(), 32);
  EXPECT_EQ(net->S(), 2);
}

}  // namespace
}  // namespace pg::nn
