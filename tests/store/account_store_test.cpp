// The players' AccountStore, one suite for both databases (SQLite on a temporary file,
// PostgreSQL on a fresh database of a server the test starts): accounts, passkeys, ceremonies,
// sessions and recovery codes read back as written; names are unique regardless of case; a
// taken name or credential id creates nothing; and each single-use thing is used once when
// threads race for it, each on a connection of its own as on separate nodes: the last passkey
// stays, a signature counter moves once, a ceremony is taken once, a recovery code is used once.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "store/open_store.h"
#include "store_test_support.h"

namespace pg::account_test {
namespace {

constexpr int64_t kAt = 1'800'000'000'000;
constexpr int64_t kDay = 24 * 3600 * 1000;

std::vector<uint8_t> bytes(std::initializer_list<int> values) {
  std::vector<uint8_t> out;
  for (const int v : values) out.push_back(static_cast<uint8_t>(v));
  return out;
}

Account account(const std::string& id, const std::string& name) {
  return Account{id, name, kAt};
}

StoredPasskey key(const std::vector<uint8_t>& credential_id, const std::string& account_id,
                  int64_t created_at = kAt) {
  StoredPasskey p;
  p.credential_id = credential_id;
  p.account_id = account_id;
  p.alg = -7;
  p.public_key = bytes({0x30, 0x59, 0x00, 0xff, 0x13});  // with a zero byte inside
  p.sign_count = 5;
  p.label = "phone";
  p.created_at = created_at;
  p.last_used_at = created_at;
  return p;
}

class AccountContract : public test::EachStoreTest {
 protected:
  void SetUp() override {
    EachStoreTest::SetUp();
    if (location_.empty()) return;  // no PostgreSQL: the base has failed the test
    tables_ = openStore(location_, Durability::Normal, true);
    accounts_ = openAccountStore(location_, Durability::Normal);
  }
  void TearDown() override {
    accounts_.reset();
    tables_.reset();
    EachStoreTest::TearDown();
  }
  /// Creates account `id` named `name` with one passkey {id's first byte, 1}.
  void create(const std::string& id, const std::string& name,
              const std::vector<std::string>& codes = {}) {
    ASSERT_TRUE(accounts_->createAccount(account(id, name), key(bytes({id[0], 1}), id), codes));
  }
  /// Runs f(node i) on `n` threads at once, each with a store of its own; returns how many
  /// returned true. Fails the test if one threw.
  int race(int n, const std::function<bool(AccountStore&, int)>& f) {
    std::vector<std::unique_ptr<AccountStore>> nodes;
    for (int i = 0; i < n; ++i) nodes.push_back(openAccountStore(location_, Durability::Normal));
    std::atomic<int> won{0}, failed{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for (int i = 0; i < n; ++i)
      threads.emplace_back([&, i] {
        while (!go) std::this_thread::yield();
        try {
          if (f(*nodes[static_cast<std::size_t>(i)], i)) ++won;
        } catch (const StoreError&) {
          ++failed;
        }
      });
    go = true;
    for (auto& t : threads) t.join();
    EXPECT_EQ(failed, 0);
    return won;
  }

  std::unique_ptr<Store> tables_;
  std::unique_ptr<AccountStore> accounts_;
};

TEST_P(AccountContract, AnAccountReadsBackWithItsPasskeyAndCodes) {
  StoredPasskey first = key(bytes({0, 1, 2, 0, 255}), "ignored");
  ASSERT_TRUE(accounts_->createAccount(account("acc1", "Alice"), first, {"h1", "h2", "h3"}));
  EXPECT_EQ(accounts_->accountById("acc1"), account("acc1", "Alice"));
  EXPECT_EQ(accounts_->accountByName("alice"), account("acc1", "Alice"));
  EXPECT_EQ(accounts_->accountByName("ALICE"), account("acc1", "Alice"));
  EXPECT_FALSE(accounts_->accountById("nobody"));
  EXPECT_FALSE(accounts_->accountByName("bob"));
  EXPECT_TRUE(accounts_->nameTaken("aLiCe"));
  EXPECT_FALSE(accounts_->nameTaken("alicia"));

  first.account_id = "acc1";  // the account's, whatever the passkey said
  EXPECT_EQ(accounts_->passkey(first.credential_id), first);
  EXPECT_EQ(accounts_->passkeys("acc1"), std::vector<StoredPasskey>{first});
  EXPECT_FALSE(accounts_->passkey(bytes({0, 1, 2, 0})));

  const auto codes = accounts_->unusedRecoveryCodes("acc1");
  ASSERT_EQ(codes.size(), 3u);
  EXPECT_EQ(codes[0].hash, "h1");
  EXPECT_EQ(codes[2].hash, "h3");
  EXPECT_TRUE(accounts_->unusedRecoveryCodes("nobody").empty());

  // Another connection (another node) sees the same account.
  auto other = openAccountStore(location_, Durability::Normal);
  EXPECT_EQ(other->accountByName("Alice"), account("acc1", "Alice"));
}

TEST_P(AccountContract, NamesAreUniqueRegardlessOfCase) {
  create("acc1", "Alice");
  EXPECT_FALSE(accounts_->createAccount(account("acc2", "ALICE"), key(bytes({9}), "acc2"), {"x"}));
  EXPECT_FALSE(accounts_->createAccount(account("acc2", "alice"), key(bytes({9}), "acc2"), {}));
  // Nothing of the refused account is left: not the account, its passkey or its codes.
  EXPECT_FALSE(accounts_->accountById("acc2"));
  EXPECT_FALSE(accounts_->passkey(bytes({9})));
  EXPECT_TRUE(accounts_->unusedRecoveryCodes("acc2").empty());
  EXPECT_TRUE(accounts_->createAccount(account("acc2", "Bob"), key(bytes({9}), "acc2"), {}));
}

TEST_P(AccountContract, ATakenCredentialIdCreatesNothing) {
  create("acc1", "Alice");
  EXPECT_FALSE(
      accounts_->createAccount(account("acc2", "Bob"), key(bytes({'a', 1}), "acc2"), {"h"}));
  EXPECT_FALSE(accounts_->accountById("acc2"));
  EXPECT_FALSE(accounts_->nameTaken("bob"));
  EXPECT_TRUE(accounts_->unusedRecoveryCodes("acc2").empty());
  EXPECT_EQ(accounts_->passkey(bytes({'a', 1}))->account_id, "acc1");
  EXPECT_FALSE(accounts_->createAccount(account("acc1", "Carol"), key(bytes({7}), "acc1"), {}))
      << "a taken account id";
  EXPECT_FALSE(accounts_->nameTaken("carol"));
}

TEST_P(AccountContract, RacingSignUpsForOneNameCreateOne) {
  const int won = race(6, [](AccountStore& s, int i) {
    const std::string id = "acc" + std::to_string(i);
    return s.createAccount(account(id, i % 2 ? "Dora" : "DORA"), key(bytes({100 + i}), id),
                           {"h" + id});
  });
  EXPECT_EQ(won, 1);
  ASSERT_TRUE(accounts_->accountByName("dora"));
  const std::string winner = accounts_->accountByName("dora")->id;
  EXPECT_EQ(accounts_->passkeys(winner).size(), 1u);
  for (int i = 0; i < 6; ++i) {
    const std::string id = "acc" + std::to_string(i);
    if (id != winner) {
      EXPECT_TRUE(accounts_->unusedRecoveryCodes(id).empty()) << id;
    }
  }
}

TEST_P(AccountContract, PasskeysAreAddedAndRemovedButNeverTheLast) {
  create("acc1", "Alice");
  create("bcc2", "Bob");
  EXPECT_TRUE(accounts_->addPasskey(key(bytes({'a', 2}), "acc1", kAt + 20)));
  EXPECT_TRUE(accounts_->addPasskey(key(bytes({'a', 3}), "acc1", kAt + 10)));
  EXPECT_FALSE(accounts_->addPasskey(key(bytes({'b', 1}), "acc1", kAt + 30)))
      << "Bob's credential id";
  const auto keys = accounts_->passkeys("acc1");
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(keys[0].credential_id, bytes({'a', 1})) << "oldest first";
  EXPECT_EQ(keys[1].credential_id, bytes({'a', 3}));
  EXPECT_EQ(keys[2].credential_id, bytes({'a', 2}));

  EXPECT_FALSE(accounts_->removePasskey("acc1", bytes({'b', 1}))) << "not Alice's";
  EXPECT_FALSE(accounts_->removePasskey("bcc2", bytes({'b', 1}))) << "Bob's last";
  EXPECT_TRUE(accounts_->passkey(bytes({'b', 1})));
  EXPECT_TRUE(accounts_->removePasskey("acc1", bytes({'a', 1})));
  EXPECT_FALSE(accounts_->removePasskey("acc1", bytes({'a', 1}))) << "gone already";
  EXPECT_TRUE(accounts_->removePasskey("acc1", bytes({'a', 3})));
  EXPECT_FALSE(accounts_->removePasskey("acc1", bytes({'a', 2}))) << "the last";
  EXPECT_EQ(accounts_->passkeys("acc1").size(), 1u);
}

TEST_P(AccountContract, TwoRacingRemovalsOfTheLastTwoPasskeysLeaveOne) {
  for (int round = 0; round < 10; ++round) {
    const std::string id = "r" + std::to_string(round);
    const auto first = bytes({'r', round, 1}), second = bytes({'r', round, 2});
    ASSERT_TRUE(accounts_->createAccount(account(id, id), key(first, id), {}));
    ASSERT_TRUE(accounts_->addPasskey(key(second, id)));
    const int removed = race(
        2, [&](AccountStore& s, int i) { return s.removePasskey(id, i == 0 ? first : second); });
    EXPECT_EQ(removed, 1) << "round " << round;
    EXPECT_EQ(accounts_->passkeys(id).size(), 1u) << "round " << round;
  }
}

TEST_P(AccountContract, TheSignCountMovesByCompareAndSet) {
  create("acc1", "Alice");
  const auto id = bytes({'a', 1});
  EXPECT_FALSE(accounts_->advanceSignCount(id, 4, 9, kAt + 1)) << "a stale count";
  EXPECT_TRUE(accounts_->advanceSignCount(id, 5, 9, kAt + 2));
  EXPECT_FALSE(accounts_->advanceSignCount(id, 5, 10, kAt + 3)) << "seen by another node";
  EXPECT_EQ(accounts_->passkey(id)->sign_count, 9);
  EXPECT_EQ(accounts_->passkey(id)->last_used_at, kAt + 2);
  EXPECT_FALSE(accounts_->advanceSignCount(bytes({7, 7}), 0, 1, kAt)) << "no such passkey";
  // Two nodes with the same assertion: one wins.
  EXPECT_EQ(
      race(4, [&](AccountStore& s, int i) { return s.advanceSignCount(id, 9, 10 + i, kAt + 4); }),
      1);
  EXPECT_GE(accounts_->passkey(id)->sign_count, 10);
}

TEST_P(AccountContract, ACeremonyIsTakenOnceAndNeverExpired) {
  const StoredCeremony c{"cer1", "register", "", bytes({1, 0, 2}), kAt + 60'000};
  accounts_->putCeremony(c);
  accounts_->putCeremony(StoredCeremony{"cer2", "sign-in", "acc9", bytes({3}), kAt + 60'000});
  EXPECT_EQ(accounts_->takeCeremony("cer1", kAt), c);
  EXPECT_FALSE(accounts_->takeCeremony("cer1", kAt)) << "single use";
  EXPECT_FALSE(accounts_->takeCeremony("nope", kAt));
  EXPECT_FALSE(accounts_->takeCeremony("cer2", kAt + 60'000)) << "expired";
  EXPECT_FALSE(accounts_->takeCeremony("cer2", kAt)) << "an expired one is deleted when taken";

  accounts_->putCeremony(StoredCeremony{"old1", "register", "", bytes({}), kAt + 10});
  accounts_->putCeremony(StoredCeremony{"old2", "register", "", bytes({}), kAt + 20});
  accounts_->putCeremony(StoredCeremony{"new1", "register", "", bytes({}), kAt + 30});
  EXPECT_EQ(accounts_->expireCeremonies(kAt + 20), 2);
  EXPECT_EQ(accounts_->expireCeremonies(kAt + 20), 0);
  const auto left = accounts_->takeCeremony("new1", kAt + 29);
  ASSERT_TRUE(left);
  EXPECT_TRUE(left->challenge.empty());
}

TEST_P(AccountContract, ExactlyOneOfRacingTakersGetsACeremony) {
  for (int round = 0; round < 5; ++round) {
    const std::string id = "race" + std::to_string(round);
    accounts_->putCeremony(StoredCeremony{id, "sign-in", "", bytes({round}), kAt + 60'000});
    EXPECT_EQ(race(6, [&](AccountStore& s, int) { return s.takeCeremony(id, kAt).has_value(); }), 1)
        << "round " << round;
  }
}

TEST_P(AccountContract, SessionsExpireAndEndEverywhere) {
  create("acc1", "Alice");
  create("bcc2", "Bob");
  const auto s1 = bytes({1, 1}), s2 = bytes({1, 2}), s3 = bytes({2, 1}), s4 = bytes({1, 3});
  accounts_->createSession(s1, "acc1", kAt, kAt + kDay);
  accounts_->createSession(s2, "acc1", kAt, kAt + 2 * kDay);
  accounts_->createSession(s3, "bcc2", kAt, kAt + kDay);
  accounts_->createSession(s4, "acc1", kAt, kAt + 10);
  EXPECT_EQ(accounts_->sessionAccount(s1, kAt), "acc1");
  EXPECT_EQ(accounts_->sessionAccount(s3, kAt + kDay - 1), "bcc2");
  EXPECT_FALSE(accounts_->sessionAccount(s3, kAt + kDay)) << "expired";
  EXPECT_FALSE(accounts_->sessionAccount(bytes({9}), kAt)) << "unknown";
  EXPECT_EQ(accounts_->expireSessions(kAt + 10), 1);
  EXPECT_FALSE(accounts_->sessionAccount(s4, kAt));

  accounts_->deleteSession(s1);
  EXPECT_FALSE(accounts_->sessionAccount(s1, kAt));
  EXPECT_EQ(accounts_->sessionAccount(s2, kAt), "acc1");
  accounts_->createSession(s1, "acc1", kAt, kAt + kDay);
  EXPECT_EQ(accounts_->deleteSessions("acc1"), 2) << "sign out everywhere";
  EXPECT_FALSE(accounts_->sessionAccount(s1, kAt));
  EXPECT_FALSE(accounts_->sessionAccount(s2, kAt));
  EXPECT_EQ(accounts_->sessionAccount(s3, kAt), "bcc2") << "another account's session stays";
  EXPECT_EQ(accounts_->expireSessions(kAt + kDay), 1);
  EXPECT_FALSE(accounts_->sessionAccount(s3, kAt));
}

TEST_P(AccountContract, ARecoveryCodeIsUsedOnceAndCodesAreReplaced) {
  create("acc1", "Alice", {"h1", "h2"});
  create("bcc2", "Bob", {"h3"});
  const auto codes = accounts_->unusedRecoveryCodes("acc1");
  ASSERT_EQ(codes.size(), 2u);
  const int64_t bobs = accounts_->unusedRecoveryCodes("bcc2").at(0).id;
  EXPECT_FALSE(accounts_->useRecoveryCode("acc1", bobs, kAt)) << "not Alice's";
  EXPECT_TRUE(accounts_->useRecoveryCode("acc1", codes[0].id, kAt));
  EXPECT_FALSE(accounts_->useRecoveryCode("acc1", codes[0].id, kAt + 1)) << "used already";
  EXPECT_EQ(accounts_->unusedRecoveryCodes("acc1"), std::vector<RecoveryCode>{codes[1]});

  EXPECT_EQ(
      race(6, [&](AccountStore& s, int) { return s.useRecoveryCode("acc1", codes[1].id, kAt); }),
      1);
  EXPECT_TRUE(accounts_->unusedRecoveryCodes("acc1").empty());

  accounts_->replaceRecoveryCodes("acc1", {"n1", "n2", "n3"});
  const auto fresh = accounts_->unusedRecoveryCodes("acc1");
  ASSERT_EQ(fresh.size(), 3u);
  EXPECT_EQ(fresh[0].hash, "n1");
  EXPECT_EQ(fresh[2].hash, "n3");
  EXPECT_EQ(accounts_->unusedRecoveryCodes("bcc2").size(), 1u) << "Bob's stay";
  accounts_->replaceRecoveryCodes("acc1", {});
  EXPECT_TRUE(accounts_->unusedRecoveryCodes("acc1").empty());
}

TEST_P(AccountContract, ReopeningKeepsEverything) {
  create("acc1", "Alice", {"h1"});
  ASSERT_TRUE(accounts_->addPasskey(key(bytes({'a', 2}), "acc1", kAt + 1)));
  ASSERT_TRUE(accounts_->advanceSignCount(bytes({'a', 2}), 5, 6, kAt + 2));
  accounts_->createSession(bytes({5}), "acc1", kAt, kAt + kDay);
  accounts_->putCeremony(StoredCeremony{"cer1", "register", "acc1", bytes({8}), kAt + kDay});
  accounts_.reset();
  tables_.reset();
  tables_ = openStore(location_, Durability::Normal, true);
  accounts_ = openAccountStore(location_, Durability::Normal);
  EXPECT_EQ(accounts_->accountByName("ALICE"), account("acc1", "Alice"));
  ASSERT_EQ(accounts_->passkeys("acc1").size(), 2u);
  EXPECT_EQ(accounts_->passkey(bytes({'a', 2}))->sign_count, 6);
  EXPECT_EQ(accounts_->unusedRecoveryCodes("acc1").size(), 1u);
  EXPECT_EQ(accounts_->sessionAccount(bytes({5}), kAt), "acc1");
  EXPECT_EQ(accounts_->takeCeremony("cer1", kAt)->challenge, bytes({8}));
}

TEST_P(AccountContract, AttemptsAreCountedPerKindAndAddressInTheirWindow) {
  constexpr int64_t kWindow = 60'000;
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(accounts_->admitAttempt("sign-in", "192.0.2.1", kAt + i, kWindow, 3), 0) << i;
  // The fourth waits until the first leaves the window; nothing of it is counted.
  EXPECT_EQ(accounts_->admitAttempt("sign-in", "192.0.2.1", kAt + 10, kWindow, 3), kWindow - 10);
  EXPECT_EQ(accounts_->admitAttempt("sign-in", "192.0.2.1", kAt + 20, kWindow, 3), kWindow - 20);
  // Another address, another kind: counted apart.
  EXPECT_EQ(accounts_->admitAttempt("sign-in", "192.0.2.2", kAt + 20, kWindow, 3), 0);
  EXPECT_EQ(accounts_->admitAttempt("recover", "192.0.2.1", kAt + 20, kWindow, 3), 0);
  // Once the first has left the window, one more counts.
  EXPECT_EQ(accounts_->admitAttempt("sign-in", "192.0.2.1", kAt + kWindow, kWindow, 3), 0);
  EXPECT_EQ(accounts_->admitAttempt("sign-in", "192.0.2.1", kAt + kWindow, kWindow, 3), 1);
}

TEST_P(AccountContract, RacingAttemptsNeverPassTheLimit) {
  const int passed = race(8, [](AccountStore& s, int) {
    return s.admitAttempt("sign-up", "192.0.2.9", kAt, 60'000, 3) == 0;
  });
  EXPECT_EQ(passed, 3);
}

INSTANTIATE_TEST_SUITE_P(Stores, AccountContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(SqliteAccountStore, NeedsTheTablesStoreFirst) {
  const auto path = (std::filesystem::temp_directory_path() /
                     ("pg-account-bare-" + std::to_string(::getpid()) + ".db"))
                        .string();
  std::filesystem::remove(path);
  EXPECT_THROW(openAccountStore(path, Durability::Normal), StoreError);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace pg::account_test
