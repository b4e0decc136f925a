// The ratings, one suite for both databases (SQLite on a temporary file, PostgreSQL on a fresh
// database of a server the test starts): a seat is bound once, the first binding winning even
// when threads race for it, each on a connection of its own as on separate nodes; a rated end
// updates both players' ratings exactly as Glicko-2 computes them (after the deviation's growth
// while idle), in the transaction of the end: never a rating without its end (a failed append,
// an unknown category), and an end without a rating only when it was not rated or a seat was
// unbound. Two rated ends of one player stored at once from two nodes both count, the second
// reading what the first wrote. The reads: a player's ratings, history and finished games, a
// game's changes and a category's leaderboard.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "rating/glicko2.h"
#include "store/open_store.h"
#include "store_test_support.h"

namespace pg::rating_test {
namespace {

using glicko2::Outcome;
using glicko2::Rating;
using test::Answers;
using test::holds;
using test::sampleTable;

constexpr int64_t kAt = 1'800'000'000'000;
constexpr int64_t kDay = glicko2::kIdlePeriodMs;
const std::string kRapid = "small-rapid";

/// The rating after one game against `opponent` with `score`.
Rating after(const Rating& own, const Rating& opponent, double score) {
  const Outcome game[] = {{opponent, score}};
  return glicko2::update(own, game);
}

/// Expects `r` to be player's rating `expected` in kRapid after `games` games, the last at `at`.
void expectRating(const PlayerRating& r, const std::string& player, const Rating& expected,
                  int games, int64_t at) {
  EXPECT_EQ(r.player, player);
  EXPECT_EQ(r.category, kRapid);
  EXPECT_DOUBLE_EQ(r.rating, expected.rating);
  EXPECT_DOUBLE_EQ(r.deviation, expected.deviation);
  EXPECT_DOUBLE_EQ(r.volatility, expected.volatility);
  EXPECT_EQ(r.games, games);
  EXPECT_EQ(r.last_game_at, at);
}

/// Expects `c` to be the change of `player` by the game at `table_id` from `before` to `now`.
void expectChange(const RatingChange& c, const std::string& table_id, const std::string& player,
                  const Rating& before, const Rating& now, const std::string& opponent,
                  double score, int64_t at) {
  EXPECT_EQ(c.table_id, table_id);
  EXPECT_EQ(c.player, player);
  EXPECT_EQ(c.category, kRapid);
  EXPECT_EQ(c.at, at);
  EXPECT_DOUBLE_EQ(c.rating_before, before.rating);
  EXPECT_DOUBLE_EQ(c.deviation_before, before.deviation);
  EXPECT_DOUBLE_EQ(c.rating, now.rating);
  EXPECT_DOUBLE_EQ(c.deviation, now.deviation);
  EXPECT_DOUBLE_EQ(c.volatility, now.volatility);
  EXPECT_EQ(c.opponent, opponent);
  EXPECT_EQ(c.score, score);
}

class RatingContract : public test::EachStoreTest {
 protected:
  void SetUp() override {
    EachStoreTest::SetUp();
    if (location_.empty()) return;  // no PostgreSQL: the base has failed the test
    tables_ = openStore(location_, Durability::Normal, true);
    ratings_ = openRatingStore(location_, Durability::Normal);
  }
  void TearDown() override {
    ratings_.reset();
    tables_.reset();
    EachStoreTest::TearDown();
  }
  /// Creates table `id` at `created_at`, claims it on `s` (default: tables_) and binds its seats
  /// to `black` and `white` (an empty key: left unbound).
  void table(const std::string& id, const std::string& black, const std::string& white,
             int64_t created_at = kAt, Store* s = nullptr) {
    Store& store = s ? *s : *tables_;
    tables_->createTable(sampleTable(id, created_at));
    ASSERT_TRUE(store.claim(id));
    if (!black.empty()) {
      ASSERT_TRUE(ratings_->bindSeat(id, kBlackSeat, black, created_at));
    }
    if (!white.empty()) {
      ASSERT_TRUE(ratings_->bindSeat(id, kWhiteSeat, white, created_at));
    }
  }
  /// Ends the game of table `id` at `at` with one event, rated in kRapid with black's `score`
  /// (nullopt: not rated), on `s` (default: tables_).
  void end(const std::string& id, int64_t at, std::optional<double> score, Store* s = nullptr) {
    Store& store = s ? *s : *tables_;
    std::optional<RatedEnd> rated;
    if (score) rated = RatedEnd{kRapid, *score};
    store.append(id, {{0, at, "end"}}, StoredEnd{at, R"({"winner":"black"})"}, rated);
  }
  /// The player's only rating (failing the test when there is not exactly one).
  PlayerRating only(const std::string& player) {
    const auto all = ratings_->ratings(player);
    EXPECT_EQ(all.size(), 1u) << player;
    return all.empty() ? PlayerRating{} : all[0];
  }

