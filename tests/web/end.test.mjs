// The end, at 390x844 and 1280x800: a seat reads "You won" or "You lost" first, a spectator the
// result alone; each side's area is shaded on the final board and agrees with the server's score.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, screenshot, watchErrors, serverAndBrowser } from './helpers.mjs';

// One finished 5x5 game: a black wall on column B, a white one on column D, two passes. Each
// side's area is its column and the edge column beside it (10 points); column C is nobody's.
// White wins by komi.
let game;
const env = serverAndBrowser([], async ({ server }) => {
  game = await createTable(server.url, { rules: { size: 5 }, mode: 'online' });
  const b = await WsPlayer.join(server.url, game.table, game.seats.black.token);
  const w = await WsPlayer.join(server.url, game.table, game.seats.white.token);
  for (const row of [1, 2, 3, 4, 5]) {
    await b.act({ type: 'try', point: `B${row}` });
    await w.act({ type: 'try', point: `D${row}` });
  }
  await b.act({ type: 'pass' });
  await w.act({ type: 'pass' });
  b.close();
  w.close();
});
const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];

async function open(viewport) {
  const touch = viewport === PHONE ? { isMobile: true, hasTouch: true } : {};
  const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  return { ctx, page, errors };
}

const painted = (page, sign) => page.locator(`#board .shudan-vertex.shudan-paint_${sign}:not([data-copy="1"])`).evaluateAll((els) => els.map((el) => el.dataset.point).sort());

for (const [size, viewport] of SIZES) {
  test(`the end: "You won" or "You lost" first, then each side's area on the board (${size})`, async () => {
    const { ctx, page, errors } = await open(viewport);
    const record = await (await fetch(`${env.server.url}/api/games/${game.table}`)).json();
    const score = record.reveal.score;
    const result = 'White wins by 7.5 points.';

    await page.goto(game.seats.white.url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').innerText(), 'You won.');
    assert.equal(await page.locator('[data-testid="result"]').innerText(), result);
    assert.equal(await page.locator('[data-testid="turn"]').innerText(), `You won. ${result}`);
    // The area drawn is the server's score: stones plus territory for each side.
    const black = await painted(page, 1);
    const white = await painted(page, -1);
    assert.equal(black.length, score.black_stones + score.black_territory);
    assert.equal(white.length, score.white_stones + score.white_territory);
    assert.deepEqual(black, ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5']);
    assert.deepEqual(white, ['D1', 'D2', 'D3', 'D4', 'D5', 'E1', 'E2', 'E3', 'E4', 'E5']);
    assert.match(await page.locator('[data-testid="area-note"]').innerText(), /area is shaded/);
    await screenshot(page, `end-area-${size}`);

    await page.goto(game.seats.black.url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').innerText(), 'You lost.');
    assert.match(await page.locator('[data-testid="turn"]').innerText(), /^You lost\. White wins/);

    // A spectator is told the result as it is, with nobody's win or loss.
    await page.goto(game.watch_url);
    await page.locator('[data-testid="end"]').waitFor();
    assert.equal(await page.locator('[data-testid="outcome"]').count(), 0);
    assert.equal(await page.locator('[data-testid="turn"]').innerText(), result);
    assert.equal((await painted(page, 1)).length, 10);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
