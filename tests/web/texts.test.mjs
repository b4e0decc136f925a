// The texts read as a Go player of each language would read them, in node: words that were
// wrong once (a wrong Go term, a case or tense error, a wrong fact) must not come back, and the
// words that replaced them must be there. tests/web/i18n-keys.test.mjs checks keys and
// placeholders; this file checks words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageStrings } from './strings.mjs';

const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];
const web = new URL('../../web/', import.meta.url);
const load = async (dir, code) =>
  dir === 'i18n' ? languageStrings(code) : (await import(new URL(`${dir}/${code}.js`, web))).default;

/// Every text of a value (a string, an object of plural forms, or rules-page data), flattened.
function texts(value) {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/// Every form of one string: the string itself or each of its plural forms.
const forms = (strings, key) => texts(strings[key]);

// Per language: patterns that no string (i18n or rules page) may match, each with the reason.
const FORBIDDEN = {
  en: [
    [/^(very )?(easy|hard)$/, 'a strength is weak, medium or (very) strong, not a difficulty'],
  ],
  de: [
    [/(?<!\p{L})(ge)?[Ss]chl[aä]g(e|en|es|t|end\p{L}*)?(?!\p{L})/u, 'a capture is a Gefangennahme, not a Schlag'],
    [/unerlaubt/i, 'an illegal try is unzulässig, not unerlaubt'],
    [/Schlussbrett/, 'the final board is the Schlussstellung'],
    [/(?<!\p{L})echt(e|en|er|es)?(?!\p{L})/iu, 'the real board is always "wirklich", never "echt"'],
    [/^(sehr )?(leicht|schwer)$/, 'a strength is schwach, mittel or (sehr) stark'],
    [/(?<!\p{L})Gegenüber(?!\p{L})/u, 'one word for the opponent: "Gegner", never "Gegenüber"'],
    [/\S…|\.\.\./u, 'one ellipsis style: a space, then "…" ("Warten auf {player} …")'],
    [/(?<!\p{L})ging vor/u, 'a player who left before the second move "hat die Partie verlassen"'],
    [/freiwillig/, 'an optional name is "(optional)", not "freiwillig"'],
    [/Revanche zuschauen/, 'a rematch is watched: "Revanche ansehen"'],
    [/^Tatsächlich$/, 'the real board is "Wirklichkeit": "Tatsächlich" alone reads as "Indeed"'],
  ],
  it: [
    [/(?<!\p{L})se(?!\p{L})[^.;:«]*?(?<!\p{L})sarebbe(?!\p{L})/u, '"se" takes the congiuntivo or the indicative, not the conditional'],
    [/scacchier/i, 'the board is a goban'],
    [/(?<!\p{L})toro(?!\p{L})/iu, '"toro" reads as "bull": the board is toroidale'],
    [/^(molto )?(facile|difficile)$/, 'a strength is debole, media or (molto) forte'],
    [/abbandonat[oa] la partita/, '"abbandonare" is to resign: a player who left "ha lasciato la partita"'],
    [/\p{L}'\p{L}/u, 'the apostrophe is ’, never a straight one'],
    [/(di|caricare) che cosa credeva/, 'what the computer believed is loaded as "le ipotesi del computer"'],
    [/Riproverà/, 'the lobby does not try by itself: "Nuovo tentativo tra poco."'],
    [/frecce si muovono/, 'the arrows move the cursor: "le frecce spostano il cursore"'],
  ],
  cs: [
    [/za barvu/, 'a colour name stands in the nominative: no "za barvu {player}"'],
    [/(?<!\p{L})(zahrál|pasoval|táhl|zkusil|vzdal|viděl|měl|připojen)(?!\p{L})/u, 'a masculine past tense or participle assumes a man'],
    [/(?<!\p{L})ses(?!\p{L})/u, '"Vzdal ses" assumes a man'],
    [/jen on(?!\p{L})/u, '"jen on" assumes a man'],
    [/^(velmi )?(lehká|těžká)$/, 'a strength is slabá, střední or (velmi) silná'],
    [/připojená k jinému stolu/, 'already-joined is also sent for a second join of the same table'],
    [/po vzdání/, 'a resignation: "Vyhrává {winner}, soupeř partii vzdává."'],
    [/zatím: \{n\}/, 'the rejected tries so far: "počet odmítnutých pokusů zatím {n}"'],
    [/z pohledu: \{player\}/, 'the replay\'s board "jak ji vidí {player}"'],
    [/zkusí znovu/, 'the lobby does not try by itself: "Nový pokus za chvíli."'],
  ],
  tr: [
    [/çekil/i, 'to resign is "pes etmek"; "çekil" reads as "get out of the way"'],
    [/\{player\} tahtası/, '"{player} tahtası" means "the black board": the genitive is needed'],
    [/sıradan/i, '"Sıradan Go" reads as "mediocre Go": it is standart Go'],
    [/simit/i, 'the torus is a torus'],
    [/^(çok )?(kolay|zor)$/, 'a strength is zayıf, orta or (çok) güçlü'],
    [/^başlangıç$/, '"başlangıç" means "start": the beginner level is "acemi"'],
    [/Onun yerine/, '"instead" here is "Bunun yerine"'],
    [/İşaret modu/, 'the mark mode is "İşaret kipi", as in action.markMode.hint'],
    [/ayrı kal/, 'a player who stayed away "bağlantısız kaldı"'],
    [/devret/, 'handing the device over is "Cihazı ver"'],
    [/renkler yer değiştirerek/, 'a rematch "renklerin yer değiştirdiği"'],
  ],
  fi: [
    [/pelkkä alue/, 'Japanese scoring counts territory and prisoners, not area only'],
    [/torukselle/, 'a game is played "toruksella", on the torus'],
    [/valkoi/i, 'White is Valkea in Go texts'],
    [/Kertaus/i, '"Kertaus" is exam revision: the replay is "Pelin toisto"'],
    [/^(erittäin |hyvin )?(helppo|vaikea|keskitaso)$/, 'a strength is heikko, keskivahva or (erittäin) vahva'],
    [/alue on väritetty/, '"alue" is the territory column: the shaded area is "kummankin pelaajan pisteet"'],
    [/(?<!\p{L})askel/iu, 'a replay step is "vaihe"'],
    [/kuormitettu/, 'a busy server is "ruuhkautunut"'],
    [/sen sijaan tietokonetta/, 'playing the computer: "Pelaa tietokonetta vastaan"'],
  ],
};

// Per language: [key or "rules", pattern that must match (every form of the key, or some text
// of the rules page)].
const REQUIRED = {
  en: [
    ['strength.beginner', /^beginner$/], ['strength.easy', /^weak$/], ['strength.medium', /^medium$/],
    ['strength.advanced', /^strong$/], ['strength.hard', /^very strong$/],
    ['log.captured', /^(\{n\} )?\{color\} stones? captured/],
  ],
  de: [
    ['log.captured', /Gefangennahme: .*Steine? von \{color\}/], ['result.capture', /Gefangennahme/],
    ['home.lead', /unzulässig/], ['board.label.final', /Schlussstellung/], ['end.score', /Schlussstellung/],
    ['strength.beginner', /^Anfänger$/], ['strength.easy', /^schwach$/], ['strength.medium', /^mittel$/],
    ['strength.advanced', /^stark$/], ['strength.hard', /^sehr stark$/],
    ['rules', /„unzulässig“/],
    ['end.areaNote', /^Die Fläche jeder Seite/], ['chat.spectators', /^Zuschauerchat$/],
    ['rematch.watch', /^Revanche ansehen$/], ['rematch.offered', /Warten auf \{player\} …$/],
    ['result.void', /hat die Partie vor dem zweiten Zug verlassen/],
    ['away.voidable', /^\{player\} hat die Partie vor dem zweiten Zug verlassen/],
    ['setup.name.hint', /^Wird auf diesem Gerät gespeichert, am Tisch angezeigt und in die Partieaufzeichnung geschrieben\.$/],
    ['replay.view.real', /^Wirklichkeit$/], ['setup.name', /\(optional\)$/],
    ['lobby.clock', /^\{main\} Min\. \+ \{inc\} Sek\.$/],
    ['chat.spectatorsLater', /können das erst nach der Partie lesen/],
    ['log.ownAbandon', /Gegner/], ['result.abandoned', /Gegner/], ['chat.title.players', /Gegner/],
    ['err.not-abandoned', /Gegner/], ['lobby.playComputer', /^Gegen den Computer spielen$/],
  ],
  it: [
    ['log.captured', /pietr[ae] del \{color\}/], ['setup.torus.short', /^toroidale$/],
    ['home.lead', /goban/], ['strength.beginner', /^principiante$/], ['strength.easy', /^debole$/],
    ['strength.medium', /^media$/], ['strength.advanced', /^forte$/], ['strength.hard', /^molto forte$/],
    ['rules', /Se la pietra è legale sul goban vero/],
    ['result.abandoned', /ha lasciato la partita/], ['away.claimable', /ha lasciato la partita/],
    ['replay.belief.loading', /^Calcolo delle ipotesi del computer…$/],
    ['replay.belief.error', /le ipotesi del computer/], ['end.areaNote', /^L’area/],
    ['replay.keys', /l’ultimo passo/], ['saved.forget.yes', /^Sì, dimenticala$/],
    ['lobby.yourColor', /^Giocheresti con il \{color\}$/], ['lobby.unavailable', /Nuovo tentativo tra poco\.$/],
    ['board.keys', /le frecce spostano il cursore sul goban/],
  ],
  cs: [
    ['log.captured', /^\{color\} ztrácí/], ['curtain.show', /^\{player\}: /], ['invite.link', /\(barva: \{player\}\)/],
    ['log.ownStone', /^Tvůj tah: \{point\}/], ['log.resigned', /vzdává/],
    ['strength.beginner', /^začátečnická$/], ['strength.easy', /^slabá$/], ['strength.medium', /^střední$/],
    ['strength.advanced', /^silná$/], ['strength.hard', /^velmi silná$/],
    ['end.areaNote', /^Plocha každé strany je na desce vybarvená/],
    ['err.already-joined', /^Tato stránka už je k stolu připojená\.$/],
    ['result.resignation', /^Vyhrává \{winner\}, soupeř partii vzdává\.$/],
    ['replay.seen', /^jak ji vidí \{player\}$/], ['chat.spectatorsLater', /mohou přečíst až po partii/],
    ['end.youWon', /^Vítězství\.$/], ['lobby.unavailable', /Nový pokus za chvíli\.$/],
  ],
  tr: [
    ['action.resign', /^Pes et$/], ['log.ownResign', /^Pes ettin\.$/], ['log.resigned', /pes etti\./],
    ['result.resignation', /rakibi pes ettiği için/], ['board.label.seat', /^\{player\}’ın tahtası/],
    ['log.captured', /^\{color\}’ın .*taşı alındı/], ['setup.torus.short', /^torus$/],
    ['strength.beginner', /^acemi$/], ['strength.easy', /^zayıf$/], ['strength.medium', /^orta$/],
    ['strength.advanced', /^güçlü$/], ['strength.hard', /^çok güçlü$/],
    ['rules', /Standart Go/],
    ['lobby.playComputer', /^Bunun yerine bilgisayara karşı oyna$/],
    ['rematch.incoming', /^\{player\}, renklerin yer değiştirdiği bir rövanş teklif ediyor\.$/],
    ['board.marking', /^İşaret kipi:/], ['action.markMode.hint', /^İşaret kipi/],
    ['log.abandon', /bağlantısız kaldı/], ['log.ownAbandon', /bağlantısız kaldın/],
    ['err.not-abandoned', /bağlantısız kalmadı/], ['hotseat.handOver', /^Cihazı ver$/],
    ['setup.clock.correspondence', /^Yazışmalı oyun: hamle başına gün$/],
  ],
  fi: [
    ['color.white', /^Valkea$/], ['replay.title', /^Pelin toisto$/], ['log.captured', /^\{color\} menetti/],
    ['strength.beginner', /^aloittelija$/], ['strength.easy', /^heikko$/], ['strength.medium', /^keskivahva$/],
    ['strength.advanced', /^vahva$/], ['strength.hard', /^erittäin vahva$/],
    ['rules', /japanilaisessa laskennassa alue ja vangitut kivet/], ['rules', /atari gota toruksella/],
    ['end.areaNote', /^Laudalle on väritetty kummankin pelaajan pisteet: /],
    ['log.ownStoneAfter', /^\{n\} hylätyn yrityksen \(\{points\}\) jälkeen pelasit pisteeseen \{point\}\.$/],
    ['log.playedAfter', /^\{n\} hylätyn yrityksen \(\{points\}\) jälkeen \{player\} pelasi pisteeseen \{point\}\.$/],
    ['replay.speed', /^Vaihetta sekunnissa$/],
    ['replay.keys', /^Vasen ja oikea nuolinäppäin: vaihe taaksepäin tai eteenpäin; /],
    ['confirm.play', /^Pelaa pisteeseen \{point\}$/], ['err.server-busy', /ruuhkautunut/],
    ['lobby.playComputer', /^Pelaa tietokonetta vastaan$/],
  ],
};

for (const code of LANGS) {
  test(`the ${code} texts keep the right words`, async () => {
    const strings = await load('i18n', code);
    const rules = texts(await load('rules', code));
    const all = [...Object.entries(strings).flatMap(([key, v]) => texts(v).map((text) => [key, text])), ...rules.map((text) => ['rules', text])];
    for (const [pattern, why] of FORBIDDEN[code]) {
      const hits = all.filter(([, text]) => pattern.test(text));
      assert.deepEqual(hits, [], `${code}: ${why}`);
    }
    for (const [key, pattern] of REQUIRED[code]) {
      if (key === 'rules') assert.ok(rules.some((text) => pattern.test(text)), `${code} rules: ${pattern}`);
      else for (const form of forms(strings, key)) assert.match(form, pattern, `${code}: ${key}`);
    }
  });
}

test('no capture line names the colour as if it had made the capture', async () => {
  // "{color}: stone captured at C3" names the side that lost the stone, but reads as its deed.
  for (const code of LANGS) {
    const strings = await load('i18n', code);
    for (const form of forms(strings, 'log.captured')) assert.doesNotMatch(form, /^\{color\}:/, code);
  }
});

test('the curtain button and the SGF button have short labels in every language', async () => {
  // They must fit one line on a phone (390 px); flow.test.mjs measures them in the browser.
  for (const code of LANGS) {
    const strings = await load('i18n', code);
    const longest = Math.max(strings['color.black'].length, strings['color.white'].length);
    const show = strings['curtain.show'].replace('{player}', 'x'.repeat(longest));
    assert.ok(show.length <= 24, `${code}: curtain.show "${show}" has ${show.length} characters`);
    assert.ok(strings['end.sgf'].length <= 18, `${code}: end.sgf "${strings['end.sgf']}"`);
  }
});

test('the spectators\' chat is not labelled with the word for one spectator', async () => {
  // After the game a spectator's line reads "{chat.spectator} ({chat.spectators})": German once
  // had "Zuschauer (Zuschauer)".
  for (const code of LANGS) {
    const strings = await load('i18n', code);
    assert.notEqual(strings['chat.spectators'].toLowerCase(), strings['chat.spectator'].toLowerCase(), code);
  }
});

test('no point is followed by a number: filled in, they run together', async () => {
  // Finnish once had "Pelasit pisteeseen {point} {n} hylätyn …", which reads "D4 2 hylätyn …".
  for (const code of LANGS) {
    const strings = await load('i18n', code);
    for (const [key, value] of Object.entries(strings))
      for (const form of texts(value)) assert.doesNotMatch(form, /\{point\} \{n\}/, `${code}: ${key}`);
  }
});
