// The newest announcement is shown right under the board, on the first screen, as a polite live
// region, at 390x844 and at 1280x800: a capture, the opponent's rejected try, a pass. The log
// below keeps the history but is not live, so nothing is read twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, logText, screenshot, tryAt, vertex, watchErrors, serverAndBrowser } from './helpers.mjs';
import { assertOnFirstScreen, firstScreenBoxes } from './measure.mjs';

const env = serverAndBrowser();

/// Asserts that the news under the board says `text`, right under the board, on the first screen.
async function newsSays(page, viewport, text, what) {
  const latest = page.locator('[data-testid="latest"]');
  await latest.filter({ hasText: text }).waitFor();
  await assertOnFirstScreen(page, viewport, ['#board', '[data-testid="latest"] p'], what);
  const boxes = await firstScreenBoxes(page, ['#board', '[data-testid="latest"]']);
  const gap = boxes['[data-testid="latest"]'].top - boxes['#board'].bottom;
  assert.ok(gap >= 0 && gap < 24, `${what}: the news is right under the board (${gap} px)`);
}

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: a capture, a rejected try and a pass are announced next to the board`, async () => {
    const errors = [];
    const created = await createTable(env.server.url, { rules: { size: 9 }, mode: 'online' });
    const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
    const ctx = await env.browser.newContext({ viewport, locale: 'en-US' });
    const page = await ctx.newPage();
    watchErrors(page, errors);
    await page.goto(created.seats.white.url);
    await page.locator('#board').waitFor();
    const latest = page.locator('[data-testid="latest"]');
    assert.equal(await latest.getAttribute('aria-live'), 'polite');
    assert.equal(await page.locator('[data-testid="log"]').getAttribute('aria-live'), null, 'the log is not read a second time');

    // Black B1, White A1, Black A2 captures A1: the move and its capture, together.
    await black.act({ type: 'try', point: 'B1' });
    await newsSays(page, viewport, 'Black moved.', `${name} move`);
    await tryAt(page, 'A1');
    await page.locator('[data-testid="turn"]', { hasText: 'Black to play' }).waitFor();
    await black.act({ type: 'try', point: 'A2' });
    await newsSays(page, viewport, 'Black moved. White stone captured at A1.', `${name} capture`);
    assert.equal(await page.locator('[data-testid="latest"].latest-capture').count(), 1, 'a capture stands out');
    await screenshot(page, `news-capture-${name}`);

    // White E5; Black tries E5 (rejected), then passes.
    await tryAt(page, 'E5');
    await page.locator('[data-testid="turn"]', { hasText: 'Black to play' }).waitFor();
    assert.equal((await black.act({ type: 'try', point: 'E5' })).event.kind, 'illegal');
    await newsSays(page, viewport, "Black's try was rejected.", `${name} rejected`);
    assert.equal(await page.locator('[data-testid="latest"].latest-capture').count(), 0);
    await black.act({ type: 'pass' });
    await newsSays(page, viewport, 'Black passed after 1 rejected try.', `${name} pass`);
    // The log keeps all of it, one line per turn: the rejected try is folded into the pass.
    const history = await logText(page);
    assert.match(history, /White stone captured at A1\.[\s\S]*Black passed after 1 rejected try\./);
    assert.doesNotMatch(history, /Black's try was rejected\./);
    assert.deepEqual(errors, []);
    black.close();
    await ctx.close();
  });
