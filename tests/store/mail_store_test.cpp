// The accounts' MailStore, one suite for both databases (SQLite on a temporary file, PostgreSQL
// on a fresh database): addresses are unique regardless of case and lose their verification
// when changed; a link's token is used once, by its own kind only, and never after it expires;
// a mail is queued once per dedupe key, with its token in the same transaction; due mails are
// claimed by one sender at a time, even when several race on connections of their own as
// separate nodes would; a claim that runs out (a dead sender) lets another take the mail; a
// retry waits for its time; a sent or given-up mail is never claimed again.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "store/open_store.h"
#include "store_test_support.h"

namespace pg::mail_test {
namespace {

constexpr int64_t kAt = 1'800'000'000'000;
constexpr int64_t kMinute = 60 * 1000;

MailDraft draft(const std::string& key, const std::string& to = "a@example.org") {
  return MailDraft{key, to, "Subject " + key, "Body of " + key + "\n",
                   "https://go.example/#/email/off/x"};
}

class MailContract : public test::EachStoreTest {
 protected:
  void SetUp() override {
    EachStoreTest::SetUp();
    if (location_.empty()) return;
    tables_ = openStore(location_, Durability::Normal, true);
    accounts_ = openAccountStore(location_, Durability::Normal);
    mail_ = openMailStore(location_, Durability::Normal);
    for (const char* id : {"acc1", "acc2"}) {
      StoredPasskey p;
      p.credential_id = {static_cast<uint8_t>(id[3])};
      ASSERT_TRUE(accounts_->createAccount(Account{id, std::string("N") + id, kAt}, p, {}));
    }
  }
  void TearDown() override {
    mail_.reset();
    accounts_.reset();
    tables_.reset();
    EachStoreTest::TearDown();
  }

