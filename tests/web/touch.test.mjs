// Move confirmation and the zoomed board. On a touch screen, and on boards above 9x9, a first tap
// on a point puts a ghost stone there and sends nothing; a second tap on it, or "Play", sends the
// try; a tap elsewhere moves the ghost. A switch turns it on or off and is remembered. On a phone
// a 19x19 board zooms to points of at least 28 px in a box that scrolls both ways, and a far
// corner can be tried there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, WsPlayer, createTable, recordFrames, screenshot, vertex, watchErrors, serverAndBrowser } from './helpers.mjs';
import { assertNoSidewaysScroll } from './measure.mjs';

const env = serverAndBrowser();
const TOUCH = { isMobile: true, hasTouch: true };

/// An online table of `size` whose Black seat is a page of `contextOptions` and White a scripted
/// player, with the game started; `frames` records the page's WebSocket frames.
async function blackPage(contextOptions, size) {
  const created = await createTable(env.server.url, { rules: { size }, mode: 'online' });
  const ctx = await env.browser.newContext({ locale: 'en-US', ...contextOptions });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  const frames = recordFrames(page);
  await page.goto(created.seats.black.url);
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  return { created, ctx, page, errors, frames, white };
}

const tries = (frames) => frames.sent.map((f) => JSON.parse(f)).filter((m) => m.type === 'try');
/// The number of turns played, as the server says (its public info).
const turns = async (table) => (await (await fetch(`${env.server.url}/api/tables/${table}`)).json()).turn;
const ghost = (page, point) => page.locator(`#board .shudan-vertex[data-point="${point}"].shudan-ghost_good`);
const switchOn = async (page) => (await page.locator('[data-testid="confirm-moves"]').getAttribute('aria-pressed')) === 'true';

test('phone, touch: a first tap shows a ghost and sends nothing, a tap elsewhere moves it, a second tap plays', async () => {
  const { created, ctx, page, errors, frames, white } = await blackPage({ viewport: PHONE, ...TOUCH }, 9);
  assert.equal(await switchOn(page), true, 'on by default on a touch screen');
  await vertex(page, 'C3').tap();
  await ghost(page, 'C3').waitFor();
  assert.equal(await page.locator('[data-testid="confirm-play"]').innerText(), 'Play C3');
  await vertex(page, 'D4').tap();
  await ghost(page, 'D4').waitFor();
  assert.equal(await ghost(page, 'C3').count(), 0, 'the ghost moved');
  assert.equal(await page.locator('[data-testid="confirm-play"]').innerText(), 'Play D4');
  await screenshot(page, 'touch-ghost-phone');
  assert.deepEqual(tries(frames), [], 'no try was sent');
  assert.equal(await turns(created.table), 0, 'the server has no move');
  assert.equal(await page.locator('#board .shudan-sign_1').count(), 0);

  await vertex(page, 'D4').tap();
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.deepEqual(tries(frames).map((m) => m.point), ['D4']);
  assert.ok((await vertex(page, 'D4').getAttribute('class')).includes('shudan-sign_1'));
  assert.equal(await page.locator('#board .shudan-ghost_good').count(), 0, 'no ghost after the move');
  assert.equal(await turns(created.table), 1);

  // The "Play" button plays the ghost too.
  await white.act({ type: 'try', point: 'A1' });
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  await vertex(page, 'E5').tap();
  await page.locator('[data-testid="confirm-play"]', { hasText: 'Play E5' }).tap();
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.deepEqual(tries(frames).map((m) => m.point), ['D4', 'E5']);
  assert.deepEqual(errors, []);
  white.close();
  await ctx.close();
});

test('desktop, 9x9: a click plays at once; the switch turns confirmation on, for the keyboard too, and is remembered', async () => {
  const { created, ctx, page, errors, frames, white } = await blackPage({ viewport: DESKTOP }, 9);
  assert.equal(await switchOn(page), false, 'off by default with a mouse on 9x9');
  assert.equal(await page.locator('[data-testid="zoom"]').count(), 0, 'no zoom where the points are large enough');
  await vertex(page, 'C3').click();
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.deepEqual(tries(frames).map((m) => m.point), ['C3']);
  await white.act({ type: 'try', point: 'A1' });
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();

  await page.locator('[data-testid="confirm-moves"]').click();
  await page.reload();
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn.' }).waitFor();
  assert.equal(await switchOn(page), true, 'the choice is kept');
  await vertex(page, 'G7').click();
  await ghost(page, 'G7').waitFor();
  assert.equal(await turns(created.table), 2);
  // The keyboard: Enter on the cursor shows the ghost, a second Enter plays it.
  await page.locator('#board').focus();
  await page.locator('#board').press('ArrowRight');
  await page.locator('#pg-cursor-desc', { hasText: 'H7' }).waitFor();
  await page.locator('#board').press('Enter');
  await ghost(page, 'H7').waitFor();
  assert.equal(await turns(created.table), 2, 'Enter once sends nothing');
  await page.locator('#board').press('Enter');
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.deepEqual(tries(frames).map((m) => m.point), ['C3', 'H7']);
  assert.equal(await turns(created.table), 3);
  assert.deepEqual(errors, []);
  white.close();
  await ctx.close();
});

