// The correspondence clock (days per move) at 390x844 and at 1280x800: a game set up in the home
// page's form with 2 days per move, the clocks in days and hours, a move answered by a scripted
// opponent over the real WebSocket and each clock set back to the full days, and the home page's
// list naming whose turn it is and the time left; on a phone, the clocks in days in all six
// languages. In node: the days format and the warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import {
  DESKTOP, PHONE, WsPlayer, createTable, recordFrames, screenshot, tryAt, watchErrors, serverAndBrowser,
} from './helpers.mjs';
import { daysAndHours, formatTimeLeft, lowTimeMs } from '../../web/clock.js';

const env = serverAndBrowser();
const DAY_MS = 24 * 3600 * 1000;

test('days and hours round up to the hour; under a day the clock shows h:mm:ss; 6 h warn', () => {
  assert.deepEqual(daysAndHours(2 * DAY_MS), { d: 2, h: 0 });
  assert.deepEqual(daysAndHours(2 * DAY_MS - 1), { d: 2, h: 0 });
  assert.deepEqual(daysAndHours(2 * DAY_MS + 1), { d: 2, h: 1 });
  assert.deepEqual(daysAndHours(DAY_MS + 22.5 * 3600000), { d: 1, h: 23 });
  assert.equal(formatTimeLeft(DAY_MS - 1000, 'correspondence'), '23:59:59');
  assert.equal(formatTimeLeft(5 * 3600000 + 7 * 60000, 'correspondence'), '5:07:00');
  assert.equal(formatTimeLeft(59000, 'correspondence'), '0:59');
  assert.equal(lowTimeMs(3 * DAY_MS, 'correspondence'), 6 * 3600000);
  assert.equal(lowTimeMs(7 * DAY_MS, 'correspondence'), 6 * 3600000);
  assert.equal(lowTimeMs(600000), 30000, 'a Fischer clock warns as before');
});