  std::unique_ptr<Store> tables_;
  std::unique_ptr<RatingStore> ratings_;
};

TEST_P(RatingContract, ASeatIsBoundOnceAndRebindingItsPlayerIsFine) {
  tables_->createTable(sampleTable("aaaaaaaaaaaa"));
  EXPECT_FALSE(ratings_->seatPlayer("aaaaaaaaaaaa", kBlackSeat));
  EXPECT_TRUE(ratings_->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-alice", kAt));
  EXPECT_TRUE(ratings_->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-alice", kAt + 5));
  EXPECT_FALSE(ratings_->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-bob", kAt + 6));
  EXPECT_EQ(ratings_->seatPlayer("aaaaaaaaaaaa", kBlackSeat), "acc-alice");
  EXPECT_FALSE(ratings_->seatPlayer("aaaaaaaaaaaa", kWhiteSeat));
  EXPECT_TRUE(ratings_->bindSeat("aaaaaaaaaaaa", kWhiteSeat, computerPlayerKey("easy"), kAt));
  // Another connection (another node) sees the same seats, and cannot take them.
  auto other = openRatingStore(location_, Durability::Normal);
  EXPECT_EQ(other->seatPlayer("aaaaaaaaaaaa", kWhiteSeat), "computer:easy");
  EXPECT_FALSE(other->bindSeat("aaaaaaaaaaaa", kBlackSeat, "acc-bob", kAt + 7));
  EXPECT_EQ(other->seatPlayer("aaaaaaaaaaaa", kBlackSeat), "acc-alice");
  // A seat of no table cannot be bound.
  EXPECT_THROW(ratings_->bindSeat("nosuchtable0", kBlackSeat, "acc-alice", kAt), StoreError);
}

TEST_P(RatingContract, OfRacingBindingsOfOneSeatOneWins) {
  constexpr int kNodes = 4;
  tables_->createTable(sampleTable("aaaaaaaaaaaa"));
  std::vector<std::unique_ptr<RatingStore>> nodes;
  for (int i = 0; i < kNodes; ++i) nodes.push_back(openRatingStore(location_, Durability::Normal));
  std::atomic<int> won{0}, failed{0}, winner{-1};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int i = 0; i < kNodes; ++i)
    threads.emplace_back([&, i] {
      while (!go) std::this_thread::yield();
      try {
        if (nodes[static_cast<std::size_t>(i)]->bindSeat("aaaaaaaaaaaa", kWhiteSeat,
                                                         "acc-" + std::to_string(i), kAt)) {
          ++won;
          winner = i;
        }
      } catch (const StoreError&) {
        ++failed;
      }
    });
  go = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(failed, 0);
  ASSERT_EQ(won, 1);
  EXPECT_EQ(ratings_->seatPlayer("aaaaaaaaaaaa", kWhiteSeat), "acc-" + std::to_string(winner));
}

TEST_P(RatingContract, ARatedEndUpdatesBothPlayersAsGlicko2Computes) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob");
  end("aaaaaaaaaaaa", kAt + 100, 1.0);
  const Rating fresh;
  const Rating alice = after(fresh, fresh, 1.0);
  const Rating bob = after(fresh, fresh, 0.0);
  EXPECT_GT(alice.rating, 1500.0);
  EXPECT_LT(bob.rating, 1500.0);
  expectRating(only("acc-alice"), "acc-alice", alice, 1, kAt + 100);
  expectRating(only("acc-bob"), "acc-bob", bob, 1, kAt + 100);

  const auto changes = ratings_->changesOf("aaaaaaaaaaaa");
  ASSERT_EQ(changes.size(), 2u);
  expectChange(changes[0], "aaaaaaaaaaaa", "acc-alice", fresh, alice, "acc-bob", 1.0, kAt + 100);
  expectChange(changes[1], "aaaaaaaaaaaa", "acc-bob", fresh, bob, "acc-alice", 0.0, kAt + 100);
  EXPECT_EQ(ratings_->history("acc-alice", 10), std::vector<RatingChange>{changes[0]});
  EXPECT_EQ(ratings_->history("acc-bob", 10), std::vector<RatingChange>{changes[1]});
  EXPECT_TRUE(ratings_->changesOf("bbbbbbbbbbbb").empty());
  EXPECT_TRUE(ratings_->ratings("acc-carol").empty());

  // The end itself is stored, as without a rating.
  EXPECT_EQ(tables_->table("aaaaaaaaaaaa")->finished_at, kAt + 100);
  EXPECT_EQ(tables_->events("aaaaaaaaaaaa").size(), 1u);

  // White's win as white: black's first still.
  table("bbbbbbbbbbbb", "acc-bob", "acc-alice");
  end("bbbbbbbbbbbb", kAt + 200, 0.0);
  const auto second = ratings_->changesOf("bbbbbbbbbbbb");
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(second[0].player, "acc-bob");
  EXPECT_EQ(second[0].score, 0.0);
  EXPECT_EQ(second[1].player, "acc-alice");
  EXPECT_EQ(second[1].score, 1.0);
  EXPECT_EQ(only("acc-alice").games, 2);
  const auto history = ratings_->history("acc-alice", 10);
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].table_id, "bbbbbbbbbbbb") << "newest first";
  EXPECT_EQ(history[1].table_id, "aaaaaaaaaaaa");
  EXPECT_EQ(ratings_->history("acc-alice", 1).size(), 1u);
  EXPECT_TRUE(ratings_->history("acc-alice", 0).empty());
}

TEST_P(RatingContract, ADrawAgainstTheComputerRatesTheComputerToo) {
  const std::string computer = computerPlayerKey("medium");
  table("aaaaaaaaaaaa", computer, "acc-alice");
  end("aaaaaaaaaaaa", kAt, 0.5);
  const Rating fresh;
  expectRating(only(computer), computer, after(fresh, fresh, 0.5), 1, kAt);
  expectRating(only("acc-alice"), "acc-alice", after(fresh, fresh, 0.5), 1, kAt);
}

TEST_P(RatingContract, AnUnratedEndOrAnUnboundSeatChangesNoRating) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob");
  end("aaaaaaaaaaaa", kAt, std::nullopt);  // not rated
  table("bbbbbbbbbbbb", "acc-alice", "");
  end("bbbbbbbbbbbb", kAt, 1.0);  // white never bound
  table("cccccccccccc", "", "acc-bob");
  end("cccccccccccc", kAt, 0.0);  // black never bound
  table("dddddddddddd", "acc-alice", "acc-alice");
  end("dddddddddddd", kAt, 1.0);  // one player in both seats
  for (const char* id : {"aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc", "dddddddddddd"}) {
    EXPECT_EQ(tables_->table(id)->finished_at, kAt) << id << ": the end is stored";
    EXPECT_TRUE(ratings_->changesOf(id).empty()) << id;
  }
  EXPECT_TRUE(ratings_->ratings("acc-alice").empty());
  EXPECT_TRUE(ratings_->ratings("acc-bob").empty());
  EXPECT_TRUE(ratings_->history("acc-alice", 10).empty());
}