test('desktop, 19x19: confirmation is on by default; the first click sends nothing, the second plays', async () => {
  const { created, ctx, page, errors, frames, white } = await blackPage({ viewport: DESKTOP }, 19);
  assert.equal(await switchOn(page), true, 'on by default above 9x9');
  await vertex(page, 'K10').click();
  await ghost(page, 'K10').waitFor();
  assert.deepEqual(tries(frames), []);
  assert.equal(await turns(created.table), 0);
  await vertex(page, 'K10').click();
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.deepEqual(tries(frames).map((m) => m.point), ['K10']);
  assert.equal(await turns(created.table), 1);
  assert.deepEqual(errors, []);
  white.close();
  await ctx.close();
});

/// Every vertex's drawn size on the page's board: [smallest width, smallest height].
const smallestVertex = (page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll('#board .shudan-vertex')].map((el) => el.getBoundingClientRect());
    return [Math.min(...boxes.map((b) => b.width)), Math.min(...boxes.map((b) => b.height)), boxes.length];
  });

test('phone, 19x19: the zoomed board has points of 28 px or more, scrolls both ways, and T19 can be played', async () => {
  const { created, ctx, page, errors, frames, white } = await blackPage({ viewport: PHONE, ...TOUCH }, 19);
  const [w0] = await smallestVertex(page);
  assert.ok(w0 < 28, `unzoomed, a point is ${w0} px`);
  await page.locator('[data-testid="zoom"]').tap();
  await page.locator('[data-testid="zoom"][aria-pressed="true"]').waitFor();
  await page.locator('.board-zoom #board').waitFor();
  const [w, h, n] = await smallestVertex(page);
  assert.equal(n, 361);
  assert.ok(w >= 28 && h >= 28, `zoomed, every point is at least 28 px (${w} x ${h})`);
  const box = await page.locator('[data-testid="board-box"]').evaluate((el) => ({
    sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight, overflow: getComputedStyle(el).overflow,
  }));
  assert.ok(box.sw > box.cw && box.sh > box.ch, `the board's box scrolls both ways (${JSON.stringify(box)})`);
  await assertNoSidewaysScroll(page, 'zoomed 19x19');

  // The far corner: a tap shows the ghost there, a second tap plays it.
  await vertex(page, 'T19').tap();
  await ghost(page, 'T19').waitFor();
  assert.deepEqual(tries(frames), []);
  await screenshot(page, 'touch-zoom-phone');
  await vertex(page, 'T19').tap();
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.ok((await vertex(page, 'T19').getAttribute('class')).includes('shudan-sign_1'));
  assert.deepEqual(tries(frames).map((m) => m.point), ['T19']);
  assert.equal(await turns(created.table), 1);
  // Still zoomed after the move.
  assert.ok((await smallestVertex(page))[0] >= 28);
  assert.deepEqual(errors, []);
  white.close();
  await ctx.close();
});

test('phone, hot seat 19x19: the zoom stays on across the curtain', async () => {
  const created = await createTable(env.server.url, { rules: { size: 19 }, mode: 'hotseat' });
  const ctx = await env.browser.newContext({ locale: 'en-US', viewport: PHONE, ...TOUCH });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(created.seats.hotseat.url);
  const lift = async () => {
    await page.waitForFunction(() => document.querySelector('[data-testid="curtain"] button')?.disabled === false);
    await page.locator('[data-testid="curtain"] button').tap();
    await page.locator('#board').waitFor();
  };
  await lift();
  await page.locator('[data-testid="zoom"]').tap();
  await page.locator('.board-zoom #board').waitFor();
  await vertex(page, 'A1').tap();
  await vertex(page, 'A1').tap();
  await page.locator('[data-testid="hand-over"]').tap();
  await page.locator('[data-testid="curtain"]').waitFor();
  await lift();
  assert.equal(await page.locator('[data-testid="zoom"]').getAttribute('aria-pressed'), 'true');
  assert.ok((await smallestVertex(page))[0] >= 28, "White's board is zoomed too");
  assert.deepEqual(errors, []);
  await ctx.close();
});
