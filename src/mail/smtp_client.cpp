// SmtpClient (smtp_client.h) on libcurl's SMTP.
#include "mail/smtp_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>

namespace pg::mail {

namespace {

/// libcurl's global set-up, once per process, before the first handle.
void initCurl() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Upload {
  const std::string* text;
  std::size_t at = 0;
};

std::size_t readUpload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* u = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, u->text->size() - u->at);
  std::memcpy(buffer, u->text->data() + u->at, n);
  u->at += n;
  return n;
}

struct EasyDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct ListDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

}  // namespace

SmtpClient::SmtpClient(SmtpSettings settings) : settings_(std::move(settings)) {
  initCurl();
}

void SmtpClient::send(const std::string& from, const std::string& to, const std::string& message) {
  std::unique_ptr<CURL, EasyDeleter> curl(curl_easy_init());
  if (!curl) throw SmtpError("libcurl could not start a transfer", false);
  CURL* c = curl.get();
  std::unique_ptr<curl_slist, ListDeleter> rcpt(
      curl_slist_append(nullptr, ("<" + to + ">").c_str()));
  const std::string mail_from = "<" + from + ">";
  Upload upload{&message};
  char error[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(c, CURLOPT_URL, settings_.url.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, mail_from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt.get());
  curl_easy_setopt(c, CURLOPT_READFUNCTION, readUpload);
  curl_easy_setopt(c, CURLOPT_READDATA, &upload);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(settings_.timeout.count() * 1000));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(std::min<long long>(settings_.timeout.count(), 10) * 1000));
  if (!settings_.user.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, settings_.user.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, settings_.password.c_str());
    curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  } else {
    curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));
  }
  const CURLcode rc = curl_easy_perform(c);
  if (rc == CURLE_OK) return;
  long code = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
  std::string what = curl_easy_strerror(rc);
  if (error[0]) what += std::string(": ") + error;
  if (code) what = "SMTP " + std::to_string(code) + ": " + what;
  throw SmtpError(what, code >= 500 && code < 600);
}

}  // namespace pg::mail
