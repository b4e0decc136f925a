// The page's languages. Each language is a module web/i18n/<code>.js exporting its strings
// (flat keys) and web/rules/<code>.js exporting the rules page. The computer's levels, their
// names and a sentence on whom each suits, are in levels.json in every language, the one file
// the server also answers with in GET /api/info; they become the keys strength.<level> and
// strength.<level>.who. The language follows the browser, can be switched on every page, and
// is kept in localStorage.
//
// A string may hold {name} placeholders. A value may also be an object of plural forms keyed
// by Intl.PluralRules categories (one, few, many, other), chosen by the `n` parameter.
// A missing key is never filled in from another language: it renders as [[key]] and logs a
// console error, so the tests find it.

import LEVELS from './levels.json' with { type: 'json' };

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'cs', name: 'Čeština' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'fi', name: 'Suomi' },
];
const CODES = LANGUAGES.map((l) => l.code);
const STORAGE_KEY = 'pg.lang';

let current = { code: 'en', strings: {}, rules: null, plural: new Intl.PluralRules('en') };
const listeners = new Set();

/// The language to start with: the stored choice, else the first of the browser's languages we
/// have, else English.
export function initialLanguage() {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && CODES.includes(stored)) return stored;
  } catch {
    // storage may be unavailable (private mode): follow the browser
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (CODES.includes(base)) return base;
  }
  return 'en';
}

/// The levels' strings of one language, as flat keys: strength.<level> (its name) and
/// strength.<level>.who (whom it suits).
export function levelStrings(code) {
  const out = {};
  for (const { level, name, who } of LEVELS) {
    out[`strength.${level}`] = name[code];
    out[`strength.${level}.who`] = who[code];
  }
  return out;
}

/// Loads a language and makes it current. `remember`: store the choice on this device.
export async function setLanguage(code, remember = false) {
  if (!CODES.includes(code)) code = 'en';
  const [strings, rules] = await Promise.all([
    import(`./${code}.js`).then((m) => ({ ...m.default, ...levelStrings(code) })),
    import(`../rules/${code}.js`).then((m) => m.default),
  ]);
  current = { code, strings, rules, plural: new Intl.PluralRules(code) };
  document.documentElement.lang = code;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, code);
    } catch {
      // not kept; the choice still holds for this page
    }
  }
  for (const f of listeners) f(code);
}

export const language = () => current.code;
export const rulesContent = () => current.rules;

/// Calls `f(code)` after every language change; returns the unsubscribe function.
export function onLanguageChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/// The string for `key` in the current language, with {placeholders} filled from `params`.
export function t(key, params = {}) {
  let value = current.strings[key];
  if (value !== null && typeof value === 'object') {
    const n = Number(params.n ?? 0);
    value = value[current.plural.select(n)] ?? value.other;
  }
  if (typeof value !== 'string') {
    console.error(`missing string "${key}" in language "${current.code}"`);
    return `[[${key}]]`;
  }
  return value.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const p = params[name];
    return typeof p === 'number' ? formatNumber(p) : String(p);
  });
}

/// A number in the current language's way (komi 7.5 is "7,5" in German).
export function formatNumber(x) {
  return new Intl.NumberFormat(current.code, { maximumFractionDigits: 1 }).format(x);
}

/// The colour's name as a subject ("Black", "Schwarz").
export const colorName = (color) => t(`color.${color}`);
