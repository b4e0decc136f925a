// The words of the mails, in the six languages of the site (en, de, it, cs, tr, fi; any other
// code gives English): the verification of an address, a sign-in link, and "your move". A mail
// names the site, the opponent, the board's size and the move's number, and its links: never a
// point of the board (no coordinate, no diagram), so it tells nothing hidden.
#pragma once

#include <string>

namespace pg::mail {

struct MailText {
  std::string subject;  ///< one line
  std::string body;     ///< plain text, lines ending "\n", the unsubscription line last
};

/// "Confirm your address": `link` verifies it; `off` turns mails off.
MailText verifyText(const std::string& lang, const std::string& site, const std::string& link,
                    const std::string& off);
/// "Your sign-in link": `link` signs in, for 15 minutes, once.
MailText signInText(const std::string& lang, const std::string& site, const std::string& link,
                    const std::string& off);
/// "your opponent": the opponent's name when the site knows none.
std::string someone(const std::string& lang);
/// "Your move against <opponent>" on a `size`x`size` board, move `move`: `link` opens the game.
MailText yourMoveText(const std::string& lang, const std::string& site, const std::string& opponent,
                      int size, int move, const std::string& link, const std::string& off);

}  // namespace pg::mail
