// One language's strings as the page has them: web/i18n/<code>.js and the computer's levels
// from web/i18n/levels.json (levelStrings in web/i18n/i18n.js).
import { levelStrings } from '../../web/i18n/i18n.js';

export async function languageStrings(code) {
  const own = (await import(new URL(`../../web/i18n/${code}.js`, import.meta.url))).default;
  return { ...own, ...levelStrings(code) };
}
