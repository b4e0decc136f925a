// The text of a queued mail as it goes over SMTP (RFC 5322 with MIME, RFC 2047 for a subject
// that is not ASCII, RFC 8058's one-click unsubscription headers). Everything in it derives from
// the stored row, so a mail sent twice (a crash after the relay's answer, before the row was
// marked sent) carries the same Message-ID and Date both times, and the receiver can tell.
#pragma once

#include <cstdint>
#include <string>

#include "store/mail_store.h"

namespace pg::mail {

/// The sender's side of every mail.
struct Sender {
  std::string from;  ///< a bare address: "go@example.org"
  std::string name;  ///< the display name ("Phantom Go"); may be empty
};

/// "<phantomgo.<id>.<created_at>@<domain of from>>": unique per row of one database, the same
/// on every attempt.
std::string messageId(const QueuedMail& m, const Sender& s);

/// `created_at` as an RFC 5322 date in UTC: "Sat, 05 Dec 2026 16:30:00 +0000".
std::string rfc5322Date(int64_t ms_since_epoch);

/// The whole message: headers and body, lines ending CRLF. A body that is not ASCII goes as
/// base64, so no relay needs 8BITMIME. Throws std::invalid_argument for a recipient, subject or
/// URL holding a line break (no header injection).
std::string formatMessage(const QueuedMail& m, const Sender& s);

}  // namespace pg::mail
