// The computer's five levels in the setup form, at 390x844 and at 1280x800: the select offers
// them weakest first as GET /api/info names them, the sentence under it (its description) says
// whom the chosen level suits and follows the choice, axe-core finds nothing on the form, a table
// against the beginner is made from the form and its presence line names the level; every level's
// presence line at a table; on a phone the select and the sentence fit in all six languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { DESKTOP, PHONE, createTable, openPage, screenshot, serverAndBrowser } from './helpers.mjs';
import { assertNoSidewaysScroll } from './measure.mjs';
import { languageStrings } from './strings.mjs';

const env = serverAndBrowser(['--bot-seconds', '0.05']);

const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];
const LEVELS = ['beginner', 'easy', 'medium', 'advanced', 'hard'];
const strings = languageStrings;

/// The setup form at the home page, with the server's levels in the select.
async function openForm(viewport, locale) {
  const opened = await openPage(env.browser, null, viewport, locale);
  const info = opened.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/info');
  await opened.page.goto(`${env.server.url}/`);
  await info;
  await opened.page.locator('#strength').waitFor();
  return opened;
}

const sentence = (page) => page.locator('[data-testid="strength-who"]');

test('the server offers the five levels, weakest first', async () => {
  const info = await (await fetch(`${env.server.url}/api/info`)).json();
  assert.deepEqual(info.strengths, LEVELS);
});

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: five levels, the sentence for each, a table against the beginner`, async () => {
    const en = await strings('en');
    const { ctx, page, errors } = await openForm(viewport, 'en-GB');
    const select = page.locator('#strength');

    // Weakest first, with their labels; medium until the player chooses.
    assert.deepEqual(await select.locator('option').evaluateAll((os) => os.map((o) => o.value)), LEVELS);
    assert.deepEqual(await select.locator('option').allInnerTexts(), ['beginner', 'weak', 'medium', 'strong', 'very strong']);
    assert.equal(await select.inputValue(), 'medium');
    assert.equal(await select.getAttribute('aria-describedby'), 'strength-who');
    assert.equal(await sentence(page).getAttribute('id'), 'strength-who');
    assert.equal(await sentence(page).innerText(), en['strength.medium.who']);

    // The sentence follows the choice.
    const seen = new Set();
    for (const level of LEVELS) {
      await select.selectOption(level);
      await sentence(page).filter({ hasText: en[`strength.${level}.who`] }).waitFor();
      seen.add(await sentence(page).innerText());
    }
    assert.equal(seen.size, LEVELS.length, 'a different sentence for each level');
    const described = await select.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')).textContent);
    assert.equal(described, en['strength.hard.who']);

    await select.selectOption('beginner');
    await sentence(page).filter({ hasText: 'For your first games' }).waitFor();
    const { violations } = await new AxeBuilder({ page }).include('.setup').analyze();
    assert.deepEqual(violations.map((v) => `${v.id} (${v.impact})`), [], 'axe-core on the form');
    await assertNoSidewaysScroll(page, name);
    await screenshot(page, `strength-form-${name}`);

    // A table against the beginner, from the form: the presence line names the level.
    await page.locator('#size').selectOption('5');
    await page.getByRole('button', { name: 'Create the table' }).click();
    await page.waitForURL(/#table=.+&token=.+/);
    await page.locator('[data-testid="presence"]', { hasText: 'White is the computer (beginner)' }).waitFor();
    const table = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('table');
    const tableInfo = await (await fetch(`${env.server.url}/api/tables/${encodeURIComponent(table)}`)).json();
    assert.equal(tableInfo.computer?.strength, 'beginner', 'the server made the table against the beginner');

    // The form remembers the level.
    await page.goto(`${env.server.url}/#/`);
    await page.reload();
    await sentence(page).filter({ hasText: en['strength.beginner.who'] }).waitFor();
    assert.equal(await page.locator('#strength').inputValue(), 'beginner');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

test("every level's presence line at a table", async () => {
  const en = await strings('en');
  const { ctx, page, errors } = await openPage(env.browser, null, DESKTOP, 'en-GB');
  for (const strength of LEVELS) {
    const made = await createTable(env.server.url, { rules: { size: 5 }, mode: 'computer', computer: { color: 'white', strength } });
    await page.goto(made.seats.black.url);
    const line = `White is the computer (${en[`strength.${strength}`]})`;
    await page.locator('[data-testid="presence"]', { hasText: line }).waitFor();
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('phone: the levels and their sentences fit in all six languages', async () => {
  for (const lang of LANGS) {
    const s = await strings(lang);
    const { ctx, page, errors } = await openForm(PHONE, lang);
    const select = page.locator('#strength');
    assert.deepEqual(await select.locator('option').allInnerTexts(), LEVELS.map((l) => s[`strength.${l}`]), lang);
    for (const level of LEVELS) {
      await select.selectOption(level);
      await sentence(page).filter({ hasText: s[`strength.${level}.who`] }).waitFor();
      const fit = await page.evaluate(() => {
        const box = (el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, clipped: el.scrollWidth > el.clientWidth };
        };
        return {
          select: box(document.getElementById('strength')),
          sentence: box(document.getElementById('strength-who')),
          field: box(document.getElementById('strength').closest('.field')),
          width: innerWidth,
        };
      });
      for (const part of ['select', 'sentence', 'field']) {
        const b = fit[part];
        assert.ok(b.left >= 0 && b.right <= fit.width + 0.5 && !b.clipped, `${lang} ${level}: the ${part} fits (${JSON.stringify(b)})`);
      }
      await assertNoSidewaysScroll(page, `${lang} ${level}`);
    }
    await select.selectOption('beginner');
    await screenshot(page, `strength-phone-${lang}`);
    assert.deepEqual(errors, [], lang);
    await ctx.close();
  }
});
