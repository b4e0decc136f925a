// Aborting a game (issue #35, point 10), at 390x844 and 1280x800: until each side has moved once
// the Resign button is an Abort button, which asks first and ends the game with no result (no
// win, no loss), also before the opponent has joined; from the second turn on it is Resign again.
// On an online table with a clock the clocks wait for each side's first move (issue #35, point
// 11): the page counts the first move's grace down under them. The grace running out is
// first-move.test.mjs (a server with a short grace).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, PHONE, WsPlayer, axeClean, createTable, logText, openPage, recordFrames, screenshot, serverAndBrowser, tryAt,
} from './helpers.mjs';
import { assertOnFirstScreen } from './measure.mjs';

const env = serverAndBrowser();
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const CLOCK = { main_seconds: 600, increment_seconds: 5 };

/// The id of the element that has the focus.
const focused = (page) => page.evaluate(() => document.activeElement?.dataset.testid ?? document.activeElement?.textContent);

for (const [name, viewport] of SIZES) {
  test(`${name}: Black aborts before White has joined: no result, nobody lost`, async (t) => {
    const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online' });
    const { ctx, page, errors } = await openPage(env.browser, created.seats.black.url, viewport);
    await page.locator('[data-testid="turn"]', { hasText: 'Waiting' }).waitFor();
    // Move 0: Abort instead of Resign.
    const abort = page.locator('[data-testid="abort"]');
    await abort.waitFor();
    assert.equal((await abort.innerText()).trim(), 'Abort');
    assert.equal(await page.locator('[data-testid="resign"]').count(), 0, 'no Resign before each side has moved');

    // The question takes the focus; Escape closes it and gives the focus back to Abort.
    await abort.click();
    const question = page.locator('[data-testid="abort-confirm"]');
    await question.waitFor();
    assert.equal(await question.getAttribute('role'), 'alertdialog');
    assert.match(await question.innerText(), /Abort this game\? It ends without a result: nobody wins or loses\./);
    await axeClean(t, page, `${name} abort question`);
    await screenshot(page, `abort-question-${name}`);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'abort');

    await abort.click();
    await question.waitFor();
    await page.locator('[data-testid="abort-yes"]').click();
    const result = page.locator('[data-testid="result"]');
    await result.filter({ hasText: 'Game aborted: no result.' }).waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').count(), 0, 'neither won nor lost');
    assert.doesNotMatch(await page.locator('[data-testid="turn"]').innerText(), /You (won|lost)/);
    assert.match(await logText(page), /You aborted the game\./);
    assert.equal(await page.locator('[data-testid="score"]').count(), 0, 'no score for a game without a result');
    await axeClean(t, page, `${name} aborted game`);
    await screenshot(page, `abort-done-${name}`);

    // The table's public info: over, with no winner.
    const info = await (await fetch(`${env.server.url}/api/tables/${created.table}`)).json();
    assert.equal(info.state, 'over');
    assert.deepEqual({ winner: info.result.winner, reason: info.result.reason }, { winner: null, reason: 'aborted' });
    // The home page's list of games says so too, not "You lost".
    await page.goto(`${env.server.url}/#/`);
    await page.locator('[data-testid="saved-finished"] summary').click();
    const saved = page.locator(`[data-testid="saved-table"][data-table="${created.table}"] [data-testid="saved-state"]`);
    await saved.filter({ hasText: 'Game aborted: no result.' }).waitFor();
    assert.doesNotMatch(await saved.innerText(), /won|lost/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: with a clock, the clocks wait for the first moves, and White aborts after Black's`, async (t) => {
    const created = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online', clock: CLOCK });
    const { ctx, page, errors } = await openPage(env.browser, created.seats.white.url, viewport);
    await page.locator('[data-testid="turn"]', { hasText: 'Waiting' }).waitFor();
    const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
    // Black has the grace to make a first move; neither clock runs.
    const first = page.locator('[data-testid="first-move"]');
    await first.filter({ hasText: /^Black has 0:[0-3]\d to make a first move, or the game is aborted\.$/ }).waitFor();
    assert.equal(await page.locator('.clock.running').count(), 0, 'no clock runs before the first moves');
    assert.equal(await page.locator('[data-testid="clock-alert"]').innerText(), 'Black has 30 seconds to make a first move, or the game is aborted.');
    const info = await (await fetch(`${env.server.url}/api/tables/${created.table}`)).json();
    assert.equal(info.first_move_ms, 30000);

    assert.equal((await black.act({ type: 'try', point: 'C3' })).event?.kind, 'stone');
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
    await first.filter({ hasText: /^Make your first move within 0:[0-3]\d, or the game is aborted\.$/ }).waitFor();
    assert.equal(await page.locator('.clock.running').count(), 0, 'the clocks still wait for White');
    assert.equal(await page.locator('[data-testid="resign"]').count(), 0);
    // The countdown sits under the clocks, with the board and the news still on the first screen.
    const boxes = await assertOnFirstScreen(
      page, viewport, ['[data-testid="turn"]', '[data-testid="clocks"]', '[data-testid="first-move"]', '#board', '[data-testid="latest"]'], name,
    );
    assert.ok(boxes['[data-testid="clocks"]'].bottom <= boxes['[data-testid="first-move"]'].top, 'under the clocks');
    assert.ok(boxes['[data-testid="first-move"]'].bottom <= boxes['#board'].top, 'above the board');
    await axeClean(t, page, `${name} first move awaited`);
    await screenshot(page, `abort-first-move-${name}`);

    await page.locator('[data-testid="abort"]').click();
    await page.locator('[data-testid="abort-yes"]').click();
    await page.locator('[data-testid="result"]', { hasText: 'Game aborted: no result.' }).waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').count(), 0);
    assert.equal(await first.count(), 0, 'no first move awaited after the end');
    assert.equal(await page.locator('.clock.running').count(), 0);
    assert.match(await logText(page), /You aborted the game\./);
    // Black is told who aborted, then the end with no winner.
    const aborted = await black.waitFor((m) => m.type === 'event' && m.event.kind === 'abort');
    assert.equal(aborted.event.player, 'white');
    const end = await black.waitFor((m) => m.type === 'event' && m.event.kind === 'end');
    assert.deepEqual(end.event.reveal.result, { winner: null, reason: 'aborted' });
    black.close();
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${name}: after each side's first move the clock runs, and Resign is back`, async () => {
    const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'online', clock: CLOCK });
    const { ctx, page, errors } = await openPage(env.browser, created.seats.white.url, viewport);
    await page.locator('[data-testid="turn"]', { hasText: 'Waiting' }).waitFor();
    const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
    assert.equal((await black.act({ type: 'try', point: 'C3' })).event?.kind, 'stone');
    await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
    await page.locator('[data-testid="abort"]').waitFor();
    // A rejected try is no first move: Abort stays, and the clocks still wait.
    await tryAt(page, 'C3');
    await page.locator('[data-testid="latest"]', { hasText: 'C3' }).waitFor();
    await page.locator('[data-testid="first-move"]').waitFor();
    assert.equal(await page.locator('[data-testid="abort"]').count(), 1);
    assert.equal(await page.locator('.clock.running').count(), 0);

    await tryAt(page, 'B2');
    await page.locator('[data-testid="turn"]', { hasText: 'Black to play' }).waitFor();
    await page.locator('[data-testid="clock-black"].running').waitFor();
    await page.locator('[data-testid="resign"]').waitFor();
    assert.equal(await page.locator('[data-testid="abort"]').count(), 0, 'no Abort from the second turn on');
    assert.equal(await page.locator('[data-testid="first-move"]').count(), 0);
    assert.equal(await page.locator('[data-testid="clock-alert"]').innerText(), '');
    // Too late now: the server says so in words.
    black.send({ type: 'abort' });
    const refused = await black.waitFor((m) => m.type === 'error');
    assert.equal(refused.code, 'too-late-to-abort');
    assert.deepEqual(errors, []);
    black.close();
    await ctx.close();
  });
}

test('hot seat: Abort sends the seat on turn, and the game ends with no result', async () => {
  const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'hotseat' });
  const { ctx, page, errors } = await openPage(env.browser, null, DESKTOP);
  const frames = recordFrames(page);
  await page.goto(created.seats.hotseat.url);
  await page.locator('[data-testid="curtain"] button:not([disabled])').click();
  await page.locator('[data-testid="abort"]').click();
  await page.locator('[data-testid="abort-yes"]').click();
  await page.locator('[data-testid="result"]', { hasText: 'Game aborted: no result.' }).waitFor();
  const sent = frames.sent.map((f) => JSON.parse(f)).filter((m) => m.type === 'abort');
  assert.deepEqual(sent, [{ type: 'abort', seat: 'black' }]);
  assert.match(await logText(page), /Black aborted the game\./);
  assert.equal(await page.locator('[data-testid="outcome"]').count(), 0);
  assert.deepEqual(errors, []);
  await ctx.close();
});
