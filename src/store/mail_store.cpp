// The names of the mail tokens' kinds (mail_store.h).
#include "store/mail_store.h"

namespace pg {

const char* emailTokenKindName(EmailTokenKind k) {
  switch (k) {
    case EmailTokenKind::Verify:
      return "verify";
    case EmailTokenKind::SignIn:
      return "sign-in";
    case EmailTokenKind::Off:
      return "off";
  }
  return "verify";
}

std::optional<EmailTokenKind> emailTokenKindNamed(const std::string& name) {
  for (const EmailTokenKind k :
       {EmailTokenKind::Verify, EmailTokenKind::SignIn, EmailTokenKind::Off})
    if (name == emailTokenKindName(k)) return k;
  return std::nullopt;
}

}  // namespace pg