TEST_P(RatingContract, AFailedAppendRatesNothing) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob");
  tables_->append("aaaaaaaaaaaa", {{0, kAt, "first"}}, std::nullopt);
  // Seq 0 again: the events are refused, and with them the end and its rating.
  EXPECT_THROW(tables_->append("aaaaaaaaaaaa", {{0, kAt + 1, "again"}}, StoredEnd{kAt + 1, "{}"},
                               RatedEnd{kRapid, 1.0}),
               StoreError);
  // An unknown category, or a score that is none: refused whole too.
  EXPECT_THROW(tables_->append("aaaaaaaaaaaa", {{1, kAt + 2, "second"}}, StoredEnd{kAt + 2, "{}"},
                               RatedEnd{"tiny-blitz", 1.0}),
               StoreError);
  EXPECT_THROW(tables_->append("aaaaaaaaaaaa", {{1, kAt + 2, "second"}}, StoredEnd{kAt + 2, "{}"},
                               RatedEnd{kRapid, 2.0}),
               StoreError);
  EXPECT_FALSE(tables_->table("aaaaaaaaaaaa")->finished_at);
  EXPECT_EQ(tables_->events("aaaaaaaaaaaa").size(), 1u);
  EXPECT_TRUE(ratings_->ratings("acc-alice").empty());
  EXPECT_TRUE(ratings_->ratings("acc-bob").empty());
  EXPECT_TRUE(ratings_->changesOf("aaaaaaaaaaaa").empty());

  // A table this node has not claimed: on PostgreSQL, refused before the database (ClaimLost).
  auto other = openStore(location_, Durability::Normal, true);
  tables_->createTable(sampleTable("bbbbbbbbbbbb"));
  ASSERT_TRUE(ratings_->bindSeat("bbbbbbbbbbbb", kBlackSeat, "acc-alice", kAt));
  ASSERT_TRUE(ratings_->bindSeat("bbbbbbbbbbbb", kWhiteSeat, "acc-bob", kAt));
  ASSERT_TRUE(tables_->claim("bbbbbbbbbbbb"));
  if (postgres()) {
    EXPECT_THROW(end("bbbbbbbbbbbb", kAt, 1.0, other.get()), ClaimLost);
    EXPECT_TRUE(ratings_->ratings("acc-alice").empty());
  }

  // Then a good rated end of the first table rates it once.
  end("bbbbbbbbbbbb", kAt + 3, 1.0);
  tables_->append("aaaaaaaaaaaa", {{1, kAt + 3, "second"}}, StoredEnd{kAt + 3, "{}"},
                  RatedEnd{kRapid, 1.0});
  EXPECT_EQ(only("acc-alice").games, 2);
  EXPECT_EQ(ratings_->changesOf("aaaaaaaaaaaa").size(), 2u);
}

