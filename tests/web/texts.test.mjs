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
  ],
  it: [
    [/(?<!\p{L})se(?!\p{L})[^.;:«]*?(?<!\p{L})sarebbe(?!\p{L})/u, '"se" takes the congiuntivo or the indicative, not the conditional'],
    [/scacchier/i, 'the board is a goban'],
    [/(?<!\p{L})toro(?!\p{L})/iu, '"toro" reads as "bull": the board is toroidale'],
    [/^(molto )?(facile|difficile)$/, 'a strength is debole, media or (molto) forte'],
  ],
  cs: [
    [/za barvu/, 'a colour name stands in the nominative: no "za barvu {player}"'],
    [/(?<!\p{L})(zahrál|pasoval|táhl|zkusil|vzdal|viděl|měl|připojen)(?!\p{L})/u, 'a masculine past tense or participle assumes a man'],
    [/(?<!\p{L})ses(?!\p{L})/u, '"Vzdal ses" assumes a man'],
    [/jen on(?!\p{L})/u, '"jen on" assumes a man'],
    [/^(velmi )?(lehká|těžká)$/, 'a strength is slabá, střední or (velmi) silná'],
  ],
  tr: [
    [/çekil/i, 'to resign is "pes etmek"; "çekil" reads as "get out of the way"'],
    [/\{player\} tahtası/, '"{player} tahtası" means "the black board": the genitive is needed'],
    [/sıradan/i, '"Sıradan Go" reads as "mediocre Go": it is standart Go'],
    [/simit/i, 'the torus is a torus'],
    [/^(çok )?(kolay|zor)$/, 'a strength is zayıf, orta or (çok) güçlü'],
  ],
  fi: [
    [/pelkkä alue/, 'Japanese scoring counts territory and prisoners, not area only'],
    [/torukselle/, 'a game is played "toruksella", on the torus'],
    [/valkoi/i, 'White is Valkea in Go texts'],
    [/Kertaus/i, '"Kertaus" is exam revision: the replay is "Pelin toisto"'],
    [/^(erittäin |hyvin )?(helppo|vaikea|keskitaso)$/, 'a strength is heikko, keskivahva or (erittäin) vahva'],
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
  ],
  it: [
    ['log.captured', /pietr[ae] del \{color\}/], ['setup.torus.short', /^toroidale$/],
    ['home.lead', /goban/], ['strength.beginner', /^principiante$/], ['strength.easy', /^debole$/],
    ['strength.medium', /^media$/], ['strength.advanced', /^forte$/], ['strength.hard', /^molto forte$/],
    ['rules', /Se la pietra è legale sul goban vero/],
  ],
  cs: [
    ['log.captured', /^\{color\} ztrácí/], ['curtain.show', /^\{player\}: /], ['invite.link', /\(barva: \{player\}\)/],
    ['log.ownStone', /^Tvůj tah: \{point\}/], ['log.resigned', /vzdává/],
    ['strength.beginner', /^začátečnická$/], ['strength.easy', /^slabá$/], ['strength.medium', /^střední$/],
    ['strength.advanced', /^silná$/], ['strength.hard', /^velmi silná$/],
  ],
  tr: [
    ['action.resign', /^Pes et$/], ['log.ownResign', /^Pes ettin\.$/], ['log.resigned', /pes etti\./],
    ['result.resignation', /rakibi pes ettiği için/], ['board.label.seat', /^\{player\}’ın tahtası/],
    ['log.captured', /^\{color\}’ın .*taşı alındı/], ['setup.torus.short', /^torus$/],
    ['strength.beginner', /^başlangıç$/], ['strength.easy', /^zayıf$/], ['strength.medium', /^orta$/],
    ['strength.advanced', /^güçlü$/], ['strength.hard', /^çok güçlü$/],
    ['rules', /Standart Go/],
  ],
  fi: [
    ['color.white', /^Valkea$/], ['replay.title', /^Pelin toisto$/], ['log.captured', /^\{color\} menetti/],
    ['strength.beginner', /^aloittelija$/], ['strength.easy', /^heikko$/], ['strength.medium', /^keskivahva$/],
    ['strength.advanced', /^vahva$/], ['strength.hard', /^erittäin vahva$/],
    ['rules', /japanilaisessa laskennassa alue ja vangitut kivet/], ['rules', /atari gota toruksella/],
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
