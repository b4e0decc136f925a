// The low-time warning, at 390x844 and at 1280x800: a clock with little time left turns red and
// pulses while it runs, shows a sign, and says so in words for screen readers, once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';
import { assertOnFirstScreen } from './measure.mjs';
import { formatClock, lowTimeMs } from '../../web/clock.js';

const env = serverAndBrowser();

test('the warning starts at 10% of the main time, between 10 and 30 seconds', () => {
  assert.equal(lowTimeMs(14000), 10000);
  assert.equal(lowTimeMs(60000), 10000);
  assert.equal(lowTimeMs(180000), 18000);
  assert.equal(lowTimeMs(600000), 30000);
  assert.equal(lowTimeMs(3600000), 30000);
  assert.equal(formatClock(9001), '0:10');
  assert.equal(formatClock(3725000), '1:02:05');
});

// Main time 14 s: the warning comes at 10 s left, 4 s after the clocks start (the page's load is
// well inside that), and the game is lost on time 10 s later, after the test. On an online table
// the clocks start once each side has moved (abort.test.mjs): both first moves are played by
// scripts before the page opens Black's seat, on turn with Black's clock running.
const MAIN_SECONDS = 14;

test('a running clock with little time left warns, at both sizes', async () => {
  const errors = [];
  const sizes = [['phone', PHONE], ['desktop', DESKTOP]];
  // Both sizes at once, each on its own table, so that the test waits for the clocks only once.
  const runs = await Promise.all(
    sizes.map(async ([name, viewport]) => {
      const created = await createTable(env.server.url, {
        rules: { size: 9 },
        mode: 'online',
        clock: { main_seconds: MAIN_SECONDS, increment_seconds: 0 },
      });
      const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
      const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
      assert.equal((await black.act({ type: 'try', point: 'C3' })).event?.kind, 'stone');
      assert.equal((await white.act({ type: 'try', point: 'B2' })).event?.kind, 'stone');
      black.close();
      const ctx = await env.browser.newContext({ viewport, locale: 'en-US' });
      const page = await ctx.newPage();
      watchErrors(page, errors, name);
      await page.goto(created.seats.black.url);
      return { name, viewport, white, ctx, page };
    }),
  );
  for (const { name, page } of runs) {
    // The summary line names the clock (issue #35, point 11), at both sizes.
    assert.match(await page.locator('.summary').first().innerText(), /min \+ 0 s/, `${name}: the summary`);
    const clock = page.locator('[data-testid="clock-black"]');
    await page.locator('[data-testid="clock-black"].running').waitFor();
    assert.equal(await clock.evaluate((el) => el.classList.contains('low')), false, `${name}: not low at the start`);
    assert.equal(await page.locator('[data-testid="clock-alert"]').innerText(), '');
  }
  for (const { name, viewport, page } of runs) {
    const low = page.locator('[data-testid="clock-black"].low.running');
    await low.waitFor({ timeout: 8000 });
    // Red, with a sign and words, not by colour alone; and the warning is on the first screen.
    assert.equal(await low.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(161, 29, 29)');
    assert.notEqual(await low.evaluate((el) => getComputedStyle(el).animationName), 'none', `${name}: it pulses`);
    assert.equal(await low.locator('.low-sign').isVisible(), true);
    assert.match(await low.innerText(), /⚠/);
    assert.match(await low.locator('.sr-only').textContent(), /little time left/);
    assert.equal(await page.locator('[data-testid="clock-alert"]').innerText(), 'Black: less than 10 seconds left.');
    assert.equal(await page.locator('[data-testid="clock-alert"]').getAttribute('aria-live'), 'polite');
    // White's clock stands at 14 s: no warning there.
    assert.equal(await page.locator('[data-testid="clock-white"].low').count(), 0);
    await assertOnFirstScreen(page, viewport, ['[data-testid="clock-black"]'], name);
    await screenshot(page, `clock-low-${name}`);
  }
  for (const { white, ctx } of runs) {
    white.close();
    await ctx.close();
  }
  assert.deepEqual(errors, []);
});