TEST_P(RatingContract, GroupCommitRatesTheGoodEndsAndNotTheBadOne) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob");
  table("bbbbbbbbbbbb", "acc-carol", "acc-dave");
  table("cccccccccccc", "acc-alice", "acc-carol");
  tables_->append("bbbbbbbbbbbb", {{0, kAt, "first"}}, std::nullopt);
  Answers answers(3);
  // Queued back to back, so usually committed together: the bad one (seq 0 again) fails alone,
  // and the two good ones are rated, Alice's second game after her first.
  tables_->write(
      AppendEvents{"aaaaaaaaaaaa", {{0, kAt, "e"}}, StoredEnd{kAt, "{}"}, RatedEnd{kRapid, 1.0}},
      answers.done(0));
  tables_->write(
      AppendEvents{"bbbbbbbbbbbb", {{0, kAt, "dup"}}, StoredEnd{kAt, "{}"}, RatedEnd{kRapid, 1.0}},
      answers.done(1));
  tables_->write(
      AppendEvents{"cccccccccccc", {{0, kAt, "e"}}, StoredEnd{kAt, "{}"}, RatedEnd{kRapid, 0.0}},
      answers.done(2));
  ASSERT_TRUE(answers.waitAll());
  EXPECT_FALSE(answers.errors[0]);
  EXPECT_TRUE(holds<StoreError>(answers.errors[1]));
  EXPECT_FALSE(answers.errors[2]);
  EXPECT_TRUE(ratings_->changesOf("bbbbbbbbbbbb").empty());
  EXPECT_TRUE(ratings_->ratings("acc-dave").empty());
  const Rating fresh;
  const Rating alice1 = after(fresh, fresh, 1.0);
  const Rating alice2 = after(alice1, fresh, 0.0);
  expectRating(only("acc-alice"), "acc-alice", alice2, 2, kAt);
  expectRating(only("acc-carol"), "acc-carol", after(fresh, alice1, 1.0), 1, kAt);
}

