// Every language renders the home, rules, table and end pages with no missing string and no
// console error; the language follows the browser, can be switched, and stays chosen.
// Screenshots of the main pages at desktop and phone sizes go to artifacts/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { DESKTOP, PHONE, createTable, finishedGame, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';

const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];
const PLAY = { en: 'Play', de: 'Spielen', it: 'Gioca', cs: 'Hrát', tr: 'Oyna', fi: 'Pelaa' };

let hotseatUrl;
let finishedUrl;
const env = serverAndBrowser([], async () => {
  hotseatUrl = (await createTable(env.server.url, { rules: { size: 7, handicap: 2, komi: 3 }, mode: 'hotseat', clock: { main_seconds: 3600, increment_seconds: 5 } })).seats.hotseat.url;
  // A finished game (two passes after a stone and a rejected try) to show the end and replay.
  const done = await finishedGame(env.server.url);
  finishedUrl = done.watch_url;
});

async function checkPage(page, what) {
  const text = await page.locator('body').innerText();
  assert.ok(!text.includes('[['), `${what}: a missing string shows as [[key]]:\n${text.match(/\[\[[^\]]+\]\]/g)}`);
}

for (const lang of LANGS) {
  test(`the pages in ${lang}`, async () => {
    const errors = [];
    // Every page is checked at desktop size; English is also checked, and photographed, at
    // phone size. The other languages leave a screenshot of each page at desktop size.
    const sizes = lang === 'en' ? [['desktop', DESKTOP], ['phone', PHONE]] : [['desktop', DESKTOP]];
    const ctx = await env.browser.newContext({ viewport: DESKTOP, locale: lang });
    const page = await ctx.newPage();
    watchErrors(page, errors, lang);
    for (const [size, viewport] of sizes) {
      await page.setViewportSize(viewport);

      await page.goto(`${env.server.url}/`);
      await page.locator('[data-testid="setup"]').waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), lang);
      assert.equal(await page.locator('nav a').first().innerText(), PLAY[lang]);
      await page.locator('[data-testid="version"]').waitFor();
      await checkPage(page, `${lang} home`);
      await screenshot(page, `${lang}-home-${size}`);

      await page.goto(`${env.server.url}/#/rules`);
      await page.locator('.rules h2').first().waitFor();
      assert.equal(await page.locator('.rules section').count(), 6);
      assert.equal(await page.locator('.rules table.rules-table tbody tr').count(), 6);
      await checkPage(page, `${lang} rules`);
      await screenshot(page, `${lang}-rules-${size}`);

      await page.goto(hotseatUrl);
      await page.locator('[data-testid="curtain"]').waitFor();
      await checkPage(page, `${lang} curtain`);
      await page.waitForFunction(() => !document.querySelector('[data-testid="curtain"] button')?.disabled);
      await page.locator('[data-testid="curtain"] button').click();
      await page.locator('#board').waitFor();
      // At move 0 the game can be aborted (Resign comes once each side has moved).
      await page.locator('[data-testid="abort"]').click();
      await page.locator('[data-testid="abort-confirm"]').waitFor();
      await checkPage(page, `${lang} table`);
      await screenshot(page, `${lang}-table-${size}`);
      await page.locator('[data-testid="abort-confirm"] button').nth(1).click();

      await page.goto(finishedUrl);
      await page.locator('[data-testid="end"]').waitFor();
      await page.locator('[data-testid="replay-prev"]').click();
      await checkPage(page, `${lang} end`);
      await screenshot(page, `${lang}-end-${size}`);
    }
    await ctx.close();
    assert.deepEqual(errors, []);
  });
}

test('the language can be switched on any page and stays chosen', async () => {
  const errors = [];
  const ctx = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await ctx.newPage();
  watchErrors(page, errors);
  await page.goto(`${env.server.url}/#/rules`);
  await page.locator('.rules h1', { hasText: 'The rules of Phantom Go' }).waitFor();
  await page.locator('.lang select').selectOption('fi');
  await page.locator('.rules h1', { hasText: 'Phantom Gon säännöt' }).waitFor();
  await page.reload();
  await page.locator('.rules h1', { hasText: 'Phantom Gon säännöt' }).waitFor();
  await page.goto(`${env.server.url}/`);
  assert.equal(await page.locator('nav a').first().innerText(), 'Pelaa');
  // The skip link is the first stop of the keyboard and moves the focus to the content.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'main');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the libraries the page names are served under /vendor/, and nothing else of node_modules', async () => {
  const get = (path) =>
    new Promise((resolve, reject) => {
      // Options, not a URL: the path goes out as written, not normalised.
      const { hostname, port } = new URL(env.server.url);
      const req = request({ hostname, port, path }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
  assert.equal(await get('/vendor/preact/dist/preact.module.js'), 200);
  assert.equal(await get('/vendor/@sabaki/shudan/css/goban.css'), 200);
  assert.equal(await get('/lib/classnames.js'), 200);
  assert.equal(await get('/vendor/uplot/dist/uPlot.esm.js'), 200);
  assert.equal(await get('/vendor/htm/dist/htm.module.js'), 200);
  assert.equal(await get('/vendor/no-such-package/index.js'), 404);
  // The development packages are there (these tests use them) but not served.
  assert.equal(await get('/vendor/playwright-core/package.json'), 404);
  assert.equal(await get('/vendor/@axe-core/playwright/package.json'), 404);
  assert.equal(await get('/vendor/classnames/index.js'), 404);
  assert.equal(await get('/vendor/../package.json'), 400);
  assert.equal(await get('/vendor/%2e%2e/package.json'), 400);
  assert.equal(await get('/vendor/preact/..%2f..%2fpackage.json'), 400);
});
