// The mail module against a real SMTP server on loopback (support/smtp_sink.h, aiosmtpd): what
// a queued mail looks like when it arrives (its Message-ID derived from its row, RFC 8058's
// unsubscription headers, a subject and body in any language), each queued mail delivered once,
// a relay that is down and then up (tried again, delivered once), a permanent refusal and a day
// of failures given up with the error kept for the operator, and two senders on one
// PostgreSQL database (two nodes) that deliver every mail exactly once between them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "mail/mail_message.h"
#include "mail/mail_sender.h"
#include "mail/smtp_client.h"
#include "store/open_store.h"
#include "support/pg_test_server.h"
#include "support/smtp_sink.h"

namespace pg::mail_sender_test {
namespace {

using mail::MailSender;
using mail::SenderOptions;

const mail::Sender kFrom{"go@phantom.example", "Phantom Go"};

MailDraft draft(const std::string& key, const std::string& to = "ada@example.org") {
  return MailDraft{key, to, "Your move against Bob", "It is your move.\nhttps://go.example/#/t/x\n",
                   "https://go.example/api/email/off/tok-" + key};
}

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// A SQLite store in a temporary file, with its mail.
class SqliteMail : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = (std::filesystem::temp_directory_path() /
             ("pg-mail-" + std::to_string(::getpid()) + "-" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db"))
                .string();
    removeFiles();
    tables_ = openStore(path_, Durability::Normal, true);
    mail_ = openMailStore(path_, Durability::Normal);
  }
  void TearDown() override {
    mail_.reset();
    tables_.reset();
    removeFiles();
  }
  void removeFiles() {
    for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + s);
  }
  SenderOptions options() const {
    SenderOptions o;
    o.sender = kFrom;
    o.poll_ms = 50;
    o.retry.first_delay_ms = 100;
    o.retry.max_delay_ms = 400;
    return o;
  }

