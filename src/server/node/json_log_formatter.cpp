#include "server/node/json_log_formatter.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>

namespace pg {

namespace {

void put(spdlog::memory_buf_t& out, std::string_view s) {
  out.append(s.data(), s.data() + s.size());
}

/// The length of the well-formed UTF-8 sequence at the start of `s`, or 0 when it is not one
/// (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8Length(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char b = byte(0);
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xbf;  // the range of the second byte
  if (b >= 0xc2 && b <= 0xdf) {
    n = 2;
  } else if (b >= 0xe0 && b <= 0xef) {
    n = 3;
    if (b == 0xe0) lo = 0xa0;
    if (b == 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4;
    if (b == 0xf0) lo = 0x90;
    if (b == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (s.size() < n || byte(1) < lo || byte(1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xbf) return 0;
  return n;
}

/// `s` as a JSON string, quotes included. A message may hold text a client chose (a path, a
/// passkey's origin): quotes, backslashes and control characters are escaped, and bytes that
/// are not UTF-8 become U+FFFD, so that every line stays one valid JSON object.
void putJsonString(spdlog::memory_buf_t& out, std::string_view s) {
  put(out, "\"");
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const std::size_t n = utf8Length(s.substr(i));
      put(out, n ? s.substr(i, n) : std::string_view("\\ufffd"));
      i += n ? n : 1;
      continue;
    }
    switch (c) {
      case '"':
        put(out, "\\\"");
        break;
      case '\\':
        put(out, "\\\\");
        break;
      case '\n':
        put(out, "\\n");
        break;
      case '\r':
        put(out, "\\r");
        break;
      case '\t':
        put(out, "\\t");
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          std::array<char, 8> u{};
          std::snprintf(u.data(), u.size(), "\\u%04x", c);
          put(out, u.data());
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
    ++i;
  }
  put(out, "\"");
}

/// ISO 8601 in UTC with milliseconds: "2026-12-05T10:07:57.123Z".
void putTime(spdlog::memory_buf_t& out, spdlog::log_clock::time_point t) {
  using namespace std::chrono;
  const auto secs = time_point_cast<seconds>(t);
  auto ms = duration_cast<milliseconds>(t - secs).count();
  std::time_t tt = spdlog::log_clock::to_time_t(secs);
  if (ms < 0) {  // before 1970: the second below, and the milliseconds counted up from it
    ms += 1000;
    --tt;
  }
  std::tm tm{};
  gmtime_r(&tt, &tm);
  std::array<char, 80> text{};  // room for any int the fields could hold, as GCC checks
  std::snprintf(text.data(), text.size(), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  put(out, text.data());
}

/// The names --log-level takes, so that a filter reads as the option does ("warn", not
/// spdlog's "warning").
std::string_view levelName(spdlog::level::level_enum level) {
  static constexpr std::array<std::string_view, 7> kNames{"trace", "debug",    "info", "warn",
                                                          "error", "critical", "off"};
  const auto i = static_cast<std::size_t>(level);
  return i < kNames.size() ? kNames[i] : "unknown";
}

bool idChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

}  // namespace

std::optional<TableMessage> splitTableMessage(std::string_view message) {
  constexpr std::string_view kTable = "table ";
  if (message.substr(0, kTable.size()) != kTable) return std::nullopt;
  std::size_t end = kTable.size();
  while (end < message.size() && idChar(message[end])) ++end;
  // An id is short; a longer word is not one (nor anything the convention writes).
  if (end == kTable.size() || end - kTable.size() > 64) return std::nullopt;
  if (message.substr(end, 2) != ": ") return std::nullopt;
  return TableMessage{message.substr(kTable.size(), end - kTable.size()), message.substr(end + 2)};
}

JsonLogFormatter::JsonLogFormatter(std::string node) : node_(std::move(node)) {}

void JsonLogFormatter::format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) {
  const std::string_view payload(msg.payload.data(), msg.payload.size());
  const std::optional<TableMessage> about = splitTableMessage(payload);
  put(dest, "{\"time\":\"");
  putTime(dest, msg.time);
  put(dest, "\",\"level\":\"");
  put(dest, levelName(msg.level));
  put(dest, "\",\"node\":");
  putJsonString(dest, node_);
  if (about) {
    put(dest, ",\"table\":");
    putJsonString(dest, about->table);
  }
  put(dest, ",\"message\":");
  putJsonString(dest, about ? about->message : payload);
  put(dest, "}\n");
}

std::unique_ptr<spdlog::formatter> JsonLogFormatter::clone() const {
  return std::make_unique<JsonLogFormatter>(node_);
}

}  // namespace pg
