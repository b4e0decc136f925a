// A real SMTP server on loopback for the mail tests: tests/support/smtp_sink.py (aiosmtpd) in a
// process the test starts and stops itself, on a port chosen free at construction (the same
// port across stop() and start(), so a test can take the relay down and bring it back). Each
// message it accepted is a file of the sink's folder, read by messages().
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace pg::test {

/// One message the sink accepted.
struct ReceivedMail {
  std::string envelope_to;  ///< the RCPT TO address
  std::string text;         ///< headers and body as received, CRLF lines
  /// The value of header `name` (case-insensitive), unfolded; empty if absent.
  std::string header(const std::string& name) const;
  /// The body, decoded when it is base64.
  std::string body() const;
};

class SmtpSink {
 public:
  /// `delay_ms`: each message is accepted that long after its data (a slow relay).
  explicit SmtpSink(int delay_ms = 0);
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  /// Starts the server and waits until it accepts connections. Throws if it cannot.
  void start();
  /// Stops it (SIGTERM) and waits for its end.
  void stop();
  int port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }

  /// Every message accepted so far, in the order received.
  std::vector<ReceivedMail> messages() const;
  /// Waits until at least `n` messages arrived or `timeout` passed; returns them.
  std::vector<ReceivedMail> waitFor(std::size_t n,
                                    std::chrono::milliseconds timeout = std::chrono::seconds(20));

 private:
  std::string folder_;
  int port_ = 0;
  int pid_ = -1;
  int delay_ms_ = 0;
};

}  // namespace pg::test
