// MailSender (mail_sender.h).
#include "mail/mail_sender.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

namespace pg::mail {

namespace {

int64_t systemNow() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// The kind of a dedupe key ("move", "verify", ...): what the log may say of a mail.
std::string kindOf(const std::string& dedupe_key) {
  return dedupe_key.substr(0, dedupe_key.find(':'));
}

}  // namespace

MailSender::MailSender(MailStore& store, SmtpClient& smtp, SenderOptions options, Clock clock)
    : store_(store),
      smtp_(smtp),
      options_(std::move(options)),
      clock_(clock ? std::move(clock) : Clock(systemNow)) {}

MailSender::~MailSender() {
  stop();
}

void MailSender::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void MailSender::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

MailSender::Window MailSender::window() const {
  std::lock_guard lock(mutex_);
  return window_;
}

void MailSender::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  cv_.notify_all();
}

void MailSender::run() {
  for (;;) {
    try {
      drainOnce();
    } catch (const std::exception& e) {
      spdlog::warn("mail: reading the outbox failed: {}", e.what());
    }
    std::unique_lock lock(mutex_);
    cv_.wait_for(lock, std::chrono::milliseconds(options_.poll_ms),
                 [this] { return stopping_ || woken_; });
    if (stopping_) return;
    woken_ = false;
  }
}

int MailSender::drainOnce() {
  int sent = 0;
  for (;;) {
    const auto due = store_.claimDue(clock_(), options_.claim_ms, options_.batch);
    for (const QueuedMail& m : due) {
      {
        std::lock_guard lock(mutex_);
        if (stopping_) return sent;  // the rest stay claimed until their claim runs out
      }
      if (attempt(m)) ++sent;
    }
    if (static_cast<int>(due.size()) < options_.batch) return sent;
  }
}

bool MailSender::attempt(const QueuedMail& m) {
  const std::string kind = kindOf(m.draft.dedupe_key);
  std::string message;
  try {
    message = formatMessage(m, options_.sender);
  } catch (const std::exception& e) {
    spdlog::error("mail {} ({}): cannot be written, given up: {}", m.id, kind, e.what());
    store_.markFailed(m.id, clock_(), e.what());
    return false;
  }
  try {
    smtp_.send(options_.sender.from, m.draft.recipient, message);
  } catch (const SmtpError& e) {
    const int64_t now = clock_();
    const auto next =
        e.permanent() ? std::nullopt : options_.retry.nextAttempt(m.created_at, m.attempts, now);
    if (next) {
      spdlog::warn("mail {} ({}): attempt {} failed, again in {} s", m.id, kind, m.attempts,
                   (*next - now + 999) / 1000);
      store_.markRetry(m.id, *next, e.what());
    } else {
      spdlog::error("mail {} ({}): attempt {} failed, given up", m.id, kind, m.attempts);
      store_.markFailed(m.id, now, e.what());
    }
    return false;
  }
  // The relay has it. A crash from here to the mark's commit sends it again with the same
  // Message-ID once the claim runs out.
  const auto accepted = std::chrono::steady_clock::now();
  store_.markSent(m.id, clock_());
  const int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(
                         std::chrono::steady_clock::now() - accepted)
                         .count();
  {
    std::lock_guard lock(mutex_);
    ++window_.mails;
    window_.total_us += us;
    window_.max_us = std::max(window_.max_us, us);
  }
  spdlog::info("mail {} ({}): sent", m.id, kind);
  return true;
}

}  // namespace pg::mail