  std::unique_ptr<Store> tables_;
  std::unique_ptr<AccountStore> accounts_;
  std::unique_ptr<MailStore> mail_;
};

TEST_P(MailContract, AnAddressIsUniqueRegardlessOfCaseAndVerifiedOnlyAsSent) {
  EXPECT_FALSE(mail_->address("acc1"));
  ASSERT_TRUE(mail_->setAddress("acc1", "Alice@Example.org", "de"));
  EXPECT_EQ(mail_->address("acc1"),
            (AccountEmail{"acc1", "Alice@Example.org", std::nullopt, true, "de"}));
  EXPECT_EQ(mail_->addressOwner("alice@example.ORG")->account_id, "acc1");
  EXPECT_FALSE(mail_->setAddress("acc2", "ALICE@example.org", "en"));  // another account's
  EXPECT_FALSE(mail_->address("acc2"));

  // A link sent to another address verifies nothing; the address as sent does.
  EXPECT_FALSE(mail_->markVerified("acc1", "old@example.org", kAt));
  EXPECT_TRUE(mail_->markVerified("acc1", "Alice@Example.org", kAt));
  EXPECT_EQ(mail_->address("acc1")->verified_at, kAt);
  EXPECT_TRUE(mail_->markVerified("acc1", "Alice@Example.org", kAt + 5));  // keeps the first time
  EXPECT_EQ(mail_->address("acc1")->verified_at, kAt);

  EXPECT_TRUE(mail_->setMailOn("acc1", false));
  EXPECT_FALSE(mail_->address("acc1")->mail_on);
  EXPECT_FALSE(mail_->setMailOn("acc2", false));  // no address

  // A new address starts unverified, mails on; the old one is free again.
  ASSERT_TRUE(mail_->setAddress("acc1", "new@example.org", "fi"));
  EXPECT_EQ(mail_->address("acc1"),
            (AccountEmail{"acc1", "new@example.org", std::nullopt, true, "fi"}));
  EXPECT_TRUE(mail_->setAddress("acc2", "alice@example.org", "en"));

  EXPECT_TRUE(mail_->removeAddress("acc1"));
  EXPECT_FALSE(mail_->removeAddress("acc1"));
  EXPECT_FALSE(mail_->address("acc1"));
  EXPECT_FALSE(mail_->addressOwner("new@example.org"));
}

TEST_P(MailContract, ATokenIsUsedOnceByItsKindBeforeItExpires) {
  const EmailToken t{
      {1, 2, 0, 255}, EmailTokenKind::SignIn, "acc1", "a@example.org", kAt + 15 * kMinute};
  mail_->putToken(t);
  EXPECT_FALSE(mail_->useToken(t.hash, EmailTokenKind::Verify, kAt));  // another kind
  EXPECT_FALSE(mail_->useToken({1, 2, 0}, EmailTokenKind::SignIn, kAt));
  EXPECT_EQ(mail_->useToken(t.hash, EmailTokenKind::SignIn, kAt), t);
  EXPECT_FALSE(mail_->useToken(t.hash, EmailTokenKind::SignIn, kAt));  // used

  const EmailToken late{{7}, EmailTokenKind::Verify, "acc1", "a@example.org", kAt};
  mail_->putToken(late);
  EXPECT_FALSE(mail_->useToken(late.hash, EmailTokenKind::Verify, kAt));  // expired at kAt
  EXPECT_EQ(mail_->expireTokens(kAt), 1);
  EXPECT_EQ(mail_->expireTokens(kAt + 15 * kMinute), 1);
}

TEST_P(MailContract, RacingUsesOfATokenUseItOnce) {
  const EmailToken t{{9, 9}, EmailTokenKind::Off, "acc1", "a@example.org", kAt + kMinute};
  mail_->putToken(t);
  std::vector<std::unique_ptr<MailStore>> nodes;
  for (int i = 0; i < 6; ++i) nodes.push_back(openMailStore(location_, Durability::Normal));
  std::atomic<int> won{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (auto& n : nodes)
    threads.emplace_back([&, store = n.get()] {
      while (!go) std::this_thread::yield();
      if (store->useToken(t.hash, EmailTokenKind::Off, kAt)) ++won;
    });
  go = true;
  for (auto& th : threads) th.join();
  EXPECT_EQ(won, 1);
}

TEST_P(MailContract, AMailIsQueuedOncePerKeyWithItsToken) {
  const EmailToken t{{5, 5}, EmailTokenKind::Off, "acc1", "a@example.org", kAt + kMinute};
  ASSERT_TRUE(mail_->enqueue(draft("move:t:3:0"), t, kAt));
  EXPECT_EQ(mail_->useToken(t.hash, EmailTokenKind::Off, kAt), t);  // stored with it

  const EmailToken second{{6, 6}, EmailTokenKind::Off, "acc1", "a@example.org", kAt + kMinute};
  EXPECT_FALSE(mail_->enqueue(draft("move:t:3:0"), second, kAt + 1));
  EXPECT_FALSE(mail_->useToken(second.hash, EmailTokenKind::Off, kAt));  // not stored
  const auto state = mail_->mailByKey("move:t:3:0");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->mail.draft, draft("move:t:3:0"));
  EXPECT_EQ(state->mail.created_at, kAt);
  EXPECT_EQ(state->mail.attempts, 0);
  EXPECT_FALSE(state->sent_at);
  EXPECT_EQ(mail_->pendingCount(), 1);
}

TEST_P(MailContract, ClaimsSendsRetriesAndGivesUp) {
  ASSERT_TRUE(mail_->enqueue(draft("a"), std::nullopt, kAt));
  ASSERT_TRUE(mail_->enqueue(draft("b"), std::nullopt, kAt + 1));
  ASSERT_TRUE(mail_->enqueue(draft("c"), std::nullopt, kAt + 2));
  EXPECT_TRUE(mail_->claimDue(kAt - 1, kMinute, 10).empty());  // not due yet

  auto first = mail_->claimDue(kAt + 10, kMinute, 2);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].draft.dedupe_key, "a");
  EXPECT_EQ(first[1].draft.dedupe_key, "b");
  EXPECT_EQ(first[0].attempts, 1);
  EXPECT_LT(first[0].id, first[1].id);
  // Held: another claimer gets only the third.
  auto second = mail_->claimDue(kAt + 20, kMinute, 10);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].draft.dedupe_key, "c");

  EXPECT_TRUE(mail_->markSent(first[0].id, kAt + 30));
  EXPECT_FALSE(mail_->markSent(first[0].id, kAt + 31));
  mail_->markRetry(first[1].id, kAt + 5 * kMinute, "421 try later");
  mail_->markFailed(second[0].id, kAt + 40, "550 no such user");

  EXPECT_EQ(mail_->mailByKey("a")->sent_at, kAt + 30);
  EXPECT_EQ(mail_->mailByKey("b")->last_error, "421 try later");
  EXPECT_EQ(mail_->mailByKey("c")->failed_at, kAt + 40);
  EXPECT_EQ(mail_->pendingCount(), 1);

  // Done mails are forgotten after their time; pending ones never.
  EXPECT_EQ(mail_->forgetOld(kAt + 30, 100), 0);  // "a" was sent at kAt + 30, not before
  EXPECT_EQ(mail_->forgetOld(kAt + 41, 100), 2);  // "a" sent, "c" given up
  EXPECT_FALSE(mail_->mailByKey("a"));
  EXPECT_TRUE(mail_->mailByKey("b"));

  // The retry waits for its time, then comes back with its second attempt.
  EXPECT_TRUE(mail_->claimDue(kAt + 4 * kMinute, kMinute, 10).empty());
  auto retry = mail_->claimDue(kAt + 5 * kMinute, kMinute, 10);
  ASSERT_EQ(retry.size(), 1u);
  EXPECT_EQ(retry[0].draft.dedupe_key, "b");
  EXPECT_EQ(retry[0].attempts, 2);

  // A sender that died with its claim: after the claim runs out, another takes the mail.
  EXPECT_TRUE(mail_->claimDue(kAt + 5 * kMinute + kMinute - 1, kMinute, 10).empty());
  auto taken = mail_->claimDue(kAt + 6 * kMinute, kMinute, 10);
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken[0].id, retry[0].id);
  EXPECT_EQ(taken[0].attempts, 3);
}

