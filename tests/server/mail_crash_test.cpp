// A crash while mails are queued, with real processes: `phantomgo serve` sends to a slow SMTP
// server on loopback (each message accepted 150 ms after its data), is SIGKILLed with mails
// queued and one in flight, and started again on the same store: every mail arrives, and
// counted by Message-ID each arrives once (the one in flight at the kill may arrive twice,
// with the same Message-ID: the crash window of docs/server.md, "Mail").
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <map>

#include "email_support.h"
#include "support/spawned_program.h"

namespace pg::test {
namespace {

/// A port of loopback that was free a moment ago.
uint16_t aFreePort() {
  SmtpSink probe;  // chooses one the same way
  return static_cast<uint16_t>(probe.port());
}

class MailCrashTest : public AccountServerTest {
 protected:
  void SetUp() override {
    spdlog::set_level(spdlog::level::warn);
    settings_ = testSettings(dir_);  // for its web folder; no server in this process
    port_ = aFreePort();
    sink_.start();
  }
  void TearDown() override { node_.reset(); }

  void serve() {
    const std::string port = std::to_string(port_);
    node_ = std::make_unique<SpawnedProgram>(
        std::vector<std::string>{PG_PHANTOMGO_BIN, "serve", "--port", port, "--db",
                                 (dir_.path() / "mail.db").string(), "--web", settings_.web_dir,
                                 "--public-url", "http://127.0.0.1:" + port, "--smtp-url",
                                 sink_.url(), "--mail-from", "go@phantom.example",
                                 "--mail-claim-seconds", "2", "--lift-limits-per-address"},
        (dir_.path() / "node.log").string());
    for (int i = 0; i < 1200; ++i) {
      try {
        if (httpRequest("127.0.0.1", port_, "GET", "/healthz", "").status == 200) return;
      } catch (const std::exception&) {  // not listening yet
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL() << "phantomgo serve did not start:\n" << node_->output();
  }

  SmtpSink sink_{150};
  std::unique_ptr<SpawnedProgram> node_;
};

TEST_F(MailCrashTest, AKilledNodeLosesNoMailAndSendsEachOnceByMessageId) {
  ASSERT_NO_FATAL_FAILURE(serve());
  passkey::test::SoftAuthenticator key(passkey::Alg::ES256);
  const SignedUp up = signUp("Crash", key);
  constexpr int kMails = 20;
  for (int i = 0; i < kMails; ++i) {
    const HttpResult r =
        call("PUT", "/api/account/email",
             Json{{"address", "p" + std::to_string(i) + "@example.org"}}, up.cookie);
    ASSERT_EQ(r.status, 200) << r.body;
  }
  // Some sent, most still queued, one in flight: kill.
  sink_.waitFor(3);
  node_->signal(SIGKILL);
  const std::size_t before = sink_.messages().size();
  EXPECT_LT(before, static_cast<std::size_t>(kMails)) << "the kill came too late to test anything";

  ASSERT_NO_FATAL_FAILURE(serve());
  std::map<std::string, int> by_id;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    by_id.clear();
    for (const ReceivedMail& m : sink_.messages()) ++by_id[m.header("Message-ID")];
    if (by_id.size() >= static_cast<std::size_t>(kMails)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::this_thread::sleep_for(std::chrono::seconds(3));  // a claim's length: any resend shows
  by_id.clear();
  const auto all = sink_.messages();
  for (const ReceivedMail& m : all) ++by_id[m.header("Message-ID")];
  EXPECT_EQ(by_id.size(), static_cast<std::size_t>(kMails));
  int twice = 0;
  for (const auto& [id, n] : by_id) {
    EXPECT_LE(n, 2) << id;
    twice += n - 1;
  }
  // At most the one mail in flight when the node died went out twice (the sender sends one at
  // a time), with its one Message-ID.
  EXPECT_LE(twice, 1);
  std::printf("killed after %zu of %d mails; %zu delivered in all, %d twice\n", before, kMails,
              all.size(), twice);
}

}  // namespace
}  // namespace pg::test
