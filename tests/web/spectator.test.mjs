// A spectator's page never holds a hidden stone: not in the DOM, not in any WebSocket frame it
// received, until the end reveals the board. The players are scripted over the real WebSocket.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, WsPlayer, createTable, logText, recordFrames, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

test('a spectator sees only handicap stones and announcements until the end', async () => {
  const errors = [];
  const created = await createTable(env.server.url, { rules: { size: 9, handicap: 2 }, mode: 'online' });
  const black = await WsPlayer.join(env.server.url, created.table, created.seats.black.token);
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  assert.equal(created.info.rules.handicap, 2);

  const ctx = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await ctx.newPage();
  watchErrors(page, errors);
  const frames = recordFrames(page);
  await page.goto(created.watch_url);
  await page.locator('#board').waitFor();
  assert.match(await page.locator('h1').innerText(), /Watching/);
  // The table's public information, kept up to date by the server's info messages: both players
  // are connected, and this page is the one spectator.
  const presence = page.locator('[data-testid="presence"]');
  await presence.filter({ hasText: '1 spectator' }).waitFor();
  assert.match(await presence.innerText(), /Black is connected\s+White is connected/);

  // White moves first with handicap (Black's stones on C3 and G7): hidden stones, and a
  // rejected try on a hidden stone.
  const hidden = [];
  const legal = async (player, point) => {
    const ev = await player.act({ type: 'try', point });
    assert.equal(ev.event.kind, 'stone', `${point} is legal`);
    hidden.push(point);
  };
  await legal(white, 'E5');
  await legal(black, 'D3');
  const rejected = await white.act({ type: 'try', point: 'D3' });
  assert.equal(rejected.event.kind, 'illegal');
  await legal(white, 'D5');
  await black.act({ type: 'mark', point: 'E5', set: true });
  await legal(black, 'F4');
  // The rejected try is folded into the line of White's move.
  await page.locator('[data-testid="log"]').getByText('White moved after 1 rejected try.').waitFor();
  await page.locator('[data-testid="log"] li', { hasText: 'Black moved.' }).nth(1).waitFor();

  // The DOM: only the two handicap stones.
  const stones = await page.locator('#board .shudan-vertex:not(.shudan-sign_0)').evaluateAll((els) => els.map((e) => e.dataset.point));
  assert.equal(stones.length, 2, `only handicap stones: ${stones}`);
  const html = await page.content();
  for (const p of hidden) assert.ok(!stones.includes(p));
  assert.ok(!html.includes('shudan-sign_-1'), 'no white stone in the page');
  assert.ok(!/shudan-(marker_cross|ghost)/.test(html), 'no rejected or guess mark in the page');
  await screenshot(page, 'spectator-desktop');

  // Every frame so far: no hidden point, no private mark.
  const named = (f) => hidden.filter((p) => f.includes(`"${p}"`));
  for (const f of frames.received) {
    assert.deepEqual(named(f), [], `frame names a hidden stone: ${f}`);
    assert.ok(!f.includes('"mark"'), `frame carries a private mark: ${f}`);
  }

  // Two passes: the board is revealed to the spectator.
  await white.act({ type: 'pass' });
  await black.act({ type: 'pass' });
  await page.locator('[data-testid="end"]').waitFor();
  for (const p of hidden) {
    const cls = await page.locator(`#board .shudan-vertex[data-point="${p}"]`).getAttribute('class');
    assert.ok(!cls.includes('shudan-sign_0'), `${p} is revealed`);
  }
  const endAt = frames.received.findIndex((f) => f.includes('"end"'));
  assert.ok(endAt >= 0);
  for (const f of frames.received.slice(0, endAt)) assert.deepEqual(named(f), []);
  assert.match(await logText(page), /The game is over\./);
  assert.deepEqual(errors, []);
  black.close();
  white.close();
  await ctx.close();
});
