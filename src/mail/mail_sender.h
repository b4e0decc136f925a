// The thread that drains the outbox (store/mail_store.h) of every node that has an SMTP relay:
// it claims the due mails for `claim_ms` (so that no other node's sender takes them meanwhile,
// and any node takes them once the claim of a dead one has run out), sends each over SMTP, and
// marks it sent; a failed attempt is tried again later (RetryPolicy), a permanent refusal or a
// day of failures gives it up with its error kept in the row for the operator.
//
// A crash loses nothing: a mail leaves the queue only when marked sent. The one window where a
// mail can go out twice is between the relay's 250 after the data and the mark's commit; a mail
// sent again then carries the same Message-ID (mail_message.h), which receivers use to drop the
// copy. docs/server.md ("Mail") measures that window.
//
// The log names a mail by its row id and its dedupe key's kind, never by its recipient, subject
// or body, and never the relay's user or password.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

#include "mail/mail_message.h"
#include "mail/retry_policy.h"
#include "mail/smtp_client.h"
#include "store/mail_store.h"

namespace pg::mail {

struct SenderOptions {
  Sender sender;
  RetryPolicy retry;
  int64_t claim_ms = 60'000;  ///< longer than the SMTP timeout, so a live sender keeps its mails
  int batch = 10;             ///< mails claimed at once
  int64_t poll_ms = 1'000;    ///< how often the queue is read when nothing woke the sender
};

class MailSender {
 public:
  /// Milliseconds since the Unix epoch.
  using Clock = std::function<int64_t()>;

  /// Does not start the thread. `store` and `smtp` outlive the sender.
  MailSender(MailStore& store, SmtpClient& smtp, SenderOptions options, Clock clock = {});
  ~MailSender();
  MailSender(const MailSender&) = delete;
  MailSender& operator=(const MailSender&) = delete;

  void start();
  /// Finishes the mail in progress (if any) and ends the thread. Claimed mails not yet tried
  /// stay claimed until their claim runs out.
  void stop();
  /// Reads the queue now (a mail was just queued on this node). Safe from any thread.
  void wake();

  /// One round: claims what is due and tries each. Returns how many were sent. For the thread
  /// and the tests.
  int drainOnce();

  /// The window in which a crash sends a mail twice: from the relay's acceptance to the
  /// commit of the mark, over the mails sent so far (microseconds).
  struct Window {
    int64_t mails = 0;
    int64_t total_us = 0;
    int64_t max_us = 0;
  };
  Window window() const;

 private:
  void run();
  /// Sends `m` and records the outcome; true if it was sent.
  bool attempt(const QueuedMail& m);

  MailStore& store_;
  SmtpClient& smtp_;
  const SenderOptions options_;
  const Clock clock_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  bool woken_ = false;
  Window window_;  // under mutex_
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace pg::mail
