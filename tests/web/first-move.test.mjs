// The first move's grace (issue #35, point 11), at 390x844 and 1280x800: on an online table with
// a clock the clocks wait until each side has moved once, and a player on turn who makes no first
// move in time has the game aborted (no result, no loss) instead of losing on time. The server
// runs with a 4-second grace (short for the test, long enough for the page to show the countdown
// on a loaded machine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, axeClean, createTable, logText, openPage, screenshot, serverAndBrowser, tryAt } from './helpers.mjs';

const GRACE_SECONDS = 4;
const env = serverAndBrowser(['--first-move-seconds', String(GRACE_SECONDS)]);
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const CLOCK = { main_seconds: 600, increment_seconds: 5 };
// The grace runs out within seconds; a page on a loaded machine may take a few more to show it.
const END_TIMEOUT = 20000;

/// Black's page at a new table with a clock, waiting for White, who joins as a script.
async function blackPage(viewport) {
  const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online', clock: CLOCK });
  const { ctx, page, errors } = await openPage(env.browser, created.seats.black.url, viewport);
  await page.locator('[data-testid="turn"]', { hasText: 'Waiting' }).waitFor();
  assert.equal(await page.locator('[data-testid="first-move"]').count(), 0, 'no grace before the game starts');
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  return { created, ctx, page, errors, white };
}

for (const [name, viewport] of SIZES) {
  test(`${name}: Black makes no first move: the page counts down, then the game is aborted`, async (t) => {
    const { created, ctx, page, errors, white } = await blackPage(viewport);
    const info = await (await fetch(`${env.server.url}/api/tables/${created.table}`)).json();
    assert.equal(info.first_move_ms, GRACE_SECONDS * 1000);
    const first = page.locator('[data-testid="first-move"]');
    await first.filter({ hasText: /^Make your first move within 0:0[0-4], or the game is aborted\.$/ }).waitFor();
    assert.equal(await page.locator('.clock.running').count(), 0, 'neither clock runs');
    assert.equal(
      await page.locator('[data-testid="clock-alert"]').innerText(),
      `You have ${GRACE_SECONDS} seconds to make your first move, or the game is aborted.`,
    );
    // Counted down on the page, between the server's clock messages.
    await first.filter({ hasText: /within 0:0[0-2],/ }).waitFor({ timeout: END_TIMEOUT });
    await screenshot(page, `first-move-countdown-${name}`);

    await page.locator('[data-testid="result"]', { hasText: 'Game aborted: no result.' }).waitFor({ timeout: END_TIMEOUT });
    assert.equal(await page.locator('[data-testid="outcome"]').count(), 0, 'not lost');
    assert.doesNotMatch(await page.locator('[data-testid="turn"]').innerText(), /You (won|lost)|on time/);
    assert.match(await logText(page), /You did not move in time: the game is aborted\./);
    assert.equal(await first.count(), 0);
    assert.equal(await page.locator('.clock.running').count(), 0);
    // White's script heard who did not move, then the end with no winner.
    const noShow = await white.waitFor((m) => m.type === 'event' && m.event.kind === 'no-show');
    assert.equal(noShow.event.player, 'black');
    const end = await white.waitFor((m) => m.type === 'event' && m.event.kind === 'end');
    assert.deepEqual(end.event.reveal.result, { winner: null, reason: 'aborted' });
    await axeClean(t, page, `${name} game aborted for no first move`);
    await screenshot(page, `first-move-aborted-${name}`);
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: Black moves in time, White does not: White's grace, then the game is aborted`, async () => {
    const { ctx, page, errors, white } = await blackPage(viewport);
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
    await tryAt(page, 'C3');
    const first = page.locator('[data-testid="first-move"]');
    await first.filter({ hasText: /^White has 0:0[0-4] to make a first move, or the game is aborted\.$/ }).waitFor();
    assert.equal(await page.locator('.clock.running').count(), 0, 'the clocks wait for White too');
    await page.locator('[data-testid="result"]', { hasText: 'Game aborted: no result.' }).waitFor({ timeout: END_TIMEOUT });
    assert.match(await logText(page), /White did not move in time: the game is aborted\./);
    assert.equal(await page.locator('[data-testid="outcome"]').count(), 0, 'not won');
    white.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('once each side has moved, the clock runs and no grace is left to run out', async () => {
  const { ctx, page, errors, white } = await blackPage(DESKTOP);
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
  await tryAt(page, 'C3');
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.equal((await white.act({ type: 'try', point: 'B2' })).event?.kind, 'stone');
  await page.locator('[data-testid="clock-black"].running').waitFor();
  assert.equal(await page.locator('[data-testid="first-move"]').count(), 0);
  // Longer than the grace: the game goes on, on the clock.
  await new Promise((r) => setTimeout(r, (GRACE_SECONDS + 1) * 1000));
  assert.equal(await page.locator('[data-testid="result"]').count(), 0, 'the game goes on');
  assert.equal(await page.locator('[data-testid="clock-black"].running').count(), 1);
  white.close();
  assert.deepEqual(errors, []);
  await ctx.close();
});
