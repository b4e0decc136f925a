// The accounts' mail (mail_store.h) in the SQLite file of a SqliteStore, on a connection of its
// own (SQLite serializes the writers of one file; the busy timeout waits for the others). The
// schema is the SqliteStore's (user_version 8 and later), so open that store first.
//
// Token hashes are BLOBs. The single-use operations are single statements, and SQLite runs one
// writer at a time: a token is used by UPDATE ... WHERE used_at IS NULL AND expires_at > now
// RETURNING, the due mails are claimed by one UPDATE ... WHERE id IN (SELECT ... LIMIT n)
// RETURNING, and a mail is queued by INSERT ... ON CONFLICT (dedupe_key) DO NOTHING. setAddress
// and enqueue are IMMEDIATE transactions.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "store/mail_store.h"
#include "store/sqlite_store.h"

namespace SQLite {
class Database;
}

namespace pg {

class SqliteMailStore final : public MailStore {
 public:
  /// Opens the file at `path`, which a SqliteStore has opened (and so brought up to date).
  /// Throws StoreError when it cannot, or when the file has no mail tables yet.
  explicit SqliteMailStore(const std::string& path, Durability durability = Durability::Full);
  ~SqliteMailStore() override;

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
  std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
};

}  // namespace pg
