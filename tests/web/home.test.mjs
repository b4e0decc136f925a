// The home page starts with the games this device holds a seat at, each with its state from the
// server's public info (GET /api/tables/<id>): your turn, waiting for the opponent to join or to
// move, or over (won or lost against whom: the other seat's name, or its colour); finished games
// are folded away under "Finished games (N)".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';

const tables = {};
const env = serverAndBrowser([], async () => {
  const url = env.server.url;
  // Black on turn: both seats joined once.
  tables.mine = await createTable(url, { rules: { size: 9 }, mode: 'online' });
  // White's seat is the device's, Black (the script) is on turn.
  tables.theirs = await createTable(url, { rules: { size: 13 }, mode: 'online' });
  // Nobody has taken White's seat yet.
  tables.joining = await createTable(url, { rules: { size: 7 }, mode: 'online' });
  // Over: Black resigned.
  tables.over = await createTable(url, { rules: { size: 5 }, mode: 'online' });
  for (const key of ['mine', 'theirs', 'over']) {
    const t = tables[key];
    const b = await WsPlayer.join(url, t.table, t.seats.black.token);
    const w = await WsPlayer.join(url, t.table, t.seats.white.token);
    await b.waitFor((m) => m.type === 'info' && m.info.state === 'playing');
    if (key === 'over') await b.act({ type: 'resign' });
    b.close();
    w.close();
  }
});

/// The device's saved seats, as the table pages would have left them (none saw the end).
function seats() {
  const entry = (t, seat, size) => ({ table: t.table, token: t.seats[seat].token, mode: 'online', seat, size, created: Date.now() });
  return [
    entry(tables.over, 'black', 5),
    entry(tables.joining, 'black', 7),
    entry(tables.theirs, 'white', 13),
    entry(tables.mine, 'black', 9),
  ];
}

for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]])
  test(`${name}: your games first, each with its state; the finished one folded away`, async () => {
    const errors = [];
    const ctx = await env.browser.newContext({ viewport, locale: 'en-GB' });
    const page = await ctx.newPage();
    watchErrors(page, errors);
    await page.addInitScript((list) => {
      if (!localStorage.getItem('pg.tables')) localStorage.setItem('pg.tables', JSON.stringify(list));
    }, seats());
    await page.goto(`${env.server.url}/#/`);

    const line = (t) => page.locator('[data-testid="saved-table"]', { has: page.locator(`a[href*="${t.table}"]`) });
    const state = (t) => line(t).locator('[data-testid="saved-state"]');
    await state(tables.mine).filter({ hasText: 'Your turn.' }).waitFor();
    await state(tables.theirs).filter({ hasText: 'Waiting for Black to move.' }).waitFor();
    await state(tables.joining).filter({ hasText: 'Waiting for the other player to join.' }).waitFor();
    assert.equal(await line(tables.mine).locator('.saved-state.mine').count(), 1, 'your turn stands out');
    assert.equal(await line(tables.theirs).locator('.saved-state.mine').count(), 0);

    // The games in play, your turn first; the finished one under its summary, closed.
    const open = await page.locator('[data-testid="saved-open"] > li').evaluateAll((lis) => lis.map((li) => li.dataset.table));
    assert.deepEqual(open.slice(0, 1), [tables.mine.table], 'your turn comes first');
    assert.deepEqual(new Set(open), new Set([tables.mine.table, tables.theirs.table, tables.joining.table]));
    const finished = page.locator('[data-testid="saved-finished"]');
    assert.equal(await finished.locator('summary').innerText(), 'Finished games (1)');
    assert.equal(await finished.evaluate((d) => d.open), false, 'folded away');
    assert.equal(await line(tables.over).isVisible(), false);
    await finished.locator('summary').click();
    await state(tables.over).filter({ hasText: 'You lost against White' }).waitFor();

    // At the top of the page: above what Phantom Go is and the setup form.
    const tops = await page.evaluate(() =>
      ['.saved', '.intro', '.setup'].map((s) => document.querySelector(s).getBoundingClientRect().top));
    assert.ok(tops[0] < tops[1] && tops[0] < tops[2], `the games come first (${tops})`);
    await screenshot(page, `home-saved-${name}`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
