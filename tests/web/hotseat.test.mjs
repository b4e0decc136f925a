// Two players on one device: the curtain between turns (while it is down the page holds no
// board and names no point), played with the keyboard only; and a torus table where a capture
// across the seam is played by clicking a wrapped copy in the margin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, createTable, logText, screenshot, tryAt, vertex, watchErrors, serverAndBrowser } from './helpers.mjs';

const env = serverAndBrowser();

/// Records, in every page of `ctx`, whether each curtain's button was disabled when it entered
/// the page (window.__pgCurtainButtons): the delay against a double tap is checked there, where
/// no load on the machine can let it run out before the test looks.
async function watchCurtainButtons(ctx) {
  await ctx.addInitScript(() => {
    window.__pgCurtainButtons = [];
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (!(n instanceof Element)) continue;
          const sel = '[data-testid="curtain"] button';
          const b = n.matches(sel) ? n : n.querySelector(sel);
          if (b) window.__pgCurtainButtons.push(b.disabled);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/// Waits for the curtain naming `player`, checks that it hides everything, and lifts it.
async function throughCurtain(page, player, hiddenPoints, { keyboard = false } = {}) {
  const curtain = page.locator('[data-testid="curtain"]');
  await curtain.locator('h1', { hasText: `${player}'s turn` }).waitFor();
  assert.equal(await page.locator('.shudan-vertex').count(), 0, 'no board behind the curtain');
  assert.equal(await page.locator('.shudan-stone .shudan-inner').count(), 0, 'no stone in the page');
  const html = await page.content();
  for (const p of hiddenPoints) assert.ok(!html.includes(`"${p}"`) && !html.includes(`>${p}<`) && !html.includes(` ${p}`), `the curtain page does not name ${p}`);
  const button = curtain.getByRole('button');
  const entered = await page.evaluate(() => window.__pgCurtainButtons);
  assert.equal(entered.at(-1), true, 'a short delay guards against a double tap');
  await page.waitForFunction(() => !document.querySelector('[data-testid="curtain"] button')?.disabled);
  if (keyboard) {
    // The button takes the focus once it is armed.
    await page.waitForFunction(() => document.activeElement?.matches('[data-testid="curtain"] button'));
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  await page.locator('#board').waitFor();
  // Lifted by keyboard, the focus goes to the board (not back to the page's start).
  if (keyboard) await page.waitForFunction(() => document.activeElement?.id === 'board');
}

async function focusBoardByTab(page) {
  if (await page.evaluate(() => document.activeElement?.id === 'board')) return;
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'board')) return;
  }
  throw new Error('the board is not reachable with Tab');
}

test('a hot-seat game with the curtain, played with the keyboard only', async () => {
  const errors = [];
  const ctx = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  await watchCurtainButtons(ctx);
  const page = await ctx.newPage();
  watchErrors(page, errors);

  // Set up with the keyboard: choose the hot-seat mode and a 5x5 board.
  await page.goto(`${env.server.url}/`);
  await page.locator('input[name="mode"][value="hotseat"]').focus();
  await page.keyboard.press('Space');
  await page.locator('#size').focus();
  await page.locator('#size').selectOption('5');
  await page.getByRole('button', { name: 'Create the table' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/#table=.+&token=.+/);

  // Black: the cursor starts in the centre (C3); Enter tries it.
  await throughCurtain(page, 'Black', [], { keyboard: true });
  await focusBoardByTab(page);
  await page.locator('#pg-cursor-desc', { hasText: 'C3' }).waitFor();
  await page.keyboard.press('Enter'); // tries C3
  // White: ArrowUp from C3 and back; C3 is occupied by Black's hidden stone.
  await throughCurtain(page, 'White', ['C3'], { keyboard: true });
  assert.equal(await page.locator('#board .shudan-sign_1').count(), 0, "White's board has no black stone");
  assert.match(await logText(page), /Black moved\./);
  await focusBoardByTab(page);
  assert.ok((await vertex(page, 'C3').getAttribute('class')).includes('shudan-selected'), 'the cursor is shown');
  await page.keyboard.press('Enter'); // C3: rejected
  await vertex(page, 'C3').and(page.locator('.shudan-marker_cross')).waitFor();
  assert.match(await page.locator('[data-testid="turn"]').innerText(), /Still your turn/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // D4
  // Black sees the news on the curtain, and only their own stone behind it.
  await page.locator('[data-testid="curtain"]').getByText('White moved after 1 rejected try.').waitFor();
  await throughCurtain(page, 'Black', ['D4'], { keyboard: true });
  assert.equal(await page.locator('#board .shudan-sign_-1').count(), 0, "Black's board has no white stone");
  assert.ok((await vertex(page, 'C3').getAttribute('class')).includes('shudan-sign_1'));
  await screenshot(page, 'hotseat-desktop');
  // Black passes with the keyboard: Tab to the Pass button.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.dataset.testid === 'pass')) break;
  }
  await page.keyboard.press('Enter');
  await throughCurtain(page, 'White', ['C3'], { keyboard: true });
  await page.locator('[data-testid="pass"]').focus();
  await page.keyboard.press('Enter');
  // Black has just passed, so this pass ends the game: the page asks first, with the focus on
  // "No"; the answer "Yes" is one Shift-Tab before it.
  await page.locator('[data-testid="pass-confirm"]').waitFor();
  await page.waitForFunction(() => document.activeElement?.innerText === 'No, keep playing');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');

  // Two passes: no curtain at the end, the board is revealed.
  await page.locator('[data-testid="end"]').waitFor();
  assert.equal(await page.locator('[data-testid="curtain"]').count(), 0);
  assert.ok((await page.locator('#board .shudan-vertex[data-point="C3"]').getAttribute('class')).includes('shudan-sign_1'));
  assert.ok((await page.locator('#board .shudan-vertex[data-point="D4"]').getAttribute('class')).includes('shudan-sign_-1'));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('on a torus a capture across the seam is played on a wrapped copy', async () => {
  const errors = [];
  const ctx = await env.browser.newContext({ viewport: PHONE, locale: 'en-GB', isMobile: true, hasTouch: true });
  await watchCurtainButtons(ctx);
  const page = await ctx.newPage();
  watchErrors(page, errors);
  const created = await createTable(env.server.url, { rules: { size: 5, topology: 'torus' }, mode: 'hotseat' });
  await page.goto(created.seats.hotseat.url);

  const moves = [
    ['Black', 'B3'], ['White', 'A3'], ['Black', 'A4'], ['White', 'C1'], ['Black', 'A2'], ['White', 'D1'],
  ];
  for (const [player, point] of moves) {
    await throughCurtain(page, player, []);
    await tryAt(page, point);
  }
  await throughCurtain(page, 'Black', []);
  // E3 is A3's left neighbour across the seam: its copy in the left margin sits next to A3.
  const copy = page.locator('#board .shudan-vertex[data-point="E3"][data-copy="1"]').first();
  await copy.waitFor();
  // Both boxes are read in one frame: the page may still move the board between two separate
  // reads (a status line that changes when an info message arrives).
  const [a3, box] = await page.evaluate(() => {
    const real = document.querySelector('#board .shudan-vertex[data-point="A3"]:not([data-copy="1"])');
    const wrapped = document.querySelector('#board .shudan-vertex[data-point="E3"][data-copy="1"]');
    return [real, wrapped].map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y };
    });
  });
  assert.ok(Math.abs(box.y - a3.y) < 1 && box.x < a3.x, 'the copy of E3 is drawn left of A3');
  await copy.click();
  await page.locator('[data-testid="confirm-play"]').click(); // a touch screen confirms
  await throughCurtain(page, 'White', []);
  assert.match(await logText(page), /White stone captured at A3\./);
  assert.ok((await vertex(page, 'A3').getAttribute('class')).includes('shudan-heat_2'));
  // The margin shows the wrapped copies of the board.
  assert.ok((await page.locator('#board .shudan-vertex[data-copy="1"]').count()) > 0);
  await screenshot(page, 'torus-phone');
  assert.deepEqual(errors, []);
  await ctx.close();
});

for (const [name, viewport, touch] of [['phone', PHONE, { isMobile: true, hasTouch: true }], ['desktop', DESKTOP, {}]])
  test(`${name}: the mover sees the new stone, ringed, before the curtain falls; the curtain then holds no stone`, async () => {
    const errors = [];
    const ctx = await env.browser.newContext({ viewport, locale: 'en-GB', ...touch });
    await watchCurtainButtons(ctx);
    const page = await ctx.newPage();
    watchErrors(page, errors);
    const created = await createTable(env.server.url, { rules: { size: 5 }, mode: 'hotseat' });
    await page.goto(created.seats.hotseat.url);
    const curtain = page.locator('[data-testid="curtain"]');
    const how = touch.hasTouch ? 'tap' : 'click';

    // Black plays C3: Black's own board stays up with the stone ringed, and nothing to play.
    await throughCurtain(page, 'Black', []);
    await tryAt(page, 'C3', how);
    const shown = Date.now();
    await page.locator('[data-testid="hand-over"]').waitFor();
    assert.equal(await curtain.count(), 0, 'no curtain yet');
    const c3 = await vertex(page, 'C3').getAttribute('class');
    assert.ok(c3.includes('shudan-sign_1') && c3.includes('shudan-marker_circle'), `the new stone is shown, ringed (${c3})`);
    assert.equal(await page.locator('#board .shudan-sign_-1').count(), 0, 'no white stone');
    assert.equal(await page.locator('[data-testid="pass"]').count(), 0, 'no controls while handing over');
    await screenshot(page, `hotseat-landing-${name}`);
    // Then the curtain falls by itself, with no board and no stone behind it.
    await curtain.waitFor();
    assert.ok(Date.now() - shown >= 900, `the stone was shown for ${Date.now() - shown} ms`);
    await throughCurtain(page, 'White', ['C3']);

    // White plays D4 and taps "Hand over": the curtain falls at once.
    await tryAt(page, 'D4', how);
    await page.locator('[data-testid="hand-over"]')[how]();
    await curtain.waitFor();
    assert.equal(await page.locator('#board').count(), 0);
    assert.equal(await page.locator('.shudan-stone .shudan-inner').count(), 0, 'no stone on the curtain');
    await throughCurtain(page, 'Black', ['D4']);
    assert.equal(await page.locator('#board .shudan-sign_-1').count(), 0, "Black's board has no white stone");

    // A rejected try is no landing: the mover stays on turn with the board.
    await tryAt(page, 'D4', how);
    await vertex(page, 'D4').and(page.locator('.shudan-marker_cross')).waitFor();
    assert.equal(await page.locator('[data-testid="hand-over"]').count(), 0);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
