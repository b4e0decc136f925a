// The words of the mails (mail_texts.h). Each text is a template whose {site}, {link},
// {opponent}, {size} and {move} are filled in; the last line of every body is the line that
// turns the mails off.
#include "mail/mail_texts.h"

#include <array>
#include <string_view>

namespace pg::mail {

namespace {

struct Words {
  std::string_view lang;
  std::string_view verify_subject, verify_body;
  std::string_view sign_in_subject, sign_in_body;
  std::string_view move_subject, move_body;
  std::string_view off;
};

constexpr std::array<Words, 6> kWords{{
    {"en", "Confirm your e-mail address for {site}",
     "Hello,\n\nsomeone (we hope you) added this address to an account on {site}.\nTo confirm "
     "it, open this link within 24 hours:\n\n{link}\n\nIf it was not you, ignore this mail: the "
     "address stays unconfirmed.\n",
     "Your sign-in link for {site}",
     "Hello,\n\nthis link signs you in to your account on {site}. It works once, for 15 "
     "minutes:\n\n{link}\n\nIf you did not ask for it, ignore this mail.\n",
     "Your move against {opponent}",
     "It is your move in your game against {opponent} ({size}x{size}, move {move}) on "
     "{site}.\n\nOpen the game (sign in on this device if asked):\n{link}\n",
     "No more mails from {site}: {off}\n"},
    {"de", "Bestätige deine E-Mail-Adresse für {site}",
     "Hallo,\n\njemand (hoffentlich du) hat diese Adresse zu einem Konto auf {site} "
     "hinzugefügt.\nUm sie zu bestätigen, öffne diesen Link innerhalb von 24 Stunden:\n\n{link}"
     "\n\nWarst du es nicht, ignoriere diese Mail: die Adresse bleibt unbestätigt.\n",
     "Dein Anmeldelink für {site}",
     "Hallo,\n\nmit diesem Link meldest du dich bei deinem Konto auf {site} an. Er gilt einmal, "
     "15 Minuten lang:\n\n{link}\n\nHast du ihn nicht angefordert, ignoriere diese Mail.\n",
     "Du bist am Zug gegen {opponent}",
     "Du bist am Zug in deiner Partie gegen {opponent} ({size}x{size}, Zug {move}) auf "
     "{site}.\n\nÖffne die Partie (melde dich auf diesem Gerät an, falls nötig):\n{link}\n",
     "Keine Mails mehr von {site}: {off}\n"},
    {"it", "Conferma il tuo indirizzo e-mail per {site}",
     "Ciao,\n\nqualcuno (speriamo tu) ha aggiunto questo indirizzo a un account su {site}.\nPer "
     "confermarlo, apri questo link entro 24 ore:\n\n{link}\n\nSe non sei stato tu, ignora questa "
     "mail: l'indirizzo resta non confermato.\n",
     "Il tuo link di accesso a {site}",
     "Ciao,\n\nquesto link ti fa accedere al tuo account su {site}. Vale una volta, per 15 "
     "minuti:\n\n{link}\n\nSe non l'hai chiesto tu, ignora questa mail.\n",
     "Tocca a te contro {opponent}",
     "Tocca a te nella partita contro {opponent} ({size}x{size}, mossa {move}) su "
     "{site}.\n\nApri la partita (accedi su questo dispositivo se richiesto):\n{link}\n",
     "Niente più mail da {site}: {off}\n"},
    {"cs", "Potvrďte svou e-mailovou adresu pro {site}",
     "Dobrý den,\n\nněkdo (doufáme, že vy) přidal tuto adresu k účtu na {site}.\nPro potvrzení "
     "otevřete do 24 hodin tento odkaz:\n\n{link}\n\nPokud jste to nebyli vy, tento e-mail "
     "ignorujte: adresa zůstane nepotvrzená.\n",
     "Váš přihlašovací odkaz pro {site}",
     "Dobrý den,\n\ntento odkaz vás přihlásí k vašemu účtu na {site}. Platí jednou, 15 "
     "minut:\n\n{link}\n\nPokud jste o něj nežádali, tento e-mail ignorujte.\n",
     "Jste na tahu proti {opponent}",
     "Jste na tahu v partii proti {opponent} ({size}x{size}, tah {move}) na {site}.\n\nOtevřete "
     "partii (na tomto zařízení se případně přihlaste):\n{link}\n",
     "Žádné další e-maily od {site}: {off}\n"},
    {"tr", "{site} için e-posta adresini onayla",
     "Merhaba,\n\nbiri (umarız sen) bu adresi {site} üzerindeki bir hesaba ekledi.\nOnaylamak "
     "için bu bağlantıyı 24 saat içinde aç:\n\n{link}\n\nSen değilsen bu e-postayı yok say: adres "
     "onaysız kalır.\n",
     "{site} için giriş bağlantın",
     "Merhaba,\n\nbu bağlantı seni {site} üzerindeki hesabına sokar. Bir kez, 15 dakika "
     "geçerlidir:\n\n{link}\n\nSen istemediysen bu e-postayı yok say.\n",
     "{opponent} karşısında sıra sende",
     "{site} üzerinde {opponent} ile oyununda sıra sende ({size}x{size}, hamle {move}).\n\nOyunu "
     "aç (istenirse bu cihazda giriş yap):\n{link}\n",
     "{site} artık e-posta göndermesin: {off}\n"},
    {"fi", "Vahvista sähköpostiosoitteesi palvelussa {site}",
     "Hei,\n\njoku (toivottavasti sinä) lisäsi tämän osoitteen tiliin palvelussa {site}.\n"
     "Vahvista se avaamalla tämä linkki 24 tunnin kuluessa:\n\n{link}\n\nJos se et ollut sinä, "
     "jätä tämä viesti huomiotta: osoite jää vahvistamatta.\n",
     "Kirjautumislinkkisi palveluun {site}",
     "Hei,\n\ntällä linkillä kirjaudut tiliisi palvelussa {site}. Se toimii kerran, 15 "
     "minuuttia:\n\n{link}\n\nJos et pyytänyt sitä, jätä tämä viesti huomiotta.\n",
     "Sinun siirtosi vastaan {opponent}",
     "On sinun siirtosi pelissä pelaajaa {opponent} vastaan ({size}x{size}, siirto {move}) "
     "palvelussa {site}.\n\nAvaa peli (kirjaudu tällä laitteella tarvittaessa):\n{link}\n",
     "Ei enää viestejä palvelusta {site}: {off}\n"},
}};

const Words& wordsFor(const std::string& lang) {
  for (const Words& w : kWords)
    if (w.lang == lang) return w;
  return kWords[0];
}

/// `text` with each "{name}" replaced by its value.
std::string fill(std::string_view text,
                 std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '{') {
      const auto end = text.find('}', i);
      if (end != std::string_view::npos) {
        const std::string_view name = text.substr(i + 1, end - i - 1);
        bool done = false;
        for (const auto& [k, v] : values)
          if (k == name) {
            out += v;
            done = true;
            break;
          }
        if (done) {
          i = end + 1;
          continue;
        }
      }
    }
    out += text[i++];
  }
  return out;
}