TEST_P(MailContract, RacingSendersNeverClaimOneMailTwice) {
  constexpr int kMails = 60;
  for (int i = 0; i < kMails; ++i)
    ASSERT_TRUE(mail_->enqueue(draft("m" + std::to_string(i)), std::nullopt, kAt + i));
  std::vector<std::unique_ptr<MailStore>> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(openMailStore(location_, Durability::Normal));
  std::mutex m;
  std::vector<int64_t> claimed;
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (auto& n : nodes)
    threads.emplace_back([&, store = n.get()] {
      while (!go) std::this_thread::yield();
      for (;;) {
        const auto batch = store->claimDue(kAt + kMails, kMinute, 3);
        if (batch.empty()) return;
        std::lock_guard lock(m);
        for (const auto& q : batch) claimed.push_back(q.id);
      }
    });
  go = true;
  for (auto& th : threads) th.join();
  EXPECT_EQ(claimed.size(), static_cast<std::size_t>(kMails));
  EXPECT_EQ(std::set<int64_t>(claimed.begin(), claimed.end()).size(),
            static_cast<std::size_t>(kMails));
}

TEST_P(MailContract, ATablesQueuedMailIsOnePerKeyAndNeedsTheTablesClaim) {
  tables_->createTable(test::sampleTable("aaaaaaaaaaaa"));
  ASSERT_TRUE(tables_->claim("aaaaaaaaaaaa"));
  const EmailToken off{{4, 2}, EmailTokenKind::Off, "acc1", "a@example.org", kAt + kMinute};
  tables_->writeAndWait(QueueMail{"aaaaaaaaaaaa", draft("move:aaaaaaaaaaaa:3:white"), off, kAt});
  const EmailToken again{{4, 3}, EmailTokenKind::Off, "acc1", "a@example.org", kAt + kMinute};
  tables_->writeAndWait(
      QueueMail{"aaaaaaaaaaaa", draft("move:aaaaaaaaaaaa:3:white"), again, kAt + 5});
  const auto m = mail_->mailByKey("move:aaaaaaaaaaaa:3:white");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->mail.created_at, kAt);
  EXPECT_EQ(mail_->pendingCount(), 1);
  EXPECT_EQ(mail_->useToken(off.hash, EmailTokenKind::Off, kAt), off);
  EXPECT_FALSE(mail_->useToken(again.hash, EmailTokenKind::Off, kAt));  // not stored
  if (!postgres()) return;  // one node: its claims always hold
  // On PostgreSQL another node's claim fences it: a node that lost the table queues nothing.
  tables_->release("aaaaaaaaaaaa");
  auto other = openStore(location_, Durability::Normal, true);
  ASSERT_TRUE(other->claim("aaaaaaaaaaaa"));
  EXPECT_THROW(tables_->writeAndWait(QueueMail{"aaaaaaaaaaaa", draft("move:aaaaaaaaaaaa:4:black"),
                                               std::nullopt, kAt}),
               ClaimLost);
  EXPECT_FALSE(mail_->mailByKey("move:aaaaaaaaaaaa:4:black"));
}

INSTANTIATE_TEST_SUITE_P(Stores, MailContract, ::testing::Values("Sqlite", "Postgres"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace pg::mail_test
