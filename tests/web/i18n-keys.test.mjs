// Every language has every string and the whole rules page, in node: no browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageStrings } from './strings.mjs';
import { readFile, readdir } from 'node:fs/promises';

const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];
const web = new URL('../../web/', import.meta.url);
const load = async (dir, code) =>
  dir === 'i18n' ? languageStrings(code) : (await import(new URL(`${dir}/${code}.js`, web))).default;

test('each language file has exactly the English keys, with the same placeholders', async () => {
  const en = await load('i18n', 'en');
  const placeholders = (v) =>
    [...new Set((typeof v === 'string' ? v : Object.values(v).join(' ')).match(/\{\w+\}/g) ?? [])].sort();
  for (const code of LANGS) {
    const strings = await load('i18n', code);
    assert.deepEqual(Object.keys(strings).sort(), Object.keys(en).sort(), `keys of ${code}`);
    for (const [key, value] of Object.entries(strings)) {
      const ok = typeof value === 'string' || (value && typeof value === 'object' && typeof value.other === 'string');
      assert.ok(ok, `${code}: ${key} is a string or has an "other" plural form`);
      assert.ok((typeof value === 'string' ? value : value.other).trim().length > 0, `${code}: ${key} is empty`);
      // A translation may leave out a placeholder only where English has none to keep.
      for (const p of placeholders(value)) assert.ok(placeholders(en[key]).includes(p), `${code}: ${key} has unknown ${p}`);
    }
  }
});

test('every key the code uses exists in English', async () => {
  const en = await load('i18n', 'en');
  const files = (await readdir(web)).filter((f) => f.endsWith('.js'));
  for (const f of files) {
    const src = await readFile(new URL(f, web), 'utf8');
    for (const m of src.matchAll(/\bt\('([^']+)'/g)) assert.ok(m[1] in en, `${f} uses ${m[1]}`);
    for (const m of src.matchAll(/key: '([^']+)'|'(log\.[A-Za-z]+)'/g)) {
      const key = m[1] ?? m[2];
      assert.ok(key in en, `${f} uses ${key}`);
    }
  }
  const { ERROR_CODES } = await import(new URL('errors.js', web));
  for (const code of ERROR_CODES) assert.ok(`err.${code}` in en, `err.${code}`);
  for (const m of ['online', 'computer', 'hotseat']) {
    assert.ok(`setup.mode.${m}.hint` in en);
    assert.ok(`saved.${m}` in en);
  }
});

test('every level of the computer has a label and a sentence on whom it suits, in every language', async () => {
  // The ids of GET /api/info's "strengths", weakest first (home.js offers them before it answers).
  const LEVELS = ['beginner', 'easy', 'medium', 'advanced', 'hard'];
  const src = await readFile(new URL('home.js', web), 'utf8');
  assert.match(src, new RegExp(`STRENGTHS = \\[${LEVELS.map((l) => `'${l}'`).join(', ')}\\]`), 'the form offers the five levels');
  const en = await load('i18n', 'en');
  for (const code of LANGS) {
    const strings = await load('i18n', code);
    const labels = LEVELS.map((l) => strings[`strength.${l}`]);
    for (const [i, l] of LEVELS.entries()) {
      assert.equal(typeof labels[i], 'string', `${code}: strength.${l}`);
      assert.deepEqual(labels[i].match(/\{\w+\}/g), en[`strength.${l}`].match(/\{\w+\}/g), `${code}: placeholders of strength.${l}`);
      const who = strings[`strength.${l}.who`];
      assert.equal(typeof who, 'string', `${code}: strength.${l}.who`);
      assert.match(who, /^\S.*[.!]$/u, `${code}: strength.${l}.who is a sentence`);
      assert.deepEqual(who.match(/\{\w+\}/g), en[`strength.${l}.who`].match(/\{\w+\}/g), `${code}: placeholders of strength.${l}.who`);
    }
    assert.equal(new Set(labels).size, LEVELS.length, `${code}: five different labels`);
    assert.equal(new Set(LEVELS.map((l) => strings[`strength.${l}.who`])).size, LEVELS.length, `${code}: five different sentences`);
  }
  // levels.json (which GET /api/info also gives) holds the five, in order, in every language
  // and nothing else; the language files hold no level strings of their own.
  const file = JSON.parse(await readFile(new URL('i18n/levels.json', web), 'utf8'));
  assert.deepEqual(file.map((l) => l.level), LEVELS);
  for (const l of file) {
    assert.deepEqual(Object.keys(l).sort(), ['level', 'name', 'who']);
    assert.deepEqual(Object.keys(l.name), LANGS, `${l.level}: a name in each language`);
    assert.deepEqual(Object.keys(l.who), LANGS, `${l.level}: a sentence in each language`);
  }
  for (const code of LANGS) {
    const own = (await import(new URL(`i18n/${code}.js`, web))).default;
    assert.deepEqual(Object.keys(own).filter((k) => /^strength\.[a-z]+(\.who)?$/.test(k)), [], code);
  }
});

test('the rules page has the same sections and shape in every language', async () => {
  const shape = (content) =>
    content.sections.map((s) => ({
      id: s.id,
      blocks: s.blocks.map((b) => {
        const kind = Object.keys(b)[0];
        if (kind === 'table') return { table: [b.table.head.length, b.table.rows.map((r) => r.length)] };
        if (kind === 'ul' || kind === 'ol') return { [kind]: b[kind].length };
        return kind;
      }),
    }));
  const en = await load('rules', 'en');
  const ids = en.sections.map((s) => s.id);
  assert.deepEqual(ids, ['what', 'turn', 'differences', 'variants', 'site', 'history']);
  for (const code of LANGS) {
    const content = await load('rules', code);
    assert.deepEqual(shape(content), shape(en), `rules shape of ${code}`);
    const text = JSON.stringify(content);
    for (const fact of ['2005', '2007', 'Amsterdam', 'Golois', 'Cazenave', 'Kriegspiel'])
      assert.ok(text.includes(fact), `${code} rules mention ${fact}`);
  }
});