TEST_P(RatingContract, TheDeviationGrowsWithTheDaysSinceTheLastRatedGame) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob");
  end("aaaaaaaaaaaa", kAt, 1.0);
  // A week later Alice meets Carol, a new player (no idle time), and draws.
  table("bbbbbbbbbbbb", "acc-carol", "acc-alice", kAt + 7 * kDay);
  end("bbbbbbbbbbbb", kAt + 7 * kDay, 0.5);

  const Rating fresh;
  const Rating alice1 = after(fresh, fresh, 1.0);
  const Rating alice_idle = glicko2::idle(alice1, 7.0);
  EXPECT_GT(alice_idle.deviation, alice1.deviation);
  EXPECT_EQ(alice_idle.rating, alice1.rating);
  const Rating alice2 = after(alice_idle, fresh, 0.5);
  const Rating carol = after(fresh, alice_idle, 0.5);
  expectRating(only("acc-alice"), "acc-alice", alice2, 2, kAt + 7 * kDay);
  expectRating(only("acc-carol"), "acc-carol", carol, 1, kAt + 7 * kDay);
  const auto changes = ratings_->changesOf("bbbbbbbbbbbb");
  ASSERT_EQ(changes.size(), 2u);
  expectChange(changes[0], "bbbbbbbbbbbb", "acc-carol", fresh, carol, "acc-alice", 0.5,
               kAt + 7 * kDay);
  expectChange(changes[1], "bbbbbbbbbbbb", "acc-alice", alice_idle, alice2, "acc-carol", 0.5,
               kAt + 7 * kDay);
  // Bob, who did not play, keeps what he had.
  expectRating(only("acc-bob"), "acc-bob", after(fresh, fresh, 0.0), 1, kAt);
}

TEST_P(RatingContract, RecentGamesAreTheFinishedOnesLatestFirst) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob", kAt);
  end("aaaaaaaaaaaa", kAt + 10, 1.0);
  table("bbbbbbbbbbbb", "acc-alice", "acc-bob", kAt + 1);  // still playing
  table("cccccccccccc", computerPlayerKey("hard"), "acc-alice", kAt + 2);
  end("cccccccccccc", kAt + 30, std::nullopt);
  table("dddddddddddd", "acc-alice", "", kAt + 3);  // white never came
  end("dddddddddddd", kAt + 20, std::nullopt);

  const auto games = ratings_->recentGames("acc-alice", 10);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0], (PlayerGame{"cccccccccccc", kWhiteSeat, "computer:hard", kAt + 2, kAt + 30,
                                  R"({"mode":"online"})", R"({"winner":"black"})"}));
  EXPECT_EQ(games[1].table_id, "dddddddddddd");
  EXPECT_EQ(games[1].color, kBlackSeat);
  EXPECT_EQ(games[1].opponent, "");
  EXPECT_EQ(games[2].table_id, "aaaaaaaaaaaa");
  EXPECT_EQ(games[2].opponent, "acc-bob");
  EXPECT_EQ(ratings_->recentGames("acc-alice", 1).size(), 1u);
  EXPECT_EQ(ratings_->recentGames("acc-bob", 10).size(), 1u);
  EXPECT_TRUE(ratings_->recentGames("acc-carol", 10).empty());
  EXPECT_TRUE(ratings_->recentGames("acc-alice", 0).empty());
}

