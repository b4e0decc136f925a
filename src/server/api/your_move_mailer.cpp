#include "server/api/your_move_mailer.h"

#include "mail/mail_texts.h"
#include "passkey/base64url.h"
#include "passkey/signature.h"
#include "server/api/email_api.h"
#include "server/api/level_texts.h"
#include "server/node/tokens.h"

namespace pg {

namespace {

constexpr std::string_view kComputer = "computer:";

std::string siteOf(const std::string& origin) {
  const auto scheme = origin.find("://");
  return scheme == std::string::npos ? origin : origin.substr(scheme + 3);
}

}  // namespace

YourMoveMailer::YourMoveMailer(RatingStore& ratings, AccountStore& accounts, MailStore& mail,
                               const ServerSettings& settings)
    : ratings_(ratings), accounts_(accounts), mail_(mail), settings_(settings) {}

std::string YourMoveMailer::dedupeKey(const YourMoveAsk& a) {
  return "move:" + a.table_id + ":" + std::to_string(a.turns_played) + ":" +
         (a.color == Color::Black ? "black" : "white");
}

std::string YourMoveMailer::opponentName(const std::string& table_id, int color,
                                         const std::string& lang) const {
  const auto p = ratings_.seatPlayer(table_id, color);
  if (p && p->rfind(kComputer, 0) == 0) {
    const std::string level = p->substr(kComputer.size());
    for (const Json& l : levelTexts())
      if (l.value("level", "") == level) return l.at("name").value(lang, level);
    return level;
  }
  if (p)
    if (const auto a = accounts_.accountById(*p)) return a->name;
  return mail::someone(lang);
}

std::optional<QueueMail> YourMoveMailer::compose(const YourMoveAsk& a) const {
  const int color = a.color == Color::Black ? 0 : 1;
  const auto player = ratings_.seatPlayer(a.table_id, color);
  if (!player || player->rfind(kComputer, 0) == 0) return std::nullopt;
  const auto e = mail_.address(*player);
  if (!e || !e->verified_at || !e->mail_on) return std::nullopt;
  passkey::Bytes b(32);
  secureRandom(b.data(), b.size());
  const std::string token = passkey::base64url(b);
  const EmailToken off{passkey::sha256(std::string_view(token)), EmailTokenKind::Off, *player,
                       e->address, a.at + kOffLinkMs};
  const std::string& origin = settings_.public_url;
  const mail::MailText text = mail::yourMoveText(
      e->lang, siteOf(origin), opponentName(a.table_id, 1 - color, e->lang), a.size,
      a.turns_played + 1, origin + "/#/seat/" + a.table_id, origin + "/#/email/off/" + token);
  return QueueMail{a.table_id,
                   MailDraft{dedupeKey(a), e->address, text.subject, text.body,
                             origin + "/api/email/off/" + token},
                   off, a.at};
}

}  // namespace pg