const lastClock = (frames) =>
  frames.received.map((f) => JSON.parse(f)).filter((m) => m.type === 'clock').at(-1);

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: a correspondence game from the form to the home page's list`, async (t) => {
    const errors = [];
    const ctx = await env.browser.newContext({ viewport, locale: 'en-US' });
    const page = await ctx.newPage();
    watchErrors(page, errors, name);
    const frames = recordFrames(page);

    // The form: a clock, of the correspondence kind, 2 days per move.
    await page.goto(`${env.server.url}/`);
    await page.getByLabel('Online, with a link').check(); // the form starts at the computer
    await page.locator('#size').selectOption('5');
    await page.getByLabel('Play with a clock').check();
    await page.getByLabel('Correspondence: days per move').check();
    assert.equal(await page.locator('#clock-main').count(), 0, 'no minutes for a correspondence clock');
    const days = page.getByLabel('Time for each move');
    assert.deepEqual(await days.locator('option').allInnerTexts(),
      ['1 day per move', '2 days per move', '3 days per move', '7 days per move']);
    await days.selectOption('2');
    await page.locator('.setup .hint', { hasText: 'is not saved up' }).waitFor();
    const { violations } = await new AxeBuilder({ page }).include('.setup').analyze();
    assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);
    await screenshot(page, `correspondence-form-${name}`);
    await page.getByRole('button', { name: 'Create the table' }).click();
    await page.waitForURL(/#table=.+&token=.+/);
    const tableUrl = page.url();

    // The scripted opponent takes White's seat from the invitation: the game starts.
    const invite = new URL(await page.locator('[data-testid="invite"]').inputValue());
    const params = new URLSearchParams(invite.hash.slice(1));
    const white = await WsPlayer.join(env.server.url, params.get('table'), params.get('token'));
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
    await page.locator('.summary', { hasText: '2 days per move' }).waitFor();
    const blackClock = page.locator('[data-testid="clock-black"]');
    const whiteClock = page.locator('[data-testid="clock-white"]');
    await page.locator('[data-testid="clock-black"].running').waitFor();
    assert.equal(await blackClock.locator('.time').innerText(), '2 d 0 h');
    assert.equal(await whiteClock.locator('.time').innerText(), '2 d 0 h');
    assert.equal(await page.locator('.clock.low').count(), 0, 'two days is not little time');
    const started = lastClock(frames);
    assert.equal(started.kind, 'correspondence');
    assert.equal(started.days_per_move, 2);

    // Black moves; White's days run; White answers, and Black has the full two days again.
    await tryAt(page, 'C3');
    await page.locator('[data-testid="clock-white"].running').waitFor();
    const afterBlack = await white.waitFor((m) => m.type === 'clock' && m.running === 'white');
    assert.equal(afterBlack.black_ms, 2 * DAY_MS, "Black's time is set back");
    await page.waitForTimeout(300); // some of White's time goes by
    const answered = await white.act({ type: 'try', point: 'B2' });
    assert.equal(answered.event.kind, 'stone');
    await page.locator('[data-testid="clock-black"].running').waitFor();
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
    const reset = lastClock(frames);
    assert.equal(reset.running, 'black');
    assert.equal(reset.white_ms, 2 * DAY_MS, "White's time is set back, nothing saved up");
    assert.ok(reset.black_ms <= 2 * DAY_MS && reset.black_ms > 2 * DAY_MS - 60000);
    assert.equal(await whiteClock.locator('.time').innerText(), '2 d 0 h');
    await screenshot(page, `correspondence-table-${name}`);

    // The home page lists the game: 2 days per move, Black's turn (this device's), time left.
    await page.goto(`${env.server.url}/#/`);
    const line = page.locator('[data-testid="saved-table"]', { has: page.locator(`a[href*="${params.get('table')}"]`) });
    await line.locator('[data-testid="saved-state"]', { hasText: 'Your turn.' }).waitFor();
    assert.match(await line.locator('a').innerText(), /5 × 5 · 2 days per move/);
    assert.equal(await line.locator('.saved-state.mine').count(), 1);
    assert.equal(await line.locator('[data-testid="saved-time"]').innerText(), '2 d 0 h left');
    await screenshot(page, `correspondence-home-${name}`);

    // Once White is on turn, the list says so, with White's time.
    await page.goto(tableUrl);
    await page.locator('#board').waitFor();
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
    await tryAt(page, 'D4');
    await white.waitFor((m) => m.type === 'clock' && m.running === 'white', { from: white.messages.indexOf(afterBlack) + 1 });
    await page.goto(`${env.server.url}/#/`);
    await line.locator('[data-testid="saved-state"]', { hasText: 'Waiting for White to move.' }).waitFor();
    assert.equal(await line.locator('[data-testid="saved-time"]').innerText(), '2 d 0 h left');
    const box = await line.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${name}: the line fits the width`);

    // Over: the result and no time left.
    await white.act({ type: 'resign' });
    await page.reload();
    await page.locator('[data-testid="saved-finished"] summary').click();
    await line.locator('[data-testid="saved-state"]', { hasText: 'You won against White' }).waitFor();
    assert.equal(await line.locator('[data-testid="saved-time"]').count(), 0);
    white.close();
    t.diagnostic(`${name}: done`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

// The days read in every language, and the two clocks fit a phone's width side by side.
test('phone: the clocks in days fit in every language', async () => {
  const errors = [];
  const created = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online', clock: { days_per_move: 7 } });
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  const want = { en: '7 d 0 h', de: '7 T. 0 Std.', it: '7 g 0 h', cs: '7 d 0 h', tr: '7 g 0 sa', fi: '7 pv 0 t' };
  for (const [lang, text] of Object.entries(want)) {
    const ctx = await env.browser.newContext({ viewport: PHONE, locale: lang });
    const page = await ctx.newPage();
    watchErrors(page, errors, lang);
    await page.goto(created.seats.black.url);
    await page.locator('[data-testid="clock-black"].running').waitFor();
    for (const c of ['black', 'white']) {
      const clock = page.locator(`[data-testid="clock-${c}"]`);
      assert.equal(await clock.locator('.time').innerText(), text, `${lang} ${c}`);
      // As it stands, and with the widest value it will show (6 d 23 h), on a copy put in its
      // place and taken out again at once (the page's own element is left to Preact).
      const fits = await clock.evaluate((el, widest) => {
        const ok = (box) => box.scrollWidth <= box.clientWidth && box.getBoundingClientRect().right <= innerWidth;
        const copy = el.cloneNode(true);
        copy.querySelector('.time').textContent = widest;
        el.replaceWith(copy);
        const result = [ok(copy)];
        copy.replaceWith(el);
        return [ok(el), ...result];
      }, text.replace('7', '6').replace(' 0 ', ' 23 '));
      assert.deepEqual(fits, [true, true], `${lang}: ${c}'s clock fits`);
    }
    await ctx.close();
  }
  white.close();
  assert.deepEqual(errors, []);
});

// Under 6 hours the clock warns, and so does the home page's line. This device's clock is moved
// on (Playwright's clock: the page's Date, timers and performance.now), not the server's: the
// server still gives the player a day, and only what the page shows is tested here.
for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: under 6 hours left the clock and the list warn`, async () => {
    const errors = [];
    const created = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online', clock: { days_per_move: 1 } });
    const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
    const ctx = await env.browser.newContext({ viewport, locale: 'en-US' });
    const page = await ctx.newPage();
    watchErrors(page, errors, name);
    await page.clock.install();
    await page.goto(created.seats.black.url);
    const black = page.locator('[data-testid="clock-black"]');
    await page.locator('[data-testid="clock-black"].running').waitFor();
    assert.equal(await black.locator('.time').innerText(), '1 d 0 h');
    await page.clock.fastForward(DAY_MS - 5 * 3600000);
    await page.locator('[data-testid="clock-black"].running.low').waitFor();
    assert.match(await black.locator('.time').innerText(), /^⚠ (5:00:00|4:59:\d\d)\s*\(little time left\)$/);
    assert.equal(await page.locator('[data-testid="clock-alert"]').innerText(), 'Black: less than 6 hours left.');
    assert.equal(await page.locator('[data-testid="clock-white"].low').count(), 0);
    await screenshot(page, `correspondence-low-${name}`);

    await page.goto(`${env.server.url}/#/`);
    const line = page.locator('[data-testid="saved-table"]', { has: page.locator(`a[href*="${created.table}"]`) });
    const left = line.locator('[data-testid="saved-time"].low');
    await left.waitFor();
    assert.match(await left.innerText(), /^⚠ (5:00:00|4:59:\d\d) left\s*\(little time left\)$/);
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });
