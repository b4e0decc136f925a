// Accessibility: axe-core (through @axe-core/playwright, in the same Chromium) on every page at
// 390x844 and at 1280x800: the home page with the whole setup form, the rules, a table in play
// (with mark mode and the resign question open), the hot-seat curtain, the end and the replay.
// A violation of impact serious or critical fails; lesser ones are reported as diagnostics. No
// id is used twice, and the clock's main-time field is named and focused by its label.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeClean, createTable, DESKTOP, PHONE, serverAndBrowser, tryAt, vertex, watchErrors, WsPlayer } from './helpers.mjs';

const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];

const urls = {};
const env = serverAndBrowser([], async () => {
  const url = env.server.url;
  // A table in play with a clock: the page takes Black's seat, a script White's.
  const playing = await createTable(url, { rules: { size: 9 }, mode: 'online', clock: { main_seconds: 600, increment_seconds: 5 } });
  urls.black = playing.seats.black.url;
  urls.whiteToken = [playing.table, playing.seats.white.token];
  urls.hotseat = (await createTable(url, { rules: { size: 7 }, mode: 'hotseat' })).seats.hotseat.url;
  // A finished game with a capture and a rejected try, for the end and the replay.
  const done = await createTable(url, { rules: { size: 5 }, mode: 'online' });
  const b = await WsPlayer.join(url, done.table, done.seats.black.token);
  const w = await WsPlayer.join(url, done.table, done.seats.white.token);
  for (const [p, point] of [[b, 'B1'], [w, 'A1'], [b, 'A2'], [w, 'A2'], [w, 'E5']]) await p.act({ type: 'try', point });
  await b.act({ type: 'pass' });
  await w.act({ type: 'pass' });
  b.close();
  w.close();
  urls.finished = done.watch_url;
});

async function noDuplicateIds(page, what) {
  const dups = await page.evaluate(() => {
    const count = new Map();
    for (const el of document.querySelectorAll('[id]')) count.set(el.id, (count.get(el.id) ?? 0) + 1);
    return [...count].filter(([, n]) => n > 1).map(([id]) => id);
  });
  assert.deepEqual(dups, [], `${what}: ids used more than once`);
}

async function newPage(viewport) {
  const ctx = await env.browser.newContext({ viewport, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  return { ctx, page, errors };
}

for (const [name, viewport] of SIZES) {
  test(`${name}: the home page and its whole setup form`, async (t) => {
    const { ctx, page, errors } = await newPage(viewport);
    await page.goto(`${env.server.url}/`);
    await page.locator('[data-testid="setup"]').waitFor();
    await page.getByLabel('Against the computer').check();
    await page.getByLabel('Play with a clock').check();
    // The main time is named by its label, and the label focuses it (not the page's <main>).
    const main = page.getByLabel('Main time (minutes)');
    assert.equal(await main.evaluate((el) => el.tagName), 'INPUT');
    await page.locator('label', { hasText: 'Main time (minutes)' }).click();
    assert.equal(await page.evaluate(() => document.activeElement.tagName), 'INPUT');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('type')), 'number');
    await noDuplicateIds(page, `${name} home`);
    await axeClean(t, page, `${name} home`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: the rules page`, async (t) => {
    const { ctx, page, errors } = await newPage(viewport);
    await page.goto(`${env.server.url}/#/rules`);
    await page.locator('.rules h2').first().waitFor();
    await noDuplicateIds(page, `${name} rules`);
    await axeClean(t, page, `${name} rules`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: a table in play, with mark mode and the resign question`, async (t) => {
    const { ctx, page, errors } = await newPage(viewport);
    const white = await WsPlayer.join(env.server.url, ...urls.whiteToken);
    await page.goto(urls.black);
    await page.locator('#board').waitFor();
    // Black's turn in either test of this pair (the first one's try was answered by White).
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
    const point = name === 'phone' ? 'C3' : 'G7';
    await tryAt(page, point);
    await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
    await white.act({ type: 'try', point });
    await page.locator('[data-testid="latest"]', { hasText: "White's try was rejected." }).waitFor();
    // White's clock runs, or (before each side has moved once) White's first move is awaited.
    await page.locator('[data-testid="clock-white"].running, [data-testid="first-move"]').first().waitFor();
    await noDuplicateIds(page, `${name} table`);
    await axeClean(t, page, `${name} table, White on turn`);
    await white.act({ type: 'try', point: name === 'phone' ? 'D4' : 'F6' });
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
    await page.locator('[data-testid="mark-mode"]').click();
    await page.locator('[data-testid="marking-badge"]').waitFor();
    await page.locator('[data-testid="resign"]').click();
    await page.locator('[data-testid="resign-confirm"]').waitFor();
    await noDuplicateIds(page, `${name} table`);
    await axeClean(t, page, `${name} table, mark mode and resign question`);
    assert.deepEqual(errors, []);
    white.close();
    await ctx.close();
  });

  test(`${name}: the hot-seat curtain and the board behind it`, async (t) => {
    const { ctx, page, errors } = await newPage(viewport);
    await page.goto(urls.hotseat);
    const button = page.locator('[data-testid="curtain"] button');
    await button.waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="curtain"] button')?.disabled);
    await axeClean(t, page, `${name} curtain`);
    await button.click();
    await page.locator('#board').waitFor();
    await noDuplicateIds(page, `${name} hot seat`);
    await axeClean(t, page, `${name} hot-seat board`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: the end, the score and the replay`, async (t) => {
    const { ctx, page, errors } = await newPage(viewport);
    await page.goto(urls.finished);
    await page.locator('[data-testid="end"]').waitFor();
    await noDuplicateIds(page, `${name} end`);
    await axeClean(t, page, `${name} end`);
    // The replay, stepped back and seen as Black saw it.
    await page.locator('[data-testid="replay-prev"]').click();
    await page.locator('[data-testid="replay-prev"]').click();
    await page.locator('[data-testid="replay-view"] label', { hasText: 'Black' }).click();
    await axeClean(t, page, `${name} replay as Black saw it`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
