// Alerts on the table page (web/alerts.js), at 390x844 and 1280x800, with AudioContext,
// Notification, navigator.vibrate and the page's visibility replaced by recorders before the
// page loads: no sound before a gesture; the seat's own events and its turn ring, the
// opponent's rejected try does not; a notification only while hidden and only after the
// permission was asked by a click; a capture of the page's stone sounds and vibrates; the mute
// switch is kept across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, tryAt, watchErrors, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
// The first note of each sound (alerts.js SOUNDS), as the recorder sees it.
const NOTE = { stone: 220, turn: 660, illegal: 180, capture: 520, low: 990 };

/// Replaces the browser's alert APIs with recorders (window.__pg) and lets the test hide the tab
/// (window.__pgHide). With `throwing`, the Notification constructor throws, as Chrome on
/// Android's does (it notifies only from a service worker).
function recordAlerts({ throwing = false } = {}) {
  const rec = { contexts: 0, notes: [], notifications: [], vibrations: [], asked: 0 };
  window.__pg = rec;
  window.AudioContext = class {
    constructor() {
      rec.contexts += 1;
      this.currentTime = 0;
      this.destination = {};
    }
    createOscillator() {
      const osc = { type: '', frequency: { value: 0 }, connect: (node) => node, start: () => rec.notes.push(osc.frequency.value), stop() {} };
      return osc;
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node) => node };
    }
  };
  let permission = 'default';
  window.Notification = class {
    constructor(title, options) {
      if (throwing) throw new TypeError('Illegal constructor');
      rec.notifications.push(options.body);
    }
    static get permission() {
      return permission;
    }
    static async requestPermission() {
      rec.asked += 1;
      permission = 'granted';
      return permission;
    }
  };
  navigator.vibrate = (pattern) => rec.vibrations.push(pattern) > 0;
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { get: () => hidden });
  window.__pgHide = (h) => {
    hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

const record = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.__pg)));
const turnIs = (page, text) => page.locator('[data-testid="turn"]', { hasText: text }).waitFor();

for (const [size, viewport] of SIZES) {
  test(`sounds after a gesture, a notification only when hidden and asked for, mute kept (${size})`, async () => {
    const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
    const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch });
    const page = await ctx.newPage();
    const errors = [];
    watchErrors(page, errors);
    await page.addInitScript(recordAlerts);
    const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
    const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
    await page.goto(created.seats.white.url);
    await turnIs(page, 'Black to play');
    const blackPlays = async (point, kind = 'stone') => {
      const answer = await black.act({ type: 'try', point });
      assert.equal(answer.event?.kind, kind, `Black's try at ${point}`);
    };
    // The page plays `point` (White), answered by `kind`.
    const pagePlays = async (point, after) => {
      await tryAt(page, point); // a touch screen confirms the move with a second tap
      await turnIs(page, after);
    };

    // Black's stone makes it White's turn: the title says so, but no gesture yet, so no sound.
    await blackPlays('C3');
    await turnIs(page, 'Your turn.');
    assert.match(await page.title(), /Your turn/);
    let r = await record(page);
    assert.equal(r.contexts, 0, 'no AudioContext before a gesture');
    assert.deepEqual(r.notes, []);

    // A click on the board is a gesture: the rejected try buzzes, the legal one clicks.
    await pagePlays('C3', 'Still your turn');
    await page.waitForFunction(() => window.__pg.notes.length > 0);
    assert.equal((await record(page)).notes[0], NOTE.illegal);
    await pagePlays('D4', 'Black to play');
    await page.waitForFunction((n) => window.__pg.notes.includes(n), NOTE.stone);

    // The opponent's rejected try: the page is told that it happened, not where; it stays
    // Black's turn, so nothing rings.
    const before = (await record(page)).notes.length;
    await blackPlays('D4', 'illegal');
    await page.locator('[data-testid="latest"]', { hasText: "Black's try was rejected" }).waitFor();
    await page.waitForTimeout(300);
    r = await record(page);
    assert.equal(r.notes.length, before, "no alert for the opponent's rejected try");
    assert.deepEqual(r.notifications, []);

    // Hidden, but no permission asked: the turn rings and vibrates, and nothing is notified.
    await page.evaluate(() => window.__pgHide(true));
    await blackPlays('B2');
    await turnIs(page, 'Your turn.');
    await page.waitForFunction(() => window.__pg.vibrations.length > 0);
    r = await record(page);
    assert.equal(r.notes.at(-2), NOTE.turn);
    assert.equal(r.asked, 0, 'the permission is never asked on its own');
    assert.deepEqual(r.notifications, []);
    await page.evaluate(() => window.__pgHide(false));

    // Asked by a click. Visible: no notification; hidden: one.
    await page.locator('[data-testid="notify"]').click();
    await page.locator('[data-testid="notify-on"]').waitFor();
    assert.equal((await record(page)).asked, 1);
    await pagePlays('E5', 'Black to play');
    await blackPlays('A1');
    await turnIs(page, 'Your turn.');
    await page.waitForTimeout(200);
    assert.deepEqual((await record(page)).notifications, [], 'no notification while the tab is visible');
    await pagePlays('E4', 'Black to play');
    await page.evaluate(() => window.__pgHide(true));
    await blackPlays('A2');
    await page.waitForFunction(() => window.__pg.notifications.length > 0);
    assert.deepEqual((await record(page)).notifications, ['Your turn.']);
    await page.evaluate(() => window.__pgHide(false));

    // A capture of the page's stone, visible: the capture sounds, then the turn, and the phone
    // vibrates.
    await pagePlays('A3', 'Black to play');
    await blackPlays('B3');
    await pagePlays('E3', 'Black to play');
    const vibrations = (await record(page)).vibrations.length;
    const notes = (await record(page)).notes.length;
    await blackPlays('A4'); // captures A3
    await turnIs(page, 'Your turn.');
    await page.waitForFunction((n) => window.__pg.vibrations.length > n, vibrations);
    const heard = (await record(page)).notes.slice(notes);
    assert.deepEqual([heard[0], heard[3]], [NOTE.capture, NOTE.turn], 'the capture, then the turn');

    // Muted, and still muted after a reload: a gesture, a stone and a turn make no sound.
    await page.locator('[data-testid="sound"]').uncheck();
    await page.reload();
    await turnIs(page, 'Your turn.');
    assert.equal(await page.locator('[data-testid="sound"]').isChecked(), false, 'the mute switch is remembered');
    await pagePlays('E2', 'Black to play');
    await page.evaluate(() => window.__pgHide(true));
    await blackPlays('A5');
    await turnIs(page, 'Your turn.');
    await page.waitForTimeout(300);
    r = await record(page);
    assert.deepEqual(r.notes, [], 'muted: no sound');
    assert.deepEqual(r.vibrations, [], 'muted: no vibration');
    black.close();
    await ctx.close();
    assert.deepEqual(errors, []);
  });
}

