// The training data generator (tools/train, issue #40): the files' shapes and headers, rows that
// agree with a replay of the game through the real Referee, and the same bytes for a seed
// whatever the number of threads.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ai/net_features.h"
#include "game_record.h"
#include "generate.h"
#include "npy_writer.h"
#include "referee/referee.h"

namespace pg::train {
namespace {

namespace fs = std::filesystem;

GenConfig smallConfig() {
  GenConfig cfg;
  cfg.rules.size = 5;
  cfg.rules.komi = 7.5;
  cfg.bots = {"advanced", "v2"};
  cfg.playouts = 40;
  cfg.particles = 32;
  cfg.seed = 7;
  return cfg;
}

/// This process's folder for the tests' files, removed with everything in it at exit.
const fs::path& processDir() {
  struct Owned {
    fs::path dir = fs::temp_directory_path() / ("pg_gen_data_test_" + std::to_string(::getpid()));
    ~Owned() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  };
  static const Owned owned;
  return owned.dir;
}

fs::path freshDir(const std::string& name) {
  const fs::path dir = processDir() / name;
  fs::remove_all(dir);
  return dir;
}

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A .npy file: its header dictionary and the bytes after it.
struct Npy {
  std::string dict;
  std::string data;
};

Npy readNpy(const fs::path& file) {
  const std::string all = slurp(file);
  Npy n;
  EXPECT_GE(all.size(), 128u) << file;
  if (all.size() < 128) return n;
  EXPECT_EQ(all.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  const size_t len = static_cast<uint8_t>(all[8]) | (static_cast<size_t>(all[9]) << 8);
  EXPECT_EQ((10 + len) % 64, 0u);
  n.dict = all.substr(10, len);
  n.data = all.substr(10 + len);
  return n;
}

std::string dictOf(const char* dtype, const std::string& shape) {
  return std::string("{'descr': '") + dtype + "', 'fortran_order': False, 'shape': " + shape +
         ", }";
}

TEST(NpyWriter, HeaderIsPaddedTo64AndCountsTheRows) {
  const std::string h = NpyWriter::header("<f4", 12, {20, 9, 9});
  EXPECT_EQ(h.size() % 64, 0u);
  EXPECT_EQ(h.back(), '\n');
  EXPECT_NE(h.find("'shape': (12, 20, 9, 9)"), std::string::npos);
  EXPECT_NE(NpyWriter::header("<i2", 3, {}).find("'shape': (3,)"), std::string::npos);
}

TEST(GenData, FilesHaveTheShapesOfTheContract) {
  const fs::path dir = freshDir("shapes");
  const GenConfig cfg = smallConfig();
  const RunTotals t = generate(cfg, 2, 1, dir.string(), false);
  EXPECT_EQ(t.games, 2);
  ASSERT_GT(t.belief_rows, 0);
  ASSERT_GT(t.pv_rows, 0);
  EXPECT_GE(t.belief_rows, t.pv_rows);  // a try at least a turn, unless it passes
  const std::string nb = std::to_string(t.belief_rows), np = std::to_string(t.pv_rows);
  struct File {
    const char* name;
    const char* dtype;
    std::string shape;
    size_t row_bytes;
  };
  const std::vector<File> files{
      {"belief_x.npy", "|u1", "(" + nb + ", 20, 5, 5)", 20 * 25},
      {"belief_g.npy", "<f4", "(" + nb + ", 8)", 8 * 4},
      {"belief_y.npy", "|u1", "(" + nb + ", 3, 5, 5)", 3 * 25},
      {"belief_game.npy", "<i4", "(" + nb + ",)", 4},
      {"pv_x.npy", "|u1", "(" + np + ", 12, 5, 5)", 12 * 25},
      {"pv_g.npy", "<f4", "(" + np + ", 4)", 4 * 4},
      {"pv_move.npy", "<i2", "(" + np + ",)", 2},
      {"pv_value.npy", "<f4", "(" + np + ",)", 4},
      {"pv_game.npy", "<i4", "(" + np + ",)", 4},
  };
  for (const File& f : files) {
    const Npy n = readNpy(dir / f.name);
    EXPECT_EQ(n.dict.substr(0, n.dict.find_last_not_of(" \n") + 1), dictOf(f.dtype, f.shape))
        << f.name;
    const int64_t rows = f.name[0] == 'b' ? t.belief_rows : t.pv_rows;
    EXPECT_EQ(n.data.size(), static_cast<size_t>(rows) * f.row_bytes) << f.name;
  }
  // The game index of each row: 0 then 1, in order; moves and values in range.
  const Npy games = readNpy(dir / "pv_game.npy");
  const Npy moves = readNpy(dir / "pv_move.npy");
  const Npy values = readNpy(dir / "pv_value.npy");
  int32_t last = 0;
  for (int64_t i = 0; i < t.pv_rows; ++i) {
    int32_t g;
    int16_t m;
    float v;
    std::memcpy(&g, games.data.data() + 4 * i, 4);
    std::memcpy(&m, moves.data.data() + 2 * i, 2);
    std::memcpy(&v, values.data.data() + 4 * i, 4);
    EXPECT_TRUE(g == last || g == last + 1) << i;
    last = g;
    EXPECT_GE(m, 0);
    EXPECT_LE(m, 25);
    EXPECT_TRUE(v == 0.0f || v == 0.5f || v == 1.0f) << v;
  }
  EXPECT_EQ(last, 1);
  fs::remove_all(dir);
}

/// The rows of a game agree with its replay through a fresh Referee: before each action of the
/// log, the belief row of the player on turn (every plane but the story's occupancy, which is
/// the belief's own draw) and its labels; at each turn's first action the pv row, the move
/// that ended the turn and the result. `retries` counts the rows of tries after a rejection in the
/// same turn.
void checkReplay(const GenConfig& cfg, int game, int& retries) {
  const GameSamples s = playGame(cfg, game);
  const int n = cfg.rules.numPoints();
  Referee ref(cfg.rules);
  int brow = 0, prow = -1, pturn = -1;
  std::vector<uint8_t> x(kBeliefPlanes * n), y(kBeliefLabels * n), px(kBoardPlanes * n);
  std::vector<float> g(kBeliefGlobals), pg(kBoardGlobals);
  std::vector<Color> sides;
  for (const Event& e : s.log) {
    if (e.kind == EventKind::Mark) continue;
    const Color c = ref.toMove();
    ASSERT_EQ(e.player, c);
    const View& view = ref.view(audienceOf(c));
    if (e.kind != EventKind::Resign && ref.turn() != pturn) {
      pturn = ref.turn();
      ++prow;
      ASSERT_LT(prow, s.pv_rows);
      sides.push_back(c);
      encodeBoardInput(ref.realGame().board(), c, cfg.rules, ref.realGame().consecutivePasses() > 0,
                       px.data(), pg.data());
      EXPECT_EQ(0, std::memcmp(px.data(), s.pv_x.data() + prow * kBoardPlanes * n, px.size()));
      EXPECT_EQ(0, std::memcmp(pg.data(), s.pv_g.data() + prow * kBoardGlobals,
                               pg.size() * sizeof(float)));
    }
    ASSERT_LT(brow, s.belief_rows);
    std::vector<float> occ(n);
    for (int p = 0; p < n; ++p)
      occ[static_cast<size_t>(p)] =
          static_cast<float>(s.belief_x[static_cast<size_t>((brow * kBeliefPlanes + 17) * n + p)]) /
          255.0f;
    encodeBeliefInput(view, occ, x.data(), g.data());
    EXPECT_EQ(0, std::memcmp(x.data(), s.belief_x.data() + brow * kBeliefPlanes * n, x.size()))
        << "game " << game << " row " << brow;
    EXPECT_EQ(0, std::memcmp(g.data(), s.belief_g.data() + brow * kBeliefGlobals,
                             g.size() * sizeof(float)));
    encodeBeliefLabels(view, ref.realGame().board(), y.data());
    EXPECT_EQ(0, std::memcmp(y.data(), s.belief_y.data() + brow * kBeliefLabels * n, y.size()));
    // The labels are the real board's hidden opponent stones.
    for (int p = 0; p < n; ++p)
      EXPECT_EQ(y[static_cast<size_t>(p)],
                ref.realGame().board().at(p) == opponent(c) && view.at(p) == Color::Empty);
    retries += ref.triesThisTurn() > 0;
    ++brow;
    if (e.kind == EventKind::Resign && pturn == ref.turn()) {  // its pv row was dropped
      --prow;
      sides.pop_back();
    }
    ASSERT_TRUE(ref.apply(e).accepted());
    if (e.kind == EventKind::Try && e.legal) {
      EXPECT_EQ(s.pv_move[static_cast<size_t>(prow)], e.point);
    }
    if (e.kind == EventKind::Pass) {
      EXPECT_EQ(s.pv_move[static_cast<size_t>(prow)], n);
    }
  }
  EXPECT_TRUE(ref.over());
  EXPECT_EQ(brow, s.belief_rows);
  EXPECT_EQ(prow + 1, s.pv_rows);
  const Color winner = ref.result().winner;
  for (size_t i = 0; i < sides.size(); ++i)
    EXPECT_EQ(s.pv_value[i], winner == Color::Empty ? 0.5f : winner == sides[i] ? 1.0f : 0.0f);
}

TEST(GenData, RowsAgreeWithAReplayOfTheGame) {
  int retries = 0;
  for (int game = 0; game < 2; ++game) checkReplay(smallConfig(), game, retries);
  EXPECT_GT(retries, 0);  // the games had tries after a rejection
}

TEST(GenData, RowsAgreeWithAReplayOnATorusWithHandicapInAtariGo) {
  GenConfig cfg = smallConfig();
  cfg.rules.size = 7;
  cfg.rules.topology = Topology::Torus;
  cfg.rules.handicap = 2;
  cfg.rules.komi = 0.5;
  cfg.rules.atari_go = true;
  int retries = 0;
  for (int game = 0; game < 2; ++game) checkReplay(cfg, game, retries);
}

TEST(GenData, TheSameSeedGivesTheSameBytesWhateverTheJobs) {
  const GenConfig cfg = smallConfig();
  const fs::path a = freshDir("a"), b = freshDir("b"), c = freshDir("c");
  generate(cfg, 3, 1, a.string(), false);
  generate(cfg, 3, 1, b.string(), false);
  generate(cfg, 3, 2, c.string(), false);
  for (const char* f : {"belief_x.npy", "belief_g.npy", "belief_y.npy", "belief_game.npy",
                        "pv_x.npy", "pv_g.npy", "pv_move.npy", "pv_value.npy", "pv_game.npy"}) {
    const std::string bytes = slurp(a / f);
    EXPECT_FALSE(bytes.empty()) << f;
    EXPECT_EQ(bytes, slurp(b / f)) << f;
    EXPECT_EQ(bytes, slurp(c / f)) << f;
  }
  GenConfig other = cfg;
  other.seed = 8;
  const fs::path d = freshDir("d");
  generate(other, 3, 1, d.string(), false);
  EXPECT_NE(slurp(a / "belief_x.npy"), slurp(d / "belief_x.npy"));
  for (const fs::path& dir : {a, b, c, d}) fs::remove_all(dir);
}

}  // namespace
}  // namespace pg::train
