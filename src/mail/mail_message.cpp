// The text of a queued mail (mail_message.h).
#include "mail/mail_message.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <stdexcept>

namespace pg::mail {

namespace {

bool isAscii(const std::string& s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

void requireOneLine(const std::string& s, const char* what) {
  if (s.find_first_of("\r\n") != std::string::npos)
    throw std::invalid_argument(std::string("a mail's ") + what + " holds a line break");
}

std::string base64(const std::string& in) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(in[i]) << 16) |
                       (static_cast<unsigned char>(in[i + 1]) << 8) |
                       static_cast<unsigned char>(in[i + 2]);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  if (i < in.size()) {
    unsigned v = static_cast<unsigned char>(in[i]) << 16;
    if (i + 1 < in.size()) v |= static_cast<unsigned char>(in[i + 1]) << 8;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += i + 1 < in.size() ? kAlphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

/// An RFC 2047 encoded word per at most 45 bytes of UTF-8 (each under 75 characters), never
/// cutting a character in two; ASCII text as it is.
std::string headerText(const std::string& s) {
  if (isAscii(s)) return s;
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t end = std::min(s.size(), i + 45);
    while (end < s.size() && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(s.substr(i, end - i)) + "?=";
    i = end;
  }
  return out;
}

/// `text` with every line ending CRLF.
std::string crlf(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 40);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') continue;
    if (text[i] == '\n') out += '\r';
    out += text[i];
  }
  if (out.size() < 2 || out.compare(out.size() - 2, 2, "\r\n") != 0) out += "\r\n";
  return out;
}

}  // namespace

std::string messageId(const QueuedMail& m, const Sender& s) {
  const auto at = s.from.rfind('@');
  const std::string domain = at == std::string::npos ? "localhost" : s.from.substr(at + 1);
  return "<phantomgo." + std::to_string(m.id) + "." + std::to_string(m.created_at) + "@" + domain +
         ">";
}

std::string rfc5322Date(int64_t ms_since_epoch) {
  const std::time_t t = static_cast<std::time_t>(ms_since_epoch / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[tm.tm_wday],
                tm.tm_mday, kMonths[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
                tm.tm_sec);
  return buf;
}

std::string formatMessage(const QueuedMail& m, const Sender& s) {
  const MailDraft& d = m.draft;
  requireOneLine(d.recipient, "recipient");
  requireOneLine(d.subject, "subject");
  requireOneLine(d.unsubscribe_url, "unsubscribe URL");
  requireOneLine(s.from, "sender");
  requireOneLine(s.name, "sender's name");
  std::string out;
  out += "From: " + (s.name.empty() ? s.from : headerText(s.name) + " <" + s.from + ">") + "\r\n";
  out += "To: <" + d.recipient + ">\r\n";
  out += "Subject: " + headerText(d.subject) + "\r\n";
  out += "Date: " + rfc5322Date(m.created_at) + "\r\n";
  out += "Message-ID: " + messageId(m, s) + "\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  if (!d.unsubscribe_url.empty()) {
    out += "List-Unsubscribe: <" + d.unsubscribe_url + ">\r\n";
    out += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=UTF-8\r\n";
  if (isAscii(d.body)) {
    out += "Content-Transfer-Encoding: 7bit\r\n\r\n";
    out += crlf(d.body);
  } else {
    out += "Content-Transfer-Encoding: base64\r\n\r\n";
    const std::string b = base64(crlf(d.body));
    for (std::size_t i = 0; i < b.size(); i += 76) out += b.substr(i, 76) + "\r\n";
  }
  return out;
}

}  // namespace pg::mail
