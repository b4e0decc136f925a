#include "server/api/account_limits.h"

#include "server/api/account_sessions.h"
#include "server/api/http_reply.h"

namespace pg {

namespace {

constexpr int64_t kTenMinutesMs = 10 * 60 * 1000;
constexpr int64_t kHourMs = 60 * 60 * 1000;

}  // namespace

AccountLimits::AccountLimits(AccountStore& store, const ServerLimits& limits, Metrics* metrics)
    : store_(store), limits_(limits), metrics_(metrics) {}

std::optional<HttpReply> AccountLimits::admit(Kind kind, const std::string& address) const {
  const char* name = "sign-up";
  int64_t window = kHourMs;
  int max = limits_.sign_ups_per_hour_per_address;
  switch (kind) {
    case Kind::SignUp:
      break;
    case Kind::SignIn:
      name = "sign-in";
      window = kTenMinutesMs;
      max = limits_.sign_ins_per_10_minutes_per_address;
      break;
    case Kind::NameCheck:
      name = "name-check";
      window = kTenMinutesMs;
      max = limits_.name_checks_per_10_minutes_per_address;
      break;
    case Kind::Recover:
      name = "recover";
      max = limits_.recoveries_per_hour_per_address;
      break;
    case Kind::EmailChange:
      name = "email";
      max = limits_.email_changes_per_hour_per_address;
      break;
    case Kind::EmailSignIn:
      name = "email-sign-in";
      max = limits_.email_sign_ins_per_hour_per_address;
      break;
  }
  const int64_t wait = store_.admitAttempt(name, address, unixMsNow(), window, max);
  if (wait == 0) return std::nullopt;
  if (metrics_) metrics_->rateLimited(Metrics::Limit::Accounts);
  return rateLimitedReply("Too many attempts from your address; try again later.", wait);
}

}  // namespace pg