// Main time 20 s: the warning comes at 10 s left, 10 s after the clocks start, once each side
// has moved: both first moves are played by scripts before the page opens Black's seat.
test('low time: a sound for the seat whose own clock runs low, after a gesture, at both sizes', async () => {
  const runs = await Promise.all(
    SIZES.map(async ([size, viewport]) => {
      const created = await createTable(env.server.url, {
        rules: { size: 9 }, mode: 'online', clock: { main_seconds: 20, increment_seconds: 0 },
      });
      const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
      const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
      assert.equal((await black.act({ type: 'try', point: 'C3' })).event?.kind, 'stone');
      assert.equal((await white.act({ type: 'try', point: 'B2' })).event?.kind, 'stone');
      black.close();
      const ctx = await env.browser.newContext({ viewport, locale: 'en-GB' });
      const page = await ctx.newPage();
      const errors = [];
      watchErrors(page, errors);
      await page.addInitScript(recordAlerts);
      await page.goto(created.seats.black.url);
      await page.locator('#board').waitFor();
      await turnIs(page, 'Your turn.');
      await page.locator('h1').click(); // a gesture, which tries nothing
      return { size, ctx, page, errors, white };
    }),
  );
  for (const { size, page } of runs)
    assert.deepEqual((await record(page)).notes, [], `${size}: no sound before the clock is low`);
  for (const { size, page } of runs) {
    await page.locator('[data-testid="clock-black"].low.running').waitFor({ timeout: 14000 });
    await page.waitForFunction(() => window.__pg.notes.length > 0);
    assert.deepEqual((await record(page)).notes, [NOTE.low, NOTE.low, NOTE.low], `${size}: three short beeps, once`);
  }
  for (const { ctx, errors, white } of runs) {
    white.close();
    await ctx.close();
    assert.deepEqual(errors, []);
  }
});

test('a hot-seat device has the sound switch but offers no turn notification', async () => {
  const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'hotseat' });
  const ctx = await env.browser.newContext({ viewport: PHONE, locale: 'en-GB', isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.addInitScript(recordAlerts);
  await page.goto(created.seats.hotseat.url);
  await page.locator('[data-testid="curtain"] button:not([disabled])').click();
  await page.locator('[data-testid="sound"]').waitFor();
  assert.equal(await page.locator('[data-testid="notify"]').count(), 0);
  await ctx.close();
  assert.deepEqual(errors, []);
});

test("a browser whose Notification constructor throws still vibrates, and the page goes on", async () => {
  const ctx = await env.browser.newContext({ viewport: PHONE, locale: 'en-GB', isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.addInitScript(recordAlerts, { throwing: true });
  const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
  const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
  await page.goto(created.seats.white.url);
  await turnIs(page, 'Black to play');
  await page.locator('[data-testid="notify"]').click();
  await page.locator('[data-testid="notify-on"]').waitFor();
  await page.evaluate(() => window.__pgHide(true));
  await black.act({ type: 'try', point: 'C3' });
  await turnIs(page, 'Your turn.');
  await page.waitForFunction(() => window.__pg.vibrations.length > 0);
  await tryAt(page, 'D4');
  await turnIs(page, 'Black to play');
  black.close();
  await ctx.close();
  assert.deepEqual(errors, []);
});