  std::string path_;
  std::unique_ptr<Store> tables_;
  std::unique_ptr<MailStore> mail_;
  test::SmtpSink sink_;
};

TEST(MailMessage, CarriesItsRowsIdentityAndTheOneClickHeaders) {
  QueuedMail m{42, draft("move:t:3:0"), 1'800'000'000'000, 1};
  const std::string text = mail::formatMessage(m, kFrom);
  EXPECT_NE(text.find("Message-ID: <phantomgo.42.1800000000000@phantom.example>\r\n"),
            std::string::npos);
  EXPECT_NE(text.find("List-Unsubscribe: <https://go.example/api/email/off/tok-move:t:3:0>\r\n"),
            std::string::npos);
  EXPECT_NE(text.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
  EXPECT_NE(text.find("Date: Fri, 15 Jan 2027 08:00:00 +0000\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\n\r\nIt is your move.\r\nhttps://go.example/#/t/x\r\n"),
            std::string::npos);
  // A second attempt writes the same bytes: nothing depends on when it is sent.
  m.attempts = 5;
  EXPECT_EQ(mail::formatMessage(m, kFrom), text);

  // No header injection through any field.
  QueuedMail bad = m;
  bad.draft.subject = "Hi\r\nBcc: eve@example.org";
  EXPECT_THROW(mail::formatMessage(bad, kFrom), std::invalid_argument);
  bad = m;
  bad.draft.recipient = "a@example.org\nBcc: eve@example.org";
  EXPECT_THROW(mail::formatMessage(bad, kFrom), std::invalid_argument);
}

TEST(MailRetry, DoublesUpToTheCapAndGivesUpAfterADay) {
  const mail::RetryPolicy p;
  EXPECT_EQ(p.nextAttempt(0, 1, 1000), 1000 + 30'000);
  EXPECT_EQ(p.nextAttempt(0, 2, 1000), 1000 + 60'000);
  EXPECT_EQ(p.nextAttempt(0, 30, 1000), 1000 + 3'600'000);
  EXPECT_FALSE(p.nextAttempt(0, 30, 23 * 3'600'000LL + 1));
}

TEST_F(SqliteMail, EachQueuedMailArrivesOnceWithItsHeaders) {
  sink_.start();
  const int64_t now = nowMs();
  ASSERT_TRUE(mail_->enqueue(draft("verify:1", "ada@example.org"), std::nullopt, now));
  ASSERT_TRUE(mail_->enqueue(MailDraft{"verify:2", "jiri@example.org", "Váš tah: Černý",
                                       "Je řada na vás. Ďábelská hra — 9×9.\n", ""},
                             std::nullopt, now));
  mail::SmtpClient smtp({sink_.url(), "", "", std::chrono::seconds(10)});
  MailSender sender(*mail_, smtp, options());
  EXPECT_EQ(sender.drainOnce(), 2);
  EXPECT_EQ(sender.drainOnce(), 0);  // nothing twice
  EXPECT_EQ(sender.window().mails, 2);

  const auto got = sink_.waitFor(2);
  ASSERT_EQ(got.size(), 2u);
  const auto first = mail_->mailByKey("verify:1");
  ASSERT_TRUE(first && first->sent_at);
  EXPECT_EQ(got[0].envelope_to, "ada@example.org");
  EXPECT_EQ(got[0].header("Message-ID"), mail::messageId(first->mail, kFrom));
  EXPECT_EQ(got[0].header("List-Unsubscribe"), "<https://go.example/api/email/off/tok-verify:1>");
  EXPECT_EQ(got[0].header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  EXPECT_EQ(got[0].header("Subject"), "Your move against Bob");
  EXPECT_EQ(got[0].body(), "It is your move.\r\nhttps://go.example/#/t/x\r\n");

  EXPECT_EQ(got[1].envelope_to, "jiri@example.org");
  EXPECT_EQ(got[1].header("Subject").rfind("=?UTF-8?B?", 0), 0u);
  EXPECT_EQ(got[1].body(), "Je řada na vás. Ďábelská hra — 9×9.\r\n");
  EXPECT_EQ(got[1].header("List-Unsubscribe"), "");  // none was given
  EXPECT_EQ(mail_->pendingCount(), 0);
}

TEST_F(SqliteMail, ARelayDownThenUpGetsEachMailOnce) {
  const int64_t now = nowMs();
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(mail_->enqueue(draft("move:t:" + std::to_string(i) + ":0"), std::nullopt, now));
  mail::SmtpClient smtp({sink_.url(), "", "", std::chrono::seconds(5)});
  MailSender sender(*mail_, smtp, options());
  sender.start();
  // Down: every attempt fails and is recorded for the operator, to be tried again.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (mail_->mailByKey("move:t:2:0")->mail.attempts < 2 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto failing = mail_->mailByKey("move:t:2:0");
  EXPECT_GE(failing->mail.attempts, 2);
  EXPECT_FALSE(failing->sent_at);
  EXPECT_FALSE(failing->failed_at);
  EXPECT_NE(failing->last_error, "");
  EXPECT_EQ(mail_->pendingCount(), 3);

  sink_.start();  // up
  auto got = sink_.waitFor(3);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));  // more retries would show now
  sender.stop();
  got = sink_.messages();
  ASSERT_EQ(got.size(), 3u);
  std::set<std::string> ids;
  for (const auto& m : got) ids.insert(m.header("Message-ID"));
  EXPECT_EQ(ids.size(), 3u);
  EXPECT_EQ(mail_->pendingCount(), 0);
  EXPECT_EQ(mail_->mailByKey("move:t:2:0")->last_error, "");
}

TEST_F(SqliteMail, ARefusedRecipientIsGivenUpAtOnceWithTheRelaysAnswer) {
  sink_.start();
  ASSERT_TRUE(mail_->enqueue(draft("verify:9", "refused@example.org"), std::nullopt, nowMs()));
  mail::SmtpClient smtp({sink_.url(), "", "", std::chrono::seconds(10)});
  MailSender sender(*mail_, smtp, options());
  EXPECT_EQ(sender.drainOnce(), 0);
  const auto s = mail_->mailByKey("verify:9");
  EXPECT_TRUE(s->failed_at);
  EXPECT_NE(s->last_error.find("550"), std::string::npos) << s->last_error;
  EXPECT_EQ(mail_->pendingCount(), 0);
  EXPECT_TRUE(sink_.messages().empty());
}

TEST_F(SqliteMail, ADayOfFailuresIsGivenUp) {
  int64_t now = nowMs();
  ASSERT_TRUE(mail_->enqueue(draft("move:t:1:1"), std::nullopt, now));
  mail::SmtpClient smtp({sink_.url(), "", "", std::chrono::seconds(5)});  // never started
  SenderOptions o = options();
  o.retry = mail::RetryPolicy{};  // 30 s doubling to an hour, a day in all
  MailSender sender(*mail_, smtp, o, [&] { return now; });
  int attempts = 0;
  while (!mail_->mailByKey("move:t:1:1")->failed_at && attempts < 100) {
    sender.drainOnce();
    ++attempts;
    now = std::max(now + 1, mail_->mailByKey("move:t:1:1")->next_attempt_at);
  }
  const auto s = mail_->mailByKey("move:t:1:1");
  ASSERT_TRUE(s->failed_at);
  EXPECT_GE(*s->failed_at - s->mail.created_at, 23 * 3'600'000LL);
  EXPECT_LE(*s->failed_at - s->mail.created_at, 24 * 3'600'000LL);
  EXPECT_LT(s->mail.attempts, 40);  // backed off, not hammered
  EXPECT_NE(s->last_error, "");
}

TEST(MailPostgres, TwoNodesDeliverEveryMailExactlyOnce) {
  const std::string uri = test::PgTestServer::get().freshDatabase();
  auto tables = openStore(uri, Durability::Normal, true);
  auto queue = openMailStore(uri, Durability::Normal);
  test::SmtpSink sink;
  sink.start();
  constexpr int kMails = 40;
  const int64_t now = nowMs();
  for (int i = 0; i < kMails; ++i)
    ASSERT_TRUE(queue->enqueue(draft("move:t:" + std::to_string(i) + ":0"), std::nullopt, now));
  auto storeA = openMailStore(uri, Durability::Normal);
  auto storeB = openMailStore(uri, Durability::Normal);
  mail::SmtpClient smtpA({sink.url(), "", "", std::chrono::seconds(10)});
  mail::SmtpClient smtpB({sink.url(), "", "", std::chrono::seconds(10)});
  SenderOptions o;
  o.sender = kFrom;
  o.poll_ms = 20;
  o.batch = 3;
  MailSender a(*storeA, smtpA, o), b(*storeB, smtpB, o);
  a.start();
  b.start();
  sink.waitFor(kMails);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  a.stop();
  b.stop();
  for (const MailSender* s : {&a, &b}) {
    const auto w = s->window();
    if (w.mails)
      std::printf(
          "crash window (relay's 250 to the mark's commit, PostgreSQL): %lld mails, "
          "mean %lld us, max %lld us\n",
          static_cast<long long>(w.mails), static_cast<long long>(w.total_us / w.mails),
          static_cast<long long>(w.max_us));
  }
  const auto got = sink.messages();
  std::map<std::string, int> by_id;
  for (const auto& m : got) ++by_id[m.header("Message-ID")];
  EXPECT_EQ(got.size(), static_cast<std::size_t>(kMails));
  EXPECT_EQ(by_id.size(), static_cast<std::size_t>(kMails));
  EXPECT_EQ(queue->pendingCount(), 0);
}

}  // namespace
}  // namespace pg::mail_sender_test