TEST_P(RatingContract, TheLeaderboardFiltersByDeviationAndDateAndOrdersByRating) {
  auto accounts = openAccountStore(location_, Durability::Normal);
  StoredPasskey key;
  key.credential_id = {1};
  key.public_key = {2};
  ASSERT_TRUE(accounts->createAccount(Account{"acc-alice", "Alice", kAt}, key, {}));
  // Alice wins two games (two games: the lowest deviation), Bob loses one, Carol loses one;
  // a month later the hard computer beats Dave.
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob");
  end("aaaaaaaaaaaa", kAt, 1.0);
  table("bbbbbbbbbbbb", "acc-carol", "acc-alice");
  end("bbbbbbbbbbbb", kAt, 0.0);
  table("cccccccccccc", computerPlayerKey("hard"), "acc-dave");
  end("cccccccccccc", kAt + 30 * kDay, 1.0);

  std::vector<PlayerRating> all;
  for (const char* p : {"acc-alice", "acc-bob", "acc-carol", "acc-dave", "computer:hard"})
    all.push_back(only(p));
  /// What the leaderboard should be: `all` filtered and sorted, by hand.
  const auto expected = [&](int64_t since, double max_deviation, std::size_t limit) {
    std::vector<PlayerRating> rows;
    for (const PlayerRating& r : all)
      if (r.deviation <= max_deviation && r.last_game_at >= since) rows.push_back(r);
    std::sort(rows.begin(), rows.end(), [](const PlayerRating& a, const PlayerRating& b) {
      return a.rating != b.rating ? a.rating > b.rating : a.player < b.player;
    });
    if (rows.size() > limit) rows.resize(limit);
    std::vector<LeaderboardRow> out;
    for (const PlayerRating& r : rows)
      out.push_back(LeaderboardRow{r.player, r.player == "acc-alice" ? "Alice" : r.player, r.rating,
                                   r.deviation, r.games, r.last_game_at});
    return out;
  };

  const auto everyone = ratings_->leaderboard(kRapid, 0, 350.0, 10);
  ASSERT_EQ(everyone.size(), 5u);
  EXPECT_EQ(everyone, expected(0, 350.0, 10));
  EXPECT_EQ(everyone[0].player, "acc-alice");
  EXPECT_EQ(everyone[0].name, "Alice");
  EXPECT_EQ(everyone[0].games, 2);

  // Only Alice has played twice: her deviation is the only one this low.
  const double alices = all[0].deviation;
  for (std::size_t i = 1; i < all.size(); ++i) ASSERT_GT(all[i].deviation, alices);
  EXPECT_EQ(ratings_->leaderboard(kRapid, 0, alices, 10), expected(0, alices, 10));
  EXPECT_EQ(ratings_->leaderboard(kRapid, 0, alices, 10).size(), 1u);
  EXPECT_TRUE(ratings_->leaderboard(kRapid, 0, alices - 1.0, 10).empty());

  // Played since a day after the first games: the computer and Dave.
  const auto recent = ratings_->leaderboard(kRapid, kAt + kDay, 350.0, 10);
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_EQ(recent, expected(kAt + kDay, 350.0, 10));
  EXPECT_EQ(recent[0].player, "computer:hard");
  EXPECT_EQ(recent[0].name, "computer:hard");

  EXPECT_EQ(ratings_->leaderboard(kRapid, 0, 350.0, 2), expected(0, 350.0, 2));
  EXPECT_TRUE(ratings_->leaderboard("19-classical", 0, 350.0, 10).empty());
  EXPECT_TRUE(ratings_->leaderboard(kRapid, 0, 350.0, 0).empty());
}