MailText make(std::string_view subject, std::string_view body, const Words& w,
              std::initializer_list<std::pair<std::string_view, std::string>> values,
              const std::string& site, const std::string& off) {
  return MailText{fill(subject, values),
                  fill(body, values) + "\n-- \n" + fill(w.off, {{"site", site}, {"off", off}})};
}

}  // namespace

std::string someone(const std::string& lang) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kWords{{
      {"en", "your opponent"},
      {"de", "deinen Gegner"},
      {"it", "il tuo avversario"},
      {"cs", "soupeři"},
      {"tr", "rakibin"},
      {"fi", "vastustajaasi"},
  }};
  for (const auto& [code, word] : kWords)
    if (code == lang) return std::string(word);
  return std::string(kWords[0].second);
}

MailText verifyText(const std::string& lang, const std::string& site, const std::string& link,
                    const std::string& off) {
  const Words& w = wordsFor(lang);
  return make(w.verify_subject, w.verify_body, w, {{"site", site}, {"link", link}}, site, off);
}

MailText signInText(const std::string& lang, const std::string& site, const std::string& link,
                    const std::string& off) {
  const Words& w = wordsFor(lang);
  return make(w.sign_in_subject, w.sign_in_body, w, {{"site", site}, {"link", link}}, site, off);
}

MailText yourMoveText(const std::string& lang, const std::string& site, const std::string& opponent,
                      int size, int move, const std::string& link, const std::string& off) {
  const Words& w = wordsFor(lang);
  return make(w.move_subject, w.move_body, w,
              {{"site", site},
               {"link", link},
               {"opponent", opponent},
               {"size", std::to_string(size)},
               {"move", std::to_string(move)}},
              site, off);
}

}  // namespace pg::mail
