// The layout, phone first, at 390x844 and at 1280x800: while playing, the status line, the
// clocks, the board and the newest announcement are on the first screen; on a touch screen the
// keyboard hint is gone and Pass and Resign are on the first screen too; mark mode shows on the
// board; at the end the score table is never clipped and the replay's view switcher stays on
// one line, in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, PHONE, WsPlayer, createTable, screenshot, tryAt, vertex, watchErrors, serverAndBrowser } from './helpers.mjs';
import { assertFitsSideways, assertNoSidewaysScroll, assertOnFirstScreen, firstScreenBoxes } from './measure.mjs';

const SIZES = [['phone', PHONE], ['desktop', DESKTOP]];
const LANGS = ['en', 'de', 'it', 'cs', 'tr', 'fi'];
const PLAYING = ['[data-testid="turn"]', '[data-testid="clocks"]', '#board', '[data-testid="latest"]'];

/// A screenshot of the first screen only: what these tests are about. (A full-page capture is
/// also drawn without the touch emulation, so it would show the hint that a phone hides.)
async function firstScreenShot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

let finishedUrl;
const env = serverAndBrowser([], async () => {
  // The widest score there is: 19x19, one black stone, two passes. Black has 1 + 360 = 361.
  const done = await createTable(env.server.url, { rules: { size: 19 }, mode: 'online' });
  const b = await WsPlayer.join(env.server.url, done.table, done.seats.black.token);
  const w = await WsPlayer.join(env.server.url, done.table, done.seats.white.token);
  await b.act({ type: 'try', point: 'K10' });
  await w.act({ type: 'try', point: 'K10' }); // rejected
  await w.act({ type: 'pass' });
  await b.act({ type: 'pass' });
  b.close();
  w.close();
  finishedUrl = done.watch_url;
});

/// A table with a clock where a script holds White and the page opens Black's seat; Black plays
/// C3, White's try there is rejected and White plays B2, so that there is news to show and
/// Black's clock runs (the clocks start once each side has moved).
async function playingPage(contextOptions, rules) {
  const created = await createTable(env.server.url, { rules, mode: 'online', clock: { main_seconds: 600, increment_seconds: 5 } });
  const white = await WsPlayer.join(env.server.url, created.table, created.seats.white.token);
  const ctx = await env.browser.newContext({ locale: 'en-US', ...contextOptions });
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(created.seats.black.url);
  await page.locator('[data-testid="clocks"]').waitFor();
  await page.locator('[data-testid="turn"]', { hasText: 'Your turn' }).waitFor();
  await tryAt(page, 'C3');
  await page.locator('[data-testid="turn"]', { hasText: 'White to play' }).waitFor();
  assert.equal((await white.act({ type: 'try', point: 'C3' })).event.kind, 'illegal');
  await page.locator('[data-testid="latest"]', { hasText: "White's try was rejected." }).waitFor();
  assert.equal((await white.act({ type: 'try', point: 'B2' })).event.kind, 'stone');
  await page.locator('[data-testid="latest"]', { hasText: 'White moved after 1 rejected try' }).waitFor();
  await page.locator('[data-testid="clock-black"].running').waitFor();
  return { page, ctx, errors, white };
}

for (const [name, viewport] of SIZES)
  for (const rules of [{ size: 9 }, { size: 19, topology: 'torus' }]) {
    const board = `${rules.size}x${rules.size}${rules.topology ? ' torus' : ''}`;
    test(`${name}, ${board}: the status line, the clocks, the board and the news are on the first screen`, async () => {
      const { page, ctx, errors, white } = await playingPage({ viewport }, rules);
      await assertOnFirstScreen(page, viewport, PLAYING, `${name} ${board}`);
      await assertNoSidewaysScroll(page, `${name} ${board}`);
      await assertFitsSideways(page, '.board-column', `${name} ${board}`);
      // The clocks are above the board, and the news right under it.
      const boxes = await firstScreenBoxes(page, PLAYING);
      assert.ok(boxes['[data-testid="clocks"]'].bottom <= boxes['#board'].top);
      const gap = boxes['[data-testid="latest"]'].top - boxes['#board'].bottom;
      assert.ok(gap >= 0 && gap < 24, `the news is right under the board (${gap} px)`);
      await firstScreenShot(page, `layout-playing-${rules.size}-${name}`);
      assert.deepEqual(errors, []);
      white.close();
      await ctx.close();
    });
  }

