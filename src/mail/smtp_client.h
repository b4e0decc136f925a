// One SMTP transaction over libcurl: MAIL FROM, RCPT TO, DATA, to the relay the operator names
// (smtp://host:port, STARTTLS when the relay offers it and required when a password is set; or
// smtps://host:port, TLS from the first byte). Credentials go to libcurl only: they are never
// part of an error text or a log line.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>

namespace pg::mail {

struct SmtpSettings {
  std::string url;                   ///< "smtp://host:port" or "smtps://host:port"
  std::string user;                  ///< empty: no authentication
  std::string password;              ///< from the environment, never from the command line
  std::chrono::seconds timeout{30};  ///< the whole transaction, connection included
};

/// An SMTP transaction that failed. `permanent` when the relay refused it for good (a 5xx
/// answer): sending it again would be refused again.
class SmtpError : public std::runtime_error {
 public:
  SmtpError(const std::string& what, bool permanent)
      : std::runtime_error(what), permanent_(permanent) {}
  bool permanent() const { return permanent_; }

 private:
  bool permanent_;
};

class SmtpClient {
 public:
  explicit SmtpClient(SmtpSettings settings);

  /// Sends `message` (a whole RFC 5322 text, CRLF lines) from `from` to `to`. Returns when the
  /// relay accepted it (its 250 after the data); throws SmtpError otherwise. Safe to call from
  /// one thread at a time.
  void send(const std::string& from, const std::string& to, const std::string& message);

  /// The relay's URL, for the log (never the user or the password).
  const std::string& url() const { return settings_.url; }

 private:
  SmtpSettings settings_;
};

}  // namespace pg::mail
