// The accounts' mail (mail_store.h) in the PostgreSQL database of a PgStore, on a connection of
// its own (pg_reconnecting_connection.h). The schema is the PgStore's migration 9, so open that
// store first. Token hashes are bytea, sent and read as hex.
//
// The single-use operations hold under PostgreSQL's row locks, whichever nodes race: a token is
// used by UPDATE ... WHERE used_at IS NULL AND expires_at > now RETURNING (a waiting UPDATE
// checks its WHERE clause again on the row the winner wrote); a mail is queued by INSERT ... ON
// CONFLICT (dedupe_key) DO NOTHING; the due mails are claimed by UPDATE ... WHERE id IN (SELECT
// ... FOR UPDATE SKIP LOCKED LIMIT n) RETURNING, so two nodes claiming at once take different
// rows and neither waits for the other. Two accounts setting one address at once: the unique
// address_key lets one in, and the other's setAddress answers false.
#pragma once

#include <string>

#include "store/mail_store.h"
#include "store/pg_reconnecting_connection.h"

namespace pg {

class PgMailStore final : public MailStore {
 public:
  /// Connects with libpq's `conninfo`. Throws StoreError when it cannot, or when the database
  /// has no mail tables yet.
  explicit PgMailStore(const std::string& conninfo);
  ~PgMailStore() override;

  bool setAddress(const std::string& account_id, const std::string& address,
                  const std::string& lang) override;
  std::optional<AccountEmail> address(const std::string& account_id) override;
  std::optional<AccountEmail> addressOwner(const std::string& address) override;
  bool markVerified(const std::string& account_id, const std::string& address, int64_t at) override;
  bool setMailOn(const std::string& account_id, bool on) override;
  bool removeAddress(const std::string& account_id) override;

  void putToken(const EmailToken& t) override;
  std::optional<EmailToken> useToken(const std::vector<uint8_t>& hash, EmailTokenKind kind,
                                     int64_t now) override;
  int expireTokens(int64_t now) override;

  bool enqueue(const MailDraft& m, const std::optional<EmailToken>& token, int64_t now) override;
  std::vector<QueuedMail> claimDue(int64_t now, int64_t claim_ms, int limit) override;
  bool markSent(int64_t id, int64_t at) override;
  void markRetry(int64_t id, int64_t next_attempt_at, const std::string& error) override;
  void markFailed(int64_t id, int64_t at, const std::string& error) override;
  std::optional<MailState> mailByKey(const std::string& dedupe_key) override;
  int64_t pendingCount() override;
  int forgetOld(int64_t before, int limit) override;

 private:
  pq::ReconnectingConnection db_;
};

}  // namespace pg
