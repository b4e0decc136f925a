// SmtpSink (smtp_sink.h).
#include "support/smtp_sink.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#ifndef PG_SMTP_SINK
#error "PG_SMTP_SINK names tests/support/smtp_sink.py"
#endif

namespace pg::test {

namespace fs = std::filesystem;

namespace {

/// A TCP port of loopback that was free a moment ago.
int freePort() {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) throw std::runtime_error("socket() failed");
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  socklen_t len = sizeof a;
  if (::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    ::close(s);
    throw std::runtime_error("no free port");
  }
  ::close(s);
  return ntohs(a.sin_port);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string decodeBase64(const std::string& in) {
  std::string out;
  int bits = 0;
  unsigned value = 0;
  for (const char c : in) {
    int v;
    if (c >= 'A' && c <= 'Z')
      v = c - 'A';
    else if (c >= 'a' && c <= 'z')
      v = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      v = c - '0' + 52;
    else if (c == '+')
      v = 62;
    else if (c == '/')
      v = 63;
    else
      continue;
    value = (value << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((value >> bits) & 0xff));
    }
  }
  return out;
}

}  // namespace

std::string ReceivedMail::header(const std::string& name) const {
  const std::string want = lower(name) + ":";
  std::istringstream in(text);
  std::string line, value;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;  // the end of the headers
    if (inside && (line[0] == ' ' || line[0] == '\t')) {
      value += line;
      continue;
    }
    if (inside) return value;
    if (lower(line.substr(0, want.size())) == want) {
      inside = true;
      value = line.substr(want.size());
      value.erase(0, value.find_first_not_of(' '));
    }
  }
  return value;
}

std::string ReceivedMail::body() const {
  const auto end = text.find("\r\n\r\n");
  const std::string raw = end == std::string::npos ? "" : text.substr(end + 4);
  if (lower(header("Content-Transfer-Encoding")) == "base64") return decodeBase64(raw);
  return raw;
}

SmtpSink::SmtpSink(int delay_ms) : port_(freePort()), delay_ms_(delay_ms) {
  folder_ = (fs::temp_directory_path() /
             ("pg-smtp-sink-" + std::to_string(::getpid()) + "-" + std::to_string(port_)))
                .string();
  fs::remove_all(folder_);
  fs::create_directories(folder_);
}

SmtpSink::~SmtpSink() {
  stop();
  std::error_code ignored;
  fs::remove_all(folder_, ignored);
}

void SmtpSink::start() {
  if (pid_ > 0) return;
  const std::string port = std::to_string(port_);
  const std::string delay = std::to_string(delay_ms_);
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork() failed");
  if (pid == 0) {
    ::execl("/usr/bin/python3", "python3", PG_SMTP_SINK, "--port", port.c_str(), "--folder",
            folder_.c_str(), "--delay-ms", delay.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  pid_ = pid;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!fs::exists(fs::path(folder_) / "ready")) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("the SMTP sink ended at start (is python3-aiosmtpd installed?)");
    }
    if (std::chrono::steady_clock::now() > deadline) {
      stop();
      throw std::runtime_error("the SMTP sink did not start");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void SmtpSink::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  std::error_code ignored;
  fs::remove(fs::path(folder_) / "ready", ignored);
}

std::vector<ReceivedMail> SmtpSink::messages() const {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(folder_))
    if (e.path().extension() == ".eml") names.push_back(e.path().string());
  // "<pid>-<n>": by the file's time, then its name (a restarted sink has another pid).
  std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    const auto ta = fs::last_write_time(a), tb = fs::last_write_time(b);
    return ta != tb ? ta < tb : a < b;
  });
  std::vector<ReceivedMail> out;
  for (const std::string& n : names) {
    std::ifstream in(n, std::ios::binary);
    std::ostringstream read;
    read << in.rdbuf();
    const std::string text = read.str();
    ReceivedMail m;
    const auto eol = text.find("\r\n");
    m.envelope_to = text.substr(std::string("X-Envelope-To: ").size(),
                                eol - std::string("X-Envelope-To: ").size());
    m.text = text.substr(eol + 2);
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<ReceivedMail> SmtpSink::waitFor(std::size_t n, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto got = messages();
    if (got.size() >= n || std::chrono::steady_clock::now() > deadline) return got;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace pg::test