TEST_P(RatingContract, RatedEndsOfOnePlayerOnTwoNodesAtOnceBothCount) {
  constexpr int kRounds = 5;
  // Two nodes, each serving one of each round's two tables; Alice is black in both.
  auto node_b = openStore(location_, Durability::Normal, true);
  for (int round = 0; round < kRounds; ++round) {
    const std::string n = std::to_string(round);
    table("alicebob000" + n, "acc-alice", "acc-bob", kAt, tables_.get());
    table("alicecarol0" + n, "acc-alice", "acc-carol", kAt, node_b.get());
  }
  for (int round = 0; round < kRounds; ++round) {
    const std::string n = std::to_string(round);
    const int64_t at = kAt + round * kDay;
    std::atomic<bool> go{false};
    std::atomic<int> failed{0};
    const auto ending = [&](Store* s, const std::string& id, double score) {
      return std::thread([&, s, id, score] {
        while (!go) std::this_thread::yield();
        try {
          end(id, at, score, s);
        } catch (const StoreError&) {
          ++failed;
        }
      });
    };
    std::thread one = ending(tables_.get(), "alicebob000" + n, 1.0);
    std::thread two = ending(node_b.get(), "alicecarol0" + n, 0.0);
    go = true;
    one.join();
    two.join();
    ASSERT_EQ(failed, 0);
  }

  const PlayerRating alice = only("acc-alice");
  EXPECT_EQ(alice.games, 2 * kRounds);
  EXPECT_EQ(only("acc-bob").games, kRounds);
  EXPECT_EQ(only("acc-carol").games, kRounds);
  const auto history = ratings_->history("acc-alice", 100);
  ASSERT_EQ(history.size(), static_cast<std::size_t>(2 * kRounds));
  // No update was lost: each change started from the rating another one left (idle time
  // changes no rating), so the ratings before are 1500 and every rating after but the last.
  std::vector<double> before, after_all;
  for (const RatingChange& c : history) {
    before.push_back(c.rating_before);
    after_all.push_back(c.rating);
  }
  std::vector<double> chain = {Rating{}.rating};
  for (const double r : after_all)
    if (r != alice.rating) chain.push_back(r);
  std::sort(before.begin(), before.end());
  std::sort(chain.begin(), chain.end());
  EXPECT_EQ(before, chain);
}

TEST_P(RatingContract, ReopeningKeepsTheSeatsAndRatings) {
  table("aaaaaaaaaaaa", "acc-alice", "acc-bob");
  end("aaaaaaaaaaaa", kAt, 1.0);
  const auto ratings = ratings_->ratings("acc-alice");
  const auto changes = ratings_->changesOf("aaaaaaaaaaaa");
  ratings_.reset();
  tables_.reset();
  tables_ = openStore(location_, Durability::Normal, true);
  ratings_ = openRatingStore(location_, Durability::Normal);
  EXPECT_EQ(ratings_->seatPlayer("aaaaaaaaaaaa", kWhiteSeat), "acc-bob");
  EXPECT_EQ(ratings_->ratings("acc-alice"), ratings);
  EXPECT_EQ(ratings_->changesOf("aaaaaaaaaaaa"), changes);
}

TEST_P(RatingContract, AnExpiredWaitingTableTakesItsSeatsAlong) {
  tables_->createTable(sampleTable("waiting00001", 5));
  ASSERT_TRUE(ratings_->bindSeat("waiting00001", kBlackSeat, "acc-alice", 6));
  EXPECT_EQ(tables_->expireWaiting(100, 10), std::vector<std::string>{"waiting00001"});
  EXPECT_FALSE(ratings_->seatPlayer("waiting00001", kBlackSeat));
}

INSTANTIATE_TEST_SUITE_P(Stores, RatingContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(SqliteRatingStore, NeedsTheTablesStoreFirst) {
  const auto path = (std::filesystem::temp_directory_path() /
                     ("pg-rating-bare-" + std::to_string(::getpid()) + ".db"))
                        .string();
  std::filesystem::remove(path);
  EXPECT_THROW(openRatingStore(path, Durability::Normal), StoreError);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace pg::rating_test