test('on a touch screen: no keyboard hint, Pass and Resign on the first screen, mark mode on the board', async () => {
  const { page, ctx, errors, white } = await playingPage({ viewport: PHONE, isMobile: true, hasTouch: true }, { size: 9 });
  assert.equal(await page.locator('[data-testid="keys"]').isVisible(), false, 'the keyboard and mouse hint is hidden');
  const controls = ['[data-testid="pass"]', '[data-testid="resign"]', '[data-testid="mark-mode"]'];
  await assertOnFirstScreen(page, PHONE, [...PLAYING, ...controls], 'touch');

  // Mark mode: the board says so, on its top edge, on the first screen.
  await page.locator('[data-testid="mark-mode"]').tap();
  const badge = page.locator('#board.pg-marking [data-testid="marking-badge"]');
  await badge.waitFor();
  assert.equal(await badge.innerText(), 'Mark mode: taps set guess marks');
  const boxes = await assertOnFirstScreen(page, PHONE, ['#board', '[data-testid="marking-badge"]'], 'mark mode');
  const [b, m] = [boxes['#board'], boxes['[data-testid="marking-badge"]']];
  assert.ok(m.left >= b.left && m.right <= b.right && m.top < b.top + 20, 'the badge sits on the board');
  assert.match(await page.locator('#board').getAttribute('aria-label'), /Mark mode/);
  // The dashed frame is drawn over the board.
  const frame = await page.locator('#board').evaluate((el) => getComputedStyle(el, '::after').borderTopStyle);
  assert.equal(frame, 'dashed');
  await firstScreenShot(page, 'layout-mark-mode-phone');
  // A tap marks (a white guess on Black's board), and mode off takes the state away.
  await vertex(page, 'E5').tap();
  await page.locator('#board .shudan-vertex[data-point="E5"].shudan-ghost_-1').waitFor();
  await page.locator('[data-testid="mark-mode"]').tap();
  await badge.waitFor({ state: 'detached' });
  assert.equal(await page.locator('#board.pg-marking').count(), 0);
  assert.deepEqual(errors, []);
  white.close();
  await ctx.close();
});

for (const [name, viewport] of SIZES)
  test(`${name}, with a mouse: the keyboard and mouse hint is shown`, async () => {
    const { page, ctx, errors, white } = await playingPage({ viewport }, { size: 9 });
    assert.equal(await page.locator('[data-testid="keys"]').isVisible(), true);
    assert.deepEqual(errors, []);
    white.close();
    await ctx.close();
  });

for (const lang of LANGS)
  test(`${lang}: at the end the score table is not clipped and the replay's views share one line, at 390 and 1280 px`, async () => {
    const errors = [];
    const ctx = await env.browser.newContext({ viewport: PHONE, locale: lang });
    const page = await ctx.newPage();
    watchErrors(page, errors, lang);
    await page.goto(finishedUrl);
    for (const [name, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.locator('[data-testid="score"]').waitFor();
      await page.locator('[data-testid="replay-view"]').waitFor();
      const what = `${lang} ${name}`;
      const m = await page.evaluate(() => {
        const contentRight = (el) => {
          const cs = getComputedStyle(el);
          return el.getBoundingClientRect().right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth);
        };
        const table = document.querySelector('[data-testid="score"]');
        const scroller = table.closest('.table-scroll');
        const rows = [...table.rows].map((r) => r.cells[r.cells.length - 1].getBoundingClientRect().right);
        const labels = [...document.querySelectorAll('[data-testid="replay-view"] label')].map((l) => {
          const r = l.getBoundingClientRect();
          const cs = getComputedStyle(l);
          return { top: r.top, right: r.right, text: r.height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom), line: parseFloat(cs.lineHeight) };
        });
        return {
          scroll: scroller.scrollWidth,
          client: scroller.clientWidth,
          scrollerRight: scroller.getBoundingClientRect().right,
          endRight: contentRight(table.closest('.card')),
          rows,
          labels,
          replayRight: contentRight(document.querySelector('[data-testid="replay"]')),
          width: window.innerWidth,
        };
      });
      assert.ok(m.scroll <= m.client, `${what}: the score table needs ${m.scroll} px in ${m.client} px`);
      assert.equal(m.rows.length, 3);
      for (const right of m.rows) {
        const edge = Math.min(m.scrollerRight, m.endRight, m.width);
        assert.ok(right <= edge + 0.5, `${what}: the last column ends at ${right}, its box at ${edge}`);
      }
      assert.equal(m.labels.length, 3);
      for (const l of m.labels) {
        assert.ok(Math.abs(l.top - m.labels[0].top) < 1, `${what}: the replay's views share one line`);
        assert.ok(l.text < 1.5 * l.line, `${what}: a replay view's label is one line of text`);
        assert.ok(l.right <= m.replayRight + 0.5, `${what}: the replay's views fit in the card`);
      }
      await assertNoSidewaysScroll(page, what);
      await assertFitsSideways(page, '.board-column', what);
      await assertFitsSideways(page, '.replay-board', what);
      await screenshot(page, `layout-end-${lang}-${name}`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
